/**
 * `npm run lighthouse` (issues #11, #13; DESIGN §13): starts the built server on a temporary data folder
 * with the demo data, then for the home page, a category, an event and a venue page prints
 *   - first-load JavaScript: what the HTML names (decision 0005's method, gzip -9, KB = 1024 bytes) and
 *     what a browser actually fetched before the page was interactive (adds the language catalogues the
 *     entry imports at run time, with their namespaces), and
 *   - Lighthouse 12 mobile scores (performance, accessibility, best practices, SEO) with LCP, TBT and CLS,
 *     and every audit that held a category back.
 * Audited as a first-time visitor (Lighthouse clears storage, so the cookie banner shows: that is what
 * people see first). Scores are printed, never asserted; the script exits non-zero only when it crashes.
 *
 * Options: --only home,event (a subset while iterating: Lighthouse is CPU-heavy), --js-only (no audits),
 * --json DIR (keep each page's full report), --runs N (audit every page N times: each run's table, then per
 * page every run's score, how many reached 95, and Lighthouse's own median run). BENCH_NO_BUILD=1 audits
 * dist/ and build/ as they are.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium, type Response } from 'playwright-core';
import { ensureBuild, firstLoadJs, log, ROOT, startServer, stopServer } from '../bench/server';
import { CHROMIUM_ARGS, findChromium } from './chromium';

export const PAGE_NAMES = ['home', 'category', 'event', 'venue'] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export interface LighthouseOptions {
  only?: readonly PageName[];
  jsOnly?: boolean;
  jsonDir?: string;
  /** How many times every page is audited (1 by default). */
  runs?: number;
}

/** The performance score issues #11 and #13 ask of every page, on every run. */
const TARGET = 95;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The four pages, found the way a visitor finds them: the first category, event and venue links. */
async function findPages(origin: string): Promise<Record<PageName, string>> {
  const home = await (await fetch(`${origin}/sr/`)).text();
  const category = home.match(/href="(\/sr\/categories\/[^"?#]+)"/)?.[1];
  const event = home.match(/href="(\/sr\/events\/[^"?#]+)"/)?.[1];
  if (!category || !event) throw new Error('The demo home page links to no category or no event');
  const eventHtml = await (await fetch(`${origin}${event}`)).text();
  const venue = eventHtml.match(/href="(\/sr\/venues\/[^"?#]+)"/)?.[1];
  if (!venue) throw new Error(`The event page ${event} links to no venue`);
  return { home: '/sr/', category, event, venue };
}

/** A catalogue chunk is a JSON module named after its namespace (route chunks of the same name import). */
const NAMESPACE_FILES = readdirSync(join(ROOT, 'src/locales/sr')).map((file) => file.replace(/\.json$/, ''));
const CATALOGUE_CHUNK = new RegExp(`^(${NAMESPACE_FILES.join('|')})-[\\w-]{8}\\.js$`);

interface BrowserLoad {
  files: number;
  gzip: number;
  namespaces: string[];
}

/** Every script a fresh browser fetched until the app marked the page hydrated (app-shell.tsx). */
async function browserFirstLoad(origin: string, paths: string[]): Promise<Map<string, BrowserLoad>> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const results = new Map<string, BrowserLoad>();
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const page = await context.newPage();
      const bodies: Promise<{ gzip: number; catalogue: string | null } | null>[] = [];
      const onResponse = (response: Response) => {
        if (response.request().resourceType() !== 'script') return;
        bodies.push(
          response.body().then(
            (body) => {
              const match = CATALOGUE_CHUNK.exec(basename(new URL(response.url()).pathname));
              const catalogue = match && !body.subarray(0, 7).toString().startsWith('import') ? match[1]! : null;
              return { gzip: gzipSync(body, { level: 9 }).length, catalogue };
            },
            () => null,
          ),
        );
      };
      page.on('response', onResponse);
      await page.goto(`${origin}${path}`);
      await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 60_000 });
      // What loads after hydration (idle-time parts) is not first load.
      page.off('response', onResponse);
      const loaded = (await Promise.all(bodies)).filter((item) => item !== null);
      results.set(path, {
        files: loaded.length,
        gzip: loaded.reduce((sum, item) => sum + item.gzip, 0),
        namespaces: loaded.flatMap((item) => (item.catalogue ? [item.catalogue] : [])).sort(),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

export interface Audit {
  page: PageName;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string;
  failing: string[];
  /** Lighthouse's measure of the host's CPU: under about 1000 its simulated mobile CPU is slower than a phone's. */
  benchmarkIndex: number;
  /** The whole report (Lighthouse's median run is chosen from these). */
  lhr: LhrResult;
}

type LhrResult = Parameters<typeof computeMedianRun>[0][number];

/** Everything a browser keeps for an origin: Lighthouse's own four kinds, and what it leaves by default. */
const FIRST_VISIT_STORAGE = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'cookies', 'local_storage', 'indexeddb'] as const;

/**
 * One Lighthouse run of `url`. A run that measured nothing (a trace Chrome failed to record, NO_NAVSTART or
 * NO_FCP: "Please run Lighthouse again") is no score to keep, so it is run again, up to MEASURE_ATTEMPTS
 * times, each in a browser started afresh (`restart`): a browser whose trace failed once often failed the
 * same way again (two NO_NAVSTART in a row ended runs on 7 December). A run that measured is never
 * repeated, whatever it scored.
 */
async function auditOnce(browser: { port: () => number; restart: () => Promise<void> }, url: string) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port: browser.port(),
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // A first-time visitor: Lighthouse keeps cookies, local storage and IndexedDB between audits by
      // default, so the page audited after a category page was a returning guest's (the guest token
      // from local storage, a "for you" row from the category visit) and its score hung on the order.
      clearStorageTypes: [...FIRST_VISIT_STORAGE],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError || attempt === MEASURE_ATTEMPTS) return lhr;
    log(`    Lighthouse measured nothing (${lhr.runtimeError.code}): again, in a new browser`);
    await browser.restart();
  }
}

