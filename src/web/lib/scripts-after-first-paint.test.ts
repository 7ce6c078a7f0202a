import { describe, expect, it, vi } from 'vitest';
import { INTL_LOCALE } from '../../shared/locales';
import { deferredPreloads, scriptsAfterFirstPaint } from './scripts-after-first-paint';

/** What React Router 7 writes for a page's scripts (its head preloads and its inline module), shortened. */
const page = [
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/start-libs-B.js"/><link rel="modulepreload" href="/assets/home-C.js"/>',
  '<title>Kuda</title></head><body><main>…</main>',
  '<script>window.__reactRouterContext = {};</script>',
  '<script type="module" async="" nonce="n1">;\nimport * as route0 from "/assets/root-D.js";\nimport * as route1 from "/assets/home-C.js";\n',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-A.js");</script>',
  '</body></html>',
].join('');

describe('scriptsAfterFirstPaint', () => {
  const html = scriptsAfterFirstPaint(page);
  const module = html.match(/<script type="module"[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? '';

  it('takes the preloads out of the head and fetches nothing statically', () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(module).not.toMatch(/^\s*;?\s*import\s/m);
    expect(html).toContain('<title>Kuda</title></head>');
  });

  it('waits for the first pictures to be painted, then preloads the same chunks and imports the routes before the entry', () => {
    expect(html).toContain('<script type="module" async="" nonce="n1">setTimeout(()=>{try{');
    expect(module).toContain('}catch{}});await new Promise(');
    expect(module.indexOf("querySelectorAll('img[fetchpriority=high]')")).toBeGreaterThan(0);
    expect(module).toContain('const preloads=["/assets/entry.client-A.js","/assets/start-libs-B.js","/assets/home-C.js"];');
    expect(deferredPreloads(html)).toEqual(['/assets/entry.client-A.js', '/assets/start-libs-B.js', '/assets/home-C.js']);
    expect(module).toContain('const [route0,route1]=await Promise.all([import("/assets/root-D.js"),import("/assets/home-C.js")]);');
    const routesAt = module.indexOf('await Promise.all([import(');
    expect(routesAt).toBeGreaterThan(module.indexOf('const preloads='));
    expect(module.indexOf('window.__reactRouterRouteModules')).toBeGreaterThan(routesAt);
    expect(module.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
  });

  it('adds the preload links eight per task, the first eight at once, in the order the head named them, before the imports', async () => {
    const chunks = Array.from({ length: 19 }, (_, index) => `/assets/chunk-${index}.js`);
    const many = scriptsAfterFirstPaint(
      page.replace('<title>', `${chunks.map((href) => `<link rel="modulepreload" href="${href}"/>`).join('')}<title>`),
    );
    const named = deferredPreloads(many);
    expect(named).toHaveLength(22);
    // The page's own code, run over a stand-in document: each append is one group of links.
    const loop = many.slice(many.indexOf('const preloads='), many.indexOf('const [route0'));
    const groups: string[][] = [];
    const document = {
      head: { append: (...links: { rel: string; href: string }[]) => groups.push(links.map((link) => `${link.rel} ${link.href}`)) },
      createElement: () => ({}),
    };
    new Function('document', loop)(document);
    expect(groups).toEqual([named.slice(0, 8).map((href) => `modulepreload ${href}`)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(groups.map((group) => group.length)).toEqual([8, 8, 6]);
    expect(groups.flat()).toEqual(named.map((href) => `modulepreload ${href}`));
    // The imports start in the first group's task, not behind the timers.
    expect(loop.indexOf('await')).toBe(-1);
  });

  it('first starts a worker that builds the formatters a first screen needs, in the page’s language', () => {
    expect(module.indexOf('new Worker(')).toBeGreaterThan(0);
    expect(module.indexOf('new Worker(')).toBeLessThan(module.indexOf('await new Promise('));
    const language = /const l=(\{[^}]*\})\[document\.documentElement\.lang\]/.exec(module)?.[1];
    expect(JSON.parse(language ?? '{}')).toEqual(INTL_LOCALE);
    // The worker's script, as the page builds it for a page in Ukrainian: run here, it formats and closes.
    const source = /new Blob\(\[(.*)\],\{type:"text\/javascript"\}\)/.exec(module)?.[1] ?? '';
    const script = new Function('l', `return ${source};`)('uk-UA') as string;
    expect(script.startsWith('const L="uk-UA";const Z="Europe/Belgrade";')).toBe(true);
    const closed = vi.fn();
    new Function('close', script)(closed);
    expect(closed).toHaveBeenCalledOnce();
  });

  it('leaves a page as React Router wrote it when its markup is not the one it knows', () => {
    const changed = page.replace('import * as route0 from', 'import route0 from');
    expect(scriptsAfterFirstPaint(changed)).toBe(changed);
    expect(deferredPreloads(changed)).toEqual([]);
  });
});
