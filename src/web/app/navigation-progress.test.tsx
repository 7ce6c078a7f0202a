// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test-support/render';
import { preloadProgressBar, ProgressBar } from './navigation-progress';

// In the app the bar's chunk arrives while the page is idle; here, once, before the tests.
beforeAll(() => preloadProgressBar());
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A wait the test ends with a button, as a navigation ends when its data arrives. */
function Wait() {
  const [busy, setBusy] = useState(true);
  return (
    <>
      <ProgressBar busy={busy} />
      <button type="button" onClick={() => setBusy(false)}>
        arrived
      </button>
    </>
  );
}

// The bar's code loads on its own (lazily, once a wait begins): what the timers set off is awaited.
const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

describe('the navigation progress bar', () => {
  it('appears only once a wait has lasted 200 ms, named in the reader’s language, and goes when the wait ends', async () => {
    renderAt(<Wait />, { locale: 'uk' });
    await advance(199);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await advance(1);
    expect(screen.getByRole('progressbar', { name: 'Сторінка завантажується' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'arrived' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never appears for a wait shorter than 200 ms', async () => {
    renderAt(<Wait />);
    await advance(150);
    fireEvent.click(screen.getByRole('button', { name: 'arrived' }));
    await advance(1000);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