/** Runs of one audit that may measure nothing before the script gives up (auditOnce). */
const MEASURE_ATTEMPTS = 3;

const launchChromium = () => chromeLauncher.launch({ chromePath: findChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });

async function audit(origin: string, pages: [PageName, string][], jsonDir?: string, run?: number): Promise<Audit[]> {
  let chrome = await launchChromium();
  const browser = {
    port: () => chrome.port,
    restart: async () => {
      chrome.kill();
      chrome = await launchChromium();
    },
  };
  const audits: Audit[] = [];
  try {
    for (const [name, path] of pages) {
      log(`  auditing ${name} (${path}) …`);
      // A served page is warm: the guest-page micro-cache (decision 0006) answers popular pages. Asked
      // once first, the audit measures that, not the first render after the server started.
      await fetch(`${origin}${path}`);
      const lhr = await auditOnce(browser, `${origin}${path}`);
      if (jsonDir) writeFileSync(join(jsonDir, run === undefined ? `${name}.json` : `${name}-${run}.json`), JSON.stringify(lhr));
      if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${path}: ${lhr.runtimeError.message}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const failing: string[] = [];
      for (const [id, category] of Object.entries(lhr.categories)) {
        for (const ref of category.auditRefs) {
          const item = lhr.audits[ref.id];
          if (!item || item.score === null || item.score >= 0.9) continue;
          if (ref.weight === 0 && id === 'performance' && item.scoreDisplayMode !== 'metricSavings') continue;
          failing.push(`${id}: ${ref.id} (${item.score.toFixed(2)}) ${item.displayValue ?? ''}`.trim());
        }
      }
      const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items;
      audits.push({
        page: name,
        scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
        lcp: numeric('largest-contentful-paint'),
        tbt: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '–',
        failing: [...new Set(failing)],
        benchmarkIndex: lhr.environment.benchmarkIndex,
        lhr,
      });
    }
  } finally {
    chrome.kill();
  }
  return audits;
}

/** One run's table: each page's four scores, LCP, TBT, CLS and the host's CPU index. */
function printScores(audits: Audit[]): void {
  log(`${'page'.padEnd(10)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b.p.'.padStart(5)} ${'seo'.padStart(5)} ${'LCP s'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'CPU index'.padStart(9)}`);
  for (const a of audits) {
    log(
      [
        a.page.padEnd(10),
        String(a.scores.performance).padStart(5),
        String(a.scores.accessibility).padStart(5),
        String(a.scores['best-practices']).padStart(5),
        String(a.scores.seo).padStart(5),
        (a.lcp / 1000).toFixed(2).padStart(7),
        a.tbt.toFixed(0).padStart(7),
        a.cls.toFixed(3).padStart(6),
        a.benchmarkIndex.toFixed(0).padStart(9),
      ].join(' '),
    );
  }
}

export interface PageSummary {
  page: PageName;
  /** Every run's performance score, in run order. */
  performance: number[];
  /** How many runs reached TARGET in performance and 100 in the other three. */
  met: number;
  /** Lighthouse's median run (closest to the median FCP and TTI: lighthouse/core/lib/median-run.js). */
  median: Audit;
}

/** Per page, over several runs of the same pages: every score, how many runs met the targets, the median run. */
export function summarizeRuns(byRun: Audit[][]): PageSummary[] {
  const pages = byRun[0]?.map((a) => a.page) ?? [];
  return pages.map((page) => {
    const audits = byRun.map((run) => run.find((a) => a.page === page)!);
    const medianLhr = computeMedianRun(audits.map((a) => a.lhr));
    return {
      page,
      performance: audits.map((a) => a.scores.performance),
      met: audits.filter((a) => a.scores.performance >= TARGET && a.scores.accessibility === 100 && a.scores['best-practices'] === 100 && a.scores.seo === 100).length,
      median: audits.find((a) => a.lhr === medianLhr)!,
    };
  });
}

