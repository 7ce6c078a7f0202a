import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '../../shared/constants';
import { DEFAULT_LOCALE, INTL_LOCALE } from '../../shared/locales';
import { ZONED_PARTS_LOCALE, ZONED_PARTS_OPTIONS } from '../../shared/zoned-time';
import { EVENT_DATE_OPTIONS } from './format';

/**
 * What the browser runs before the app's own scripts start: the page's first pictures (the ones it fetches
 * at high priority) are in and decoded, and a frame has painted them; at the latest after three seconds, so
 * that a picture that never arrives cannot keep the page from hydrating. A page without such pictures
 * waits for one frame only.
 */
const AFTER_FIRST_PAINT =
  'await new Promise((go)=>{setTimeout(go,3000);' +
  "Promise.all([...document.querySelectorAll('img[fetchpriority=high]')].map((img)=>img.decode().catch(()=>{})))" +
  '.then(()=>requestAnimationFrame(()=>setTimeout(go)))});';

/**
 * What a worker builds at once, off the main thread: the formatters a first screen builds (a card's date
 * and time, lib/format.ts; a price; the zone's wall clock, shared/zoned-time.ts), with their own options. Chromium spends 30–100 ms on a
 * page's first `Intl.DateTimeFormat` or `Intl.NumberFormat`, whatever the locale or options (several times
 * that on a phone), loading ICU's data; ICU keeps it for the whole renderer process, so once a worker has
 * paid for it the page's own first formatter takes 1–8 ms instead of lengthening a hydration task.
 */
const WARM_INTL_WORKER =
  `const Z=${JSON.stringify(DEFAULT_TIME_ZONE)};` +
  `new Intl.DateTimeFormat(L,{...${JSON.stringify(EVENT_DATE_OPTIONS)},timeZone:Z}).format(0);` +
  `new Intl.DateTimeFormat(${JSON.stringify(ZONED_PARTS_LOCALE)},{...${JSON.stringify(ZONED_PARTS_OPTIONS)},timeZone:Z}).formatToParts(0);` +
  `new Intl.NumberFormat(L,{style:'currency',currency:${JSON.stringify(DEFAULT_CURRENCY)}}).format(0);close()`;

/**
 * Starts that worker (CSP: worker-src blob:) with the page's language as L, in a task of its own (starting a
 * worker costs the main thread a few milliseconds); nothing if workers are refused.
 */
const WARM_INTL =
  `setTimeout(()=>{try{const l=${JSON.stringify(INTL_LOCALE)}[document.documentElement.lang]||${JSON.stringify(INTL_LOCALE[DEFAULT_LOCALE])};` +
  `new Worker(URL.createObjectURL(new Blob(["const L="+JSON.stringify(l)+";"+${JSON.stringify(WARM_INTL_WORKER)}],{type:"text/javascript"})))}catch{}});`;

/** How the rewritten module starts its preload list: `deferredPreloads` reads the list back from there. */
const PRELOADS_FROM = 'const preloads=';

/**
 * Preload links added per task. Each added `modulepreload` link starts its fetch at once, and 38 of them in
 * one go (a category page) took 24–79 ms of the main thread at a phone's speed (4× slowed Chromium): a long
 * task just as the page becomes interactive. The first eight (the entry, the libraries, the app, the
 * routes' own chunks) go at once and the route modules are imported in the same task, as before; each
 * further eight in a timer task of its own, which keeps every task under about 20 ms. (Awaiting each
 * group instead put the imports behind them, and the modules, fetched by then, were evaluated inside the
 * last timer task: a longer task than before.)
 */
const PRELOADS_PER_TASK = 8;

/** The rewritten module's preloads: the first group now, a timer task for each further one. */
const PRELOAD_GROUPS =
  `const preload=(i)=>document.head.append(...preloads.slice(i,i+${PRELOADS_PER_TASK}).map((href)=>Object.assign(document.createElement('link'),{rel:'modulepreload',href})));` +
  `preload(0);for(let i=${PRELOADS_PER_TASK};i<preloads.length;i+=${PRELOADS_PER_TASK})setTimeout(preload,0,i);`;

/**
 * The page's scripts are fetched only once its first pictures have painted. A page is whole without them
 * (its content, links and forms work before hydration, DESIGN §5), so on a slow connection the HTML and
 * the first pictures get the whole connection, and the scripts follow. Fetched at once (even at low
 * priority), the 30-odd chunks a page preloads from its head shared the connection with the first
 * picture, and its largest paint waited for them on a slow phone (and in Lighthouse's simulation of one).
 *
 * React Router names the scripts in two places, both rewritten here: the `modulepreload` links of the head
 * (taken out, and added back by the page once it has painted, so the chunks still arrive in parallel) and
 * the inline module that imports the route modules statically before it imports the entry (made dynamic,
 * behind the wait). If React Router's markup changes, the page is left as React Router wrote it, scripts
 * at once: `tests/e2e/first-load.spec.ts` fails then. (Called by entry.server.tsx on every rendered page.)
 */
export function scriptsAfterFirstPaint(html: string): string {
  const module = html.match(/(<script type="module"[^>]*>);?\n?((?:import \* as \w+ from "[^"]+";\n?)+)([\s\S]*?)<\/script>/);
  if (!module) return html;
  const [whole, open, imports, rest] = module as unknown as [string, string, string, string];
  const routes = [...imports.matchAll(/import \* as (\w+) from "([^"]+)";/g)].map(([, name, url]) => ({ name, url }));
  const preloads: string[] = [];
  const withoutPreloads = html.replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, (_link, href: string) => {
    preloads.push(href);
    return '';
  });
  const script =
    open +
    WARM_INTL +
    AFTER_FIRST_PAINT +
    `${PRELOADS_FROM}${JSON.stringify(preloads)};${PRELOAD_GROUPS}` +
    `const [${routes.map((route) => route.name).join(',')}]=await Promise.all([${routes.map((route) => `import(${JSON.stringify(route.url)})`).join(',')}]);` +
    rest +
    '</script>';
  return withoutPreloads.replace(whole, () => script);
}


/**
 * The chunks a rewritten page preloads once it has painted: what its head named before (the first-load
 * budget of decision 0005 counts them, bench/server.ts `namedScripts`).
 */
export function deferredPreloads(html: string): string[] {
  const start = html.indexOf(PRELOADS_FROM);
  if (start < 0) return [];
  const list = html.slice(start + PRELOADS_FROM.length, html.indexOf(']', start) + 1);
  return JSON.parse(list) as string[];
}
