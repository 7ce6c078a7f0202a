// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test-support/render';
import { ProgressBar } from './navigation-progress';

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

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the navigation progress bar', () => {
  it('appears only once a wait has lasted 200 ms, named in the reader’s language, and goes when the wait ends', () => {
    renderAt(<Wait />, { locale: 'uk' });
    advance(199);
    expect(screen.queryByRole('progressbar')).toBeNull();
    advance(1);
    expect(screen.getByRole('progressbar', { name: 'Сторінка завантажується' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'arrived' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never appears for a wait shorter than 200 ms', () => {
    renderAt(<Wait />);
    advance(150);
    fireEvent.click(screen.getByRole('button', { name: 'arrived' }));
    advance(1000);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
