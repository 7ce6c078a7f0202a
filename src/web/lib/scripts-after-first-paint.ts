import { DEFAULT_TIME_ZONE } from '../../shared/constants';

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
 * Started while the scripts download: the page's first date formatter. Chromium prepares ICU's date
 * formatting when a page builds its first `Intl.DateTimeFormat`, whatever the locale and zone: 14–40 ms
 * on a fast machine, several times that on a phone, once per page (every later one takes under 1 ms).
 * Built by the first card React hydrates, that time lengthened a hydration task; built here, it falls in
 * the wait for the network instead. The app's zone, so its data is read then too.
 */
const WARM_DATE_FORMATTING = `setTimeout(()=>new Intl.DateTimeFormat(document.documentElement.lang||undefined,{timeZone:${JSON.stringify(DEFAULT_TIME_ZONE)},hour:'numeric'}).format(0));`;

/** How the rewritten module starts its preload loop: `deferredPreloads` reads the list back from there. */
const PRELOADS_FROM = 'for(const href of ';

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
    AFTER_FIRST_PAINT +
    `${PRELOADS_FROM}${JSON.stringify(preloads)})document.head.append(Object.assign(document.createElement('link'),{rel:'modulepreload',href}));` +
    WARM_DATE_FORMATTING +
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
