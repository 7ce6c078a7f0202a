// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

// React's act() warns unless the test environment says it is one.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useHydrated', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  it('is false on the server and while hydrating, and turns true in a deferred render, not in the urgent one', async () => {
    const seen: boolean[] = [];
    function Probe() {
      const hydrated = useHydrated();
      seen.push(hydrated);
      return <p>{hydrated ? 'live' : 'server'}</p>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    expect(seen).toEqual([false]);
    expect(container.textContent).toBe('server');

    seen.length = 0;
    await act(async () => {
      root = hydrateRoot(container, <Probe />);
    });
    // Hydration (false, as the server drew it), React's synchronous pass for the store (still false, so it
    // draws nothing new), then the deferred pass that shows what the browser adds.
    expect(seen).toEqual([false, false, true]);
    expect(container.textContent).toBe('live');
  });
});
