// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discoverableLinksHydrated, HOLD_LIMIT_MS, holdRouteDiscoveryUntilHydrated } from './route-discovery';

const MANIFEST = '/__manifest?paths=%2Fsr%2Fabout&version=1';
const originalFetch = window.fetch;
let sent: string[];
let end: () => void;

/** Marks a link as React marks the nodes it has hydrated. */
function hydrate(link: Element) {
  Object.assign(link, { '__reactFiber$test': {} });
}

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  window.fetch = vi.fn(async (input: RequestInfo | URL) => {
    sent.push(String(input));
    return new Response('{"patched":true}', { headers: { 'content-type': 'application/json' } });
  });
  document.body.innerHTML = '<a href="/sr/about" data-discover="true">About</a><a href="/sr/saved" data-discover="true">Saved</a>';
  end = holdRouteDiscoveryUntilHydrated();
});

afterEach(() => {
  end();
  window.fetch = originalFetch;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('route discovery while the page hydrates', () => {
  it('waits until every link it names has hydrated, then is sent', async () => {
    const answer = window.fetch(MANIFEST, { signal: undefined });
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual([]);

    document.querySelectorAll('a').forEach(hydrate);
    expect(discoverableLinksHydrated()).toBe(true);
    await vi.advanceTimersByTimeAsync(600);
    expect(sent).toEqual([MANIFEST]);
    await expect((await answer).json()).resolves.toEqual({ patched: true });
  });

  it('lets a navigation’s discovery and every other call through at once', async () => {
    await window.fetch(MANIFEST, { signal: new AbortController().signal });
    await window.fetch('/api/v1/users/is_logged_in');
    expect(sent).toEqual([MANIFEST, '/api/v1/users/is_logged_in']);
  });

  it('sends the same request asked twice while held once, and each caller reads its answer', async () => {
    const first = window.fetch(MANIFEST);
    const second = window.fetch(MANIFEST);
    end();
    const bodies = await Promise.all([first, second].map(async (answer) => (await answer).json()));
    expect(sent).toEqual([MANIFEST]);
    expect(bodies).toEqual([{ patched: true }, { patched: true }]);
  });

  it('ends at the reader’s first press', async () => {
    const answer = window.fetch(MANIFEST);
    window.dispatchEvent(new Event('pointerdown'));
    await answer;
    expect(sent).toEqual([MANIFEST]);
    // Once ended, nothing waits any more.
    await window.fetch(`${MANIFEST}&again=1`);
    expect(sent).toHaveLength(2);
  });

  it('ends after its limit when a link never hydrates', async () => {
    hydrate(document.querySelector('a')!);
    const answer = window.fetch(MANIFEST);
    await vi.advanceTimersByTimeAsync(HOLD_LIMIT_MS - 1000);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1600);
    await answer;
    expect(sent).toEqual([MANIFEST]);
  });
});
