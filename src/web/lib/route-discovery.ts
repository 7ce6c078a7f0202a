/**
 * React Router finds the routes behind the page's links as soon as the page starts (its "eager route
 * discovery": one /__manifest request for every `a[data-discover]` in the document), and its answer
 * re-renders the whole tree. Arriving while the page's Suspense boundaries are still hydrating (the home
 * page's rows, a listing's card chunks), that re-render reaches each boundary not yet hydrated: React stops,
 * hydrates that one boundary, and starts the whole render again, once per boundary. Traced on the home page
 * at 4× CPU throttle: 31 React commits instead of 13, and renders thrown away that took longer than the
 * hydration itself (docs/performance.md, "29 November 2026, night").
 *
 * So the eager request waits until every link it names has hydrated, or the reader first presses a key or
 * a pointer, or HOLD_LIMIT_MS have passed, whichever is first. Only that request waits: the one React Router
 * makes for a navigation (it carries the navigation's abort signal) goes at once, as does every other call.
 * Nothing is dropped: a held request is sent when the hold ends, and the same request asked twice while
 * held is sent once.
 */

/** The longest a discovery request waits: a link that never hydrates (its part failed to load) ends it. */
export const HOLD_LIMIT_MS = 10_000;

/** How often the links are looked at again while some are not hydrated (an idle callback, at the latest). */
const CHECK_EVERY_MS = 500;

/** React's own key on a DOM node it has hydrated (its instance key, which React DevTools also read). */
const REACT_INSTANCE_KEY = '__reactFiber$';

function hydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith(REACT_INSTANCE_KEY));
}

/** Whether every element React Router's discovery reads has hydrated. */
export function discoverableLinksHydrated(root: ParentNode = document): boolean {
  return Array.from(root.querySelectorAll('a[data-discover], form[data-discover]')).every(hydrated);
}

function requestUrl(input: RequestInfo | URL): URL {
  return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
}

/**
 * Installs the hold on `window.fetch` (entry.client.tsx, before hydrating). `manifestPath` is React Router's
 * discovery path (its default). Returns a function that ends the hold, for tests.
 */
export function holdRouteDiscoveryUntilHydrated(manifestPath = '/__manifest'): () => void {
  const send = window.fetch.bind(window);
  let holding = true;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Map<string, Promise<Response>>();
  const started = Date.now();
  let timer: number | undefined;

  const end = () => {
    if (!holding) return;
    holding = false;
    window.clearTimeout(timer);
    for (const type of INPUTS) window.removeEventListener(type, end, true);
    release();
  };
  const check = () => {
    if (!holding) return;
    if (discoverableLinksHydrated() || Date.now() - started >= HOLD_LIMIT_MS) end();
    else timer = window.setTimeout(() => whenIdle(check), CHECK_EVERY_MS);
  };
  const INPUTS = ['pointerdown', 'keydown'] as const;
  for (const type of INPUTS) window.addEventListener(type, end, { capture: true, passive: true });
  timer = window.setTimeout(() => whenIdle(check), CHECK_EVERY_MS);

  window.fetch = (input, init) => {
    if (!holding || init?.signal || requestUrl(input).pathname !== manifestPath) return send(input, init);
    const key = requestUrl(input).href;
    let response = held.get(key);
    if (!response) {
      response = released.then(() => send(input, init));
      held.set(key, response);
    }
    // Each caller reads a body of its own.
    return response.then((answer) => answer.clone());
  };
  return end;
}

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: CHECK_EVERY_MS });
  else task();
}