/** Prints the runs' summary; answers each page's median run. */
function summarize(byRun: Audit[][]): Audit[] {
  const summaries = summarizeRuns(byRun);
  log(`\nOver ${byRun.length} runs (target: performance ≥ ${TARGET} and 100 in the other three, on every run)`);
  log(`${'page'.padEnd(10)} ${'performance, each run'.padEnd(24)} ${'met'.padStart(6)} ${'median run: perf'.padStart(17)} ${'TBT ms'.padStart(7)}`);
  for (const { page, performance, met, median } of summaries) {
    log(
      [
        page.padEnd(10),
        performance.join(' ').padEnd(24),
        `${met}/${performance.length}`.padStart(6),
        String(median.scores.performance).padStart(17),
        median.tbt.toFixed(0).padStart(7),
      ].join(' '),
    );
  }
  return summaries.map((summary) => summary.median);
}

/** Runs everything against its own demo-data server; prints, and throws only when something crashed. */
export async function runLighthouse(options: LighthouseOptions = {}): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kuda-lighthouse-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'always', LOG_LEVEL: 'error' });
  try {
    const found = await findPages(server.origin);
    const names = options.only?.length ? options.only : PAGE_NAMES;
    const pages = names.map((name) => [name, found[name]] as [PageName, string]);

    log('\nFirst-load JavaScript, gzip -9 (budgets: home 150 KB, event 160 KB; issue #13, decision 0005)');
    log(`${'page'.padEnd(10)} ${'HTML names'.padStart(16)} ${'browser fetched'.padStart(18)}  catalogues before hydration`);
    const browser = await browserFirstLoad(server.origin, pages.map(([, path]) => path));
    for (const [name, path] of pages) {
      const named = await firstLoadJs(server.origin, path);
      const fetched = browser.get(path)!;
      log(
        `${name.padEnd(10)} ${`${kb(named.gzip)} KB/${named.files}`.padStart(16)} ${`${kb(fetched.gzip)} KB/${fetched.files}`.padStart(18)}  ${fetched.namespaces.join(', ')}`,
      );
    }
    if (options.jsOnly) return;

    const runs = options.runs ?? 1;
    log(`\nLighthouse 12 mobile (simulated slow 4G, 4× CPU slowdown), first-time visitor${runs > 1 ? `, ${runs} runs` : ''}`);
    const byRun: Audit[][] = [];
    for (let run = 1; run <= runs; run += 1) {
      if (runs > 1) log(`run ${run} of ${runs}`);
      const audits = await audit(server.origin, pages, options.jsonDir, runs > 1 ? run : undefined);
      printScores(audits);
      byRun.push(audits);
    }
    log('CPU index: Lighthouse\'s benchmark of this machine during the audit; below ~1000 (a busy or small host) TBT and');
    log('the performance score come out worse than on a real phone, so compare runs on a quiet machine only.');
    const shown = runs > 1 ? summarize(byRun) : byRun[0]!;
    for (const a of shown) {
      log(`\n${a.page} (${found[a.page]})${runs > 1 ? ', its median run' : ''}: LCP element ${a.lcpElement}`);
      for (const line of a.failing) log(`  - ${line}`);
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function parseArgs(argv: string[]): LighthouseOptions {
  const options: LighthouseOptions = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--js-only') options.jsOnly = true;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const list = (arg.includes('=') ? arg.split('=')[1]! : (argv[++i] ?? '')).split(',').filter(Boolean);
      const unknown = list.filter((name) => !(PAGE_NAMES as readonly string[]).includes(name));
      if (unknown.length) throw new Error(`Unknown page ${unknown.join(', ')}: use ${PAGE_NAMES.join(', ')}`);
      options.only = list as PageName[];
    } else if (arg === '--runs' || arg.startsWith('--runs=')) {
      const runs = Number(arg.includes('=') ? arg.split('=')[1] : argv[++i]);
      if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error('--runs takes a whole number from 1 to 20');
      options.runs = runs;
    } else if (arg === '--json') {
      options.jsonDir = argv[++i];
      if (options.jsonDir) mkdirSync(options.jsonDir, { recursive: true });
    } else throw new Error(`Unknown option ${arg}`);
  }
  return options;
}

if (process.argv[1] && basename(process.argv[1]) === 'lighthouse.ts') {
  const options = parseArgs(process.argv.slice(2));
  const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
  log(`Kuda page audits: Lighthouse ${version}, Node ${process.version}`);
  ensureBuild();
  runLighthouse(options).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
