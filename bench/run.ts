/**
 * `npm run bench` (DESIGN §11, §13): generates 100,000 events, then measures
 *   - the catalog service in-process (what "listing and search p95 in single-digit ms inside the server"
 *     means; "for you" too, with 10,000 follows), and
 *   - the built server over HTTP with autocannon: the events listing (first page, and pages at varied,
 *     deep and filtered cursors), search (varied words and typos), and the server-rendered home and event
 *     pages. Varied scenarios send a different URL on every request, so they measure the database, not
 *     the API's 5-second answer cache; the "cached" ones show that cache for comparison,
 * on the embedded database and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL; plus
 * a bare Node "hello" server for scale, and the gzip size of the home and event pages' first-load JavaScript.
 *
 * Each HTTP figure is also printed as a share of the bare server ("% hello"). It also prints the cold start
 * to a healthy /api/v1/health, resident memory at idle and across rounds of mixed load (a leak check), and
 * search on the embedded default with only the demo data (what `npm start` serves).
 *
 * Traffic only goes to 127.0.0.1. Settings: BENCH_EVENTS (100000), BENCH_DURATION seconds per scenario
 * (4), BENCH_CONNECTIONS (50), BENCH_IDLE_SECONDS (40) before BENCH_MEMORY_ROUNDS (10) ×
 * BENCH_MEMORY_SECONDS (30), BENCH_SKIP_DEMO=1, BENCH_SKIP_PGLITE=1, BENCH_NO_BUILD=1 (use dist/ and build/ as they are);
 * `--lighthouse` (or BENCH_LIGHTHOUSE=1) adds the Lighthouse audits of scripts/lighthouse.ts at the end.
 * The generated embedded data folder is cached per day in the temp folder (BENCH_FRESH=1 regenerates).
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CatalogService } from '../src/server/catalog/catalog-service';
import { encodeCursor } from '../src/shared/schemas/common';
import { openDatabase, type Database } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { mulberry32 } from '../src/server/db/seed/seed';
import { runLighthouse } from '../scripts/lighthouse';
import { FOLLOWS_EACH, FOR_YOU_PEOPLE, forYouWork, seedForYouSignals } from './for-you';
import { generateCatalog } from './generate';
import { cpuSeconds, ensureBuild, firstLoadJs, freePort, log, percentile, residentMb, ROOT, type RunningServer, startServer, stopServer } from './server';
import { findWrk, runWrk } from './wrk';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const IN_PROCESS_RUNS = 200;
/** Unmeasured load before a started server's first HTTP scenario. */
const WARM_UP_SECONDS = 2;
/** Issue #13's leak check: ten 30-second load rounds by default. */
const MEMORY_ROUNDS = Number(process.env.BENCH_MEMORY_ROUNDS ?? 10);
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 30);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 40);
/** The bare Node "hello" server's req/s in this run: every HTTP figure is also printed as a share of it. */
let reference = NaN;
/** The same server's req/s measured by wrk, where it is installed (bench/wrk.ts). */
let wrkReference = NaN;
const WRK = findWrk();
const LIGHTHOUSE = process.argv.includes('--lighthouse') || process.env.BENCH_LIGHTHOUSE === '1';

/* ───────────────────────────── helpers ───────────────────────────── */

interface Stats {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  bad: number;
  /** What the bad answers were: each status other than 2xx with its count, then timeouts and errors. */
  badKinds?: string;
  /** CPU the server and the load generator (this process) used, as % of one core: which side was the limit. */
  serverCpu?: number;
  loadCpu?: number;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

function table(title: string, rows: Stats[], rpsColumn = true) {
  log(`\n${title}`);
  const share = rpsColumn && Number.isFinite(reference);
  const cpu = rows.some((row) => row.serverCpu !== undefined);
  const head = [
    'scenario'.padEnd(34),
    rpsColumn ? 'req/s'.padStart(9) : 'runs'.padStart(9),
    ...(share ? ['% hello'.padStart(8)] : []),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
    ...(cpu ? ['srv CPU'.padStart(8), 'gen CPU'.padStart(8)] : []),
  ];
  log(head.join(' '));
  for (const row of rows) {
    log(
      [
        row.name.padEnd(34),
        fmt(row.rps, 0).padStart(9),
        ...(share ? [`${fmt((100 * row.rps) / reference)}%`.padStart(8)] : []),
        fmt(row.p50, 2).padStart(8),
        fmt(row.p95, 2).padStart(8),
        fmt(row.p99, 2).padStart(8),
        String(row.bad).padStart(8),
        ...(cpu ? [`${fmt(row.serverCpu ?? NaN, 0)}%`.padStart(8), `${fmt(row.loadCpu ?? NaN, 0)}%`.padStart(8)] : []),
      ].join(' '),
    );
  }
}

/**
 * Load on one URL, or on a different path for every request (`paths`: a generator). One URL repeated
 * measures mostly the API's few-seconds answer cache (catalog-routes.ts); varied cursors and queries
 * miss it and reach the database, which is what the listing and search budgets are about.
 */
async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  paths?: () => string,
  duration = DURATION,
  serverPid?: number,
): Promise<Stats> {
  const times: number[] = [];
  // A browser asks for pages without the API's bearer (it lives in the page's storage, not in a cookie):
  // a varied scenario that mixes pages in sends them as a browser does, so they meet the guest page cache.
  const requests = paths
    ? [
        {
          method: 'GET',
          setupRequest: (request: { path?: string; headers?: Record<string, string> }) => {
            const path = paths();
            if (path.startsWith('/api/') || !request.headers?.authorization) return { ...request, path };
            const { authorization: _bearer, ...pageHeaders } = request.headers;
            return { ...request, path, headers: pageHeaders };
          },
        },
      ]
    : undefined;
  const instance = autocannon({ url, connections: CONNECTIONS, duration, headers, timeout: 10, requests });
  const statuses = new Map<number, number>();
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    if (status < 200 || status >= 300) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const startedAt = performance.now();
  const serverCpuBefore = cpuSeconds(serverPid);
  const loadCpuBefore = process.cpuUsage();
  const result = await instance;
  const seconds = (performance.now() - startedAt) / 1000;
  const loadCpu = process.cpuUsage(loadCpuBefore);
  const serverCpu = serverPid === undefined ? undefined : (100 * (cpuSeconds(serverPid) - serverCpuBefore)) / seconds;
  const badKinds = [
    ...[...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`),
    ...(result.timeouts ? [`timeouts×${result.timeouts}`] : []),
    ...(result.errors - result.timeouts > 0 ? [`errors×${result.errors - result.timeouts}`] : []),
  ].join(', ');
  times.sort((a, b) => a - b);
  return {
    name,
    rps: result.requests.total / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    // autocannon counts a timeout among its errors too.
    bad: result.non2xx + result.errors,
    badKinds,
    serverCpu,
    loadCpu: serverPid === undefined ? undefined : (100 * (loadCpu.user + loadCpu.system)) / 1e6 / seconds,
  };
}

async function timeInProcess(name: string, work: () => Promise<unknown>): Promise<Stats> {
  for (let i = 0; i < 20; i += 1) await work();
  const times: number[] = [];
  for (let i = 0; i < IN_PROCESS_RUNS; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((sum, t) => sum + t, 0);
  return { name, rps: 1000 / (total / times.length), p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), bad: 0 };
}

/* ───────────────────────────── one database ───────────────────────────── */

interface Fixtures {
  deepCursor: string;
  eventPath: string;
  eventId: number;
  /** Cursors spread over the whole upcoming listing, in order (the later half are "deep"). */
  cursors: string[];
  /** Indexed words to search for, and each with a typo. */
  words: string[];
  typos: string[];
}

/** A typo a reader makes: two neighbouring letters swapped in the middle of the word. */
function withTypo(word: string): string {
  const at = Math.floor(word.length / 2) - 1;
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

async function fixtures(database: Database): Promise<Fixtures> {
  // OFFSET only here, to find a cursor half-way down the listing; the server never uses it.
  const deep = (await database.db.execute(sql`
    SELECT starts_at, id FROM events WHERE published AND starts_at >= now() ORDER BY starts_at, id OFFSET ${Math.floor(TOTAL / 2)} LIMIT 1`)) as unknown as {
    rows: { starts_at: string | Date; id: string | number }[];
  };
  const event = (await database.db.execute(sql`
    SELECT id, slug FROM events WHERE published AND starts_at >= now() AND venue_id IS NOT NULL ORDER BY starts_at, id OFFSET 500 LIMIT 1`)) as unknown as {
    rows: { id: string | number; slug: string }[];
  };
  const spread = (await database.db.execute(sql`
    SELECT starts_at, id FROM (
      SELECT starts_at, id, row_number() OVER (ORDER BY starts_at, id) AS n FROM events WHERE published AND starts_at >= now()
    ) ranked WHERE n % ${Math.max(1, Math.floor(TOTAL / 4000))} = 0 ORDER BY starts_at, id`)) as unknown as {
    rows: { starts_at: string | Date; id: string | number }[];
  };
  // Words that events are indexed by, in a fixed but unsorted order (md5), not only the "a…" ones.
  const words = (await database.db.execute(sql`
    SELECT word FROM search_words WHERE length(word) BETWEEN 4 AND 12 AND word ~ '^[a-z]+$' ORDER BY md5(word) LIMIT 1000`)) as unknown as {
    rows: { word: string }[];
  };
  const row = deep.rows[0];
  const pick = event.rows[0];
  if (!row || !pick || spread.rows.length < 10 || words.rows.length < 10) throw new Error('Not enough upcoming events for the bench');
  return {
    deepCursor: encodeCursor({ at: new Date(row.starts_at), id: Number(row.id) }),
    eventPath: `/sr/events/${pick.slug}-${pick.id}`,
    eventId: Number(pick.id),
    cursors: spread.rows.map((r) => encodeCursor({ at: new Date(r.starts_at), id: Number(r.id) })),
    words: words.rows.map((r) => r.word),
    typos: words.rows.map((r) => withTypo(r.word)),
  };
}

const FILTER = 'category=koncerti&tags=uzivo,dzez&free=false';

async function inProcess(database: Database, f: Fixtures): Promise<Stats[]> {
  const catalog = new CatalogService({ db: database.db });
  return [
    await timeInProcess('listing, first page', () => catalog.listEvents({ locale: 'sr', limit: 24 })),
    await timeInProcess('listing, deep cursor', () => catalog.listEvents({ locale: 'sr', limit: 24, cursor: f.deepCursor })),
    await timeInProcess('listing, filtered', () => catalog.listEvents({ locale: 'sr', category: 'koncerti', tags: 'uzivo,dzez', free: 'false', limit: 24 })),
    await timeInProcess('listing, weekend', () => catalog.listEvents({ locale: 'sr', when: 'weekend', limit: 24 })),
    await timeInProcess('listing, q=koncert', () => catalog.listEvents({ locale: 'sr', q: 'koncert', limit: 24 })),
    await timeInProcess('search "koncert"', () => catalog.search('koncert', 'sr')),
    await timeInProcess('search "концерт beograd"', () => catalog.search('концерт beograd', 'sr')),
    await timeInProcess('search "konsert" (typo)', () => catalog.search('konsert', 'sr')),
    await timeInProcess('suggest "dže"', () => catalog.suggest('dže', 'sr')),
    await timeInProcess('home', () => catalog.home('sr')),
    await timeInProcess('event by id', () => catalog.eventById(f.eventId, 'sr')),
    // Issue 12: 1,000 people × 10 follows (+ saves, visits); a different person every call.
    await timeInProcess(`for you (${FOR_YOU_PEOPLE * FOLLOWS_EACH} follows)`, forYouWork(database, await seedForYouSignals(database))),
  ];
}

/** A guest's bearer and the headers a browser's API call carries. */
async function guestApiHeaders(server: RunningServer): Promise<Record<string, string>> {
  const registered = await fetch(`${server.origin}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ auth: 'client' }),
  });
  const { access_token: token } = (await registered.json()) as { access_token: string };
  return { authorization: `Bearer ${token}`, 'accept-language': 'sr', 'accept-encoding': 'gzip' };
}

/** Seeded random picks for varied URLs: an item of a list, a page size, and a search path over words. */
function pathPicker(seed: number) {
  const random = mulberry32(seed);
  const any = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const size = () => 20 + Math.floor(random() * 11);
  const searching = (words: readonly string[]) => () => `/api/v1/search?q=${encodeURIComponent(any(words))}&limit=${size()}`;
  return { any, size, searching };
}

/**
 * Path generators for the varied scenarios. Every request is a different URL (cursor or query, and page
 * size): the answer cache keeps an answer 5 s, so only thousands of distinct URLs make each request a miss.
 */
function variedPaths(f: Fixtures, seed = 20_260_101) {
  const { any, size, searching } = pathPicker(seed);
  const deep = f.cursors.slice(Math.floor(f.cursors.length / 2));
  const listing = (cursors: readonly string[], filter = '') => () =>
    `/api/v1/events?limit=${size()}&cursor=${encodeURIComponent(any(cursors))}${filter ? `&${filter}` : ''}`;
  const paths = {
    listing: listing(f.cursors),
    deep: listing(deep),
    filtered: listing(f.cursors, FILTER),
    words: searching(f.words),
    typos: searching(f.typos),
  };
  // The memory rounds' mix: what people do, pages included (the home page is mostly the page cache).
  const mixed = [paths.listing, paths.deep, paths.filtered, paths.words, paths.typos, () => '/sr/', () => f.eventPath];
  return { ...paths, mixed: () => any(mixed)() };
}

/** What a browser's page request carries: no bearer (it lives in the page's storage), Serbian, gzip. */
const PAGE_HEADERS = { 'accept-language': 'sr', 'accept-encoding': 'gzip' };

type SingleUrl = readonly [name: string, path: string, headers: Record<string, string>];

/** The scenarios that ask for one URL over and over (answer and page caches): autocannon and wrk both run them. */
function singleUrls(f: Fixtures, api: Record<string, string>) {
  return {
    listing: ['GET /events (first page, cached)', '/api/v1/events?limit=24', api],
    search: ['GET /search?q=koncert (cached)', '/api/v1/search?q=koncert', api],
    home: ['SSR home /sr/', '/sr/', PAGE_HEADERS],
    event: ['SSR event page', f.eventPath, PAGE_HEADERS],
  } satisfies Record<string, SingleUrl>;
}

async function overHttp(server: RunningServer, f: Fixtures): Promise<Stats[]> {
  const api = await guestApiHeaders(server);
  const varied = variedPaths(f);
  const single = singleUrls(f, api);
  const pid = server.process.pid;
  const one = ([name, path, headers]: SingleUrl) => load(name, `${server.origin}${path}`, headers, undefined, DURATION, pid);
  const many = (name: string, paths: () => string) => load(name, `${server.origin}/`, api, paths, DURATION, pid);
  // Not measured: a server just started runs its first seconds of a route in V8's interpreter and fills
  // its caches, which the first scenario alone would pay (the cached listing read 15.9 % of "hello" as the
  // first scenario on PostgreSQL where the cached search, the same path, read 27.5 %: performance.md).
  await load('warm-up', `${server.origin}${single.listing[1]}`, api, undefined, WARM_UP_SECONDS);
  // The first search reads the search index (catalog/search-index.ts): a cost paid once per start (and
  // per catalogue write), printed on its own so the varied-search rows show the index's steady state.
  const firstSearch = performance.now();
  const searched = await fetch(`${server.origin}/api/v1/search?q=${encodeURIComponent(f.words[0]!)}`, { headers: api });
  if (!searched.ok) throw new Error(`The first search answered ${searched.status}`);
  await searched.arrayBuffer();
  log(`  first search after the start (reads the search index): ${((performance.now() - firstSearch) / 1000).toFixed(2)} s`);
  return [
    await one(single.listing),
    await many('GET /events (varied cursors)', varied.listing),
    await many('GET /events (deep, varied cursors)', varied.deep),
    await many(`GET /events (${FILTER.split('&')[0]}…, varied)`, varied.filtered),
    await many('GET /search (varied words)', varied.words),
    await many('GET /search (varied typos)', varied.typos),
    await one(single.search),
    await one(single.home),
    await one(single.event),
  ];
}

/**
 * The single-URL scenarios again with wrk (bench/wrk.ts), where it is installed: pages are tens of
 * kilobytes, and autocannon's own parsing of them on one core is then the limit ("gen CPU" near 100 % while
 * "srv CPU" is not). wrk's figures are shares of the bare server as wrk measured it.
 */
async function wrkCrossCheck(server: RunningServer, f: Fixtures): Promise<void> {
  if (!WRK || !Number.isFinite(wrkReference)) return;
  const single = singleUrls(f, await guestApiHeaders(server));
  log(`\nThe same single-URL scenarios with wrk (${WRK}: C, 1 thread, ${CONNECTIONS} connections, ${DURATION} s), % of wrk's "hello" (${fmt(wrkReference, 0)} req/s)`);
  log(['scenario'.padEnd(34), 'req/s'.padStart(9), '% hello'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8)].join(' '));
  for (const [name, path, headers] of [single.listing, single.home, single.event]) {
    const stats = runWrk(WRK, `${server.origin}${path}`, headers, CONNECTIONS, DURATION);
    log([name.padEnd(34), fmt(stats.rps, 0).padStart(9), `${fmt((100 * stats.rps) / wrkReference)}%`.padStart(8), fmt(stats.p50, 2).padStart(8), fmt(stats.p99, 2).padStart(8)].join(' '));
  }
}

/**
 * Waits until the server has worked off what a round left queued (requests the load generator gave up on
 * at its timeout are still answered), so that resident memory is read for the server, not for its queue:
 * until the health check, which asks the database, answers within 100 ms (at most 120 s). Returns the
 * seconds that took.
 */
async function drained(origin: string): Promise<number> {
  const startedAt = performance.now();
  while (performance.now() - startedAt < 120_000) {
    const asked = performance.now();
    const answer = await fetch(`${origin}/api/v1/health`).catch(() => undefined);
    await answer?.arrayBuffer();
    if (answer?.ok && performance.now() - asked < 100) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return (performance.now() - startedAt) / 1000;
}

/**
 * Issue #13's memory promise: resident memory at start (taken by startServer, before any load), then after
 * each of MEMORY_ROUNDS rounds of mixed varied load (MEMORY_SECONDS each), once the server has worked off
 * the round's queue (drained) and a few idle seconds later (so timers and caches settle). The leak check
 * compares the last round with the third (the first rounds fill caches and the JIT), or with the first when
 * there are fewer than five rounds.
 */
async function memoryRounds(label: string, server: RunningServer, f: Fixtures, idleBudgetMb: number): Promise<void> {
  const pid = server.process.pid;
  log(`\n${label} — memory: ${fmt(server.readyRssMb)} MB resident at start, before any load (target < ${idleBudgetMb} MB)`);
  if (IDLE_SECONDS > 0) {
    // V8 keeps the young generation the start grew (32 MB) until its memory reducer runs, some 30 s
    // after the last major collection with nothing allocating: what an idle server holds is read after that.
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    log(`  ${fmt(residentMb(pid))} MB resident after ${IDLE_SECONDS} s with no requests (target < ${idleBudgetMb} MB)`);
  }
  if (MEMORY_ROUNDS <= 0) return;
  const api = await guestApiHeaders(server);
  const varied = variedPaths(f, 7);
  const after: number[] = [];
  for (let round = 1; round <= MEMORY_ROUNDS; round += 1) {
    const stats = await load(`round ${round}`, `${server.origin}/`, api, varied.mixed, MEMORY_SECONDS);
    const drainSeconds = await drained(server.origin);
    await new Promise((r) => setTimeout(r, 3000));
    after.push(residentMb(pid));
    log(
      `  round ${String(round).padStart(2)}: ${fmt(stats.rps, 0).padStart(6)} req/s, p99 ${fmt(stats.p99, 0).padStart(5)} ms, non-2xx ${stats.bad}${stats.badKinds ? ` (${stats.badKinds})` : ''}; ` +
        `${drainSeconds >= 1 ? `drained ${fmt(drainSeconds)} s after the round; ` : ''}resident ${fmt(after.at(-1)!)} MB`,
    );
  }
  const settled = after.length >= 5 ? 2 : 0;
  const settledFrom = after[settled]!;
  const growth = after.at(-1)! - settledFrom;
  const verdict = after.length < 2 ? 'one round: nothing to compare' : growth > Math.max(10, settledFrom * 0.05) ? 'GROWS — look for a leak' : 'no growth';
  log(`  leak check: ${fmt(settledFrom)} MB after round ${settled + 1} → ${fmt(after.at(-1)!)} MB after round ${after.length} (${growth >= 0 ? '+' : ''}${fmt(growth)} MB): ${verdict}`);
}

/**
 * The embedded default with only the demo data, as `npm start` runs it: the first start (migrations and
 * demo data), the cold start on the existing folder, idle memory, and 50 people searching varied words
 * (issue #13: ≥ 1,000 req/s with p99 < 100 ms).
 */
async function benchDemo(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kuda-bench-demo-'));
  try {
    await stopServer(await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'always' }, 'first start (migrations + demo data)'));
    const server = await startServer({ DATA_DIR: dataDir }, 'cold start on the existing folder (targets < 1.5 s, < 250 MB)');
    try {
      const api = await guestApiHeaders(server);
      const listed = (await (await fetch(`${server.origin}/api/v1/events?limit=100`, { headers: api })).json()) as { items: { title: string }[] };
      const words = [...new Set(listed.items.flatMap((event) => event.title.toLowerCase().split(/[^\p{L}]+/u)).filter((word) => word.length >= 4))];
      if (words.length < 5) throw new Error('The demo data gave too few words to search for');
      const typos = words.filter((word) => word.length >= 5).map(withTypo);
      const { searching } = pathPicker(42);
      table(`Embedded, demo data — HTTP, ${CONNECTIONS} connections, ${DURATION} s each (${words.length} words from the demo titles)`, [
        await load('GET /search (varied words)', `${server.origin}/`, api, searching(words)),
        await load('GET /search (varied typos)', `${server.origin}/`, api, searching(typos)),
        // The same words again, other page sizes, within the 30 s a search keeps its first matches
        // (catalog-search.ts): what the next readers of words already searched get.
        await load('GET /search (the words again)', `${server.origin}/`, api, pathPicker(43).searching(words)),
      ]);
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite(): Promise<void> {
  const key = createHash('sha1')
    .update(String(TOTAL))
    .update(new Date().toISOString().slice(0, 10))
    .update(readdirSync(join(ROOT, 'src/server/db/migrations')).map((name) => readFileSync(join(ROOT, 'src/server/db/migrations', name))).join('\n'))
    .update(readFileSync(join(ROOT, 'bench/generate.ts')))
    .digest('hex')
    .slice(0, 12);
  const cache = join(tmpdir(), `kuda-bench-${key}`);
  if (process.env.BENCH_FRESH === '1') rmSync(cache, { recursive: true, force: true });
  if (!existsSync(cache)) {
    log(`  generating ${TOTAL} events into an embedded database (cached as ${cache}) …`);
    const building = `${cache}.tmp-${process.pid}`;
    const startedAt = performance.now();
    const database = await openDatabase({ dataDir: building });
    await generateCatalog(database, TOTAL, log);
    await database.close();
    renameSync(building, cache);
    log(`  generated in ${Math.round((performance.now() - startedAt) / 1000)} s`);
  } else {
    log(`  reusing today's generated data (${cache})`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'kuda-bench-run-'));
  try {
    cpSync(cache, dataDir, { recursive: true });
    const database = await openDatabase({ dataDir });
    await migrate(database);
    const f = await fixtures(database);
    table('Embedded (PGlite) — catalog service in-process, sequential; "runs" column = calls/s', await inProcess(database, f), false);
    await database.close();
    const server = await startServer({ DATA_DIR: dataDir }, `cold start on the existing data folder, ${TOTAL} events (target < 1.5 s)`);
    try {
      table(`Embedded (PGlite) — HTTP, ${CONNECTIONS} connections, ${DURATION} s each`, await overHttp(server, f));
      await wrkCrossCheck(server, f);
      log('');
      await reportJs(server, f.eventPath);
      await memoryRounds('Embedded (PGlite)', server, f, 250);
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(url: string): Promise<void> {
  const name = `kuda_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  try {
    // Generating 100,000 events is bulk work, not a request: no statement timeout.
    const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 4, statementTimeoutMs: 60 * 60_000 });
    log(`  generating ${TOTAL} events into ${name} …`);
    const startedAt = performance.now();
    await generateCatalog(database, TOTAL, log);
    log(`  generated in ${Math.round((performance.now() - startedAt) / 1000)} s`);
    const f = await fixtures(database);
    table('PostgreSQL — catalog service in-process, sequential; "runs" column = calls/s', await inProcess(database, f), false);
    await database.close();
    const server = await startServer({ DATABASE_URL: dbUrl.toString() }, 'cold start on the migrated database (target < 1.5 s)');
    try {
      table(`PostgreSQL — HTTP, ${CONNECTIONS} connections, ${DURATION} s each`, await overHttp(server, f));
      await wrkCrossCheck(server, f);
      await memoryRounds('PostgreSQL', server, f, 150);
    } finally {
      await stopServer(server);
    }
  } finally {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  }
}

/** First-load JavaScript of the home page and an event page (issue #13 budgets: 150 and 160 KB gzip). */
async function reportJs(server: RunningServer, eventPath: string) {
  for (const [label, path, budget] of [['Home page', '/sr/', 150], ['Event page', eventPath, 160]] as const) {
    const js = await firstLoadJs(server.origin, path);
    log(
      `${label} first-load JavaScript: ${js.files} files, ${(js.raw / 1024).toFixed(1)} KB raw, ` +
        `${(js.gzip / 1024).toFixed(1)} KB gzip (budget ${budget} KB); HTML ${(js.html / 1024).toFixed(1)} KB, ` +
        `${(js.htmlGzip / 1024).toFixed(1)} KB gzip (budget 30 KB)`,
    );
  }
}

async function helloBaseline(): Promise<Stats> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => s.end('hello')).listen(${port}, '127.0.0.1', () => process.send && 0)`],
    { stdio: 'ignore' },
  );
  try {
    for (let i = 0; i < 50; i += 1) {
      try {
        await fetch(`http://127.0.0.1:${port}/`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const stats = await load('bare Node "hello"', `http://127.0.0.1:${port}/`, {}, undefined, DURATION, child.pid);
    if (WRK) wrkReference = runWrk(WRK, `http://127.0.0.1:${port}/`, {}, CONNECTIONS, DURATION).rps;
    return stats;
  } finally {
    child.kill('SIGTERM');
  }
}

async function main() {
  log(`Kuda bench: ${TOTAL} events, ${CONNECTIONS} connections, ${DURATION} s per HTTP scenario (Node ${process.version})`);
  if (!(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)) log(POSTGRES_SKIPPED);
  ensureBuild();
  const hello = await helloBaseline();
  table('Baseline', [hello]);
  reference = hello.rps;
  log('(Every HTTP table below also prints each scenario as a share of this bare server, "% hello".)');
  log('("srv CPU" and "gen CPU": the server\'s and the load generator\'s CPU, % of one core; near 100 % is the side that set the figure.)');
  if (WRK) log(`(wrk's bare "hello": ${fmt(wrkReference, 0)} req/s; single-URL scenarios are cross-checked with it.)`);
  else log('(Install wrk — apt-get install wrk — to cross-check the single-URL scenarios with a C load generator.)');
  if (process.env.BENCH_SKIP_DEMO !== '1') {
    log('\n== Embedded database with the demo data (npm start) ==');
    await benchDemo();
  }
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    log('\n== Embedded database (PGlite) ==');
    await benchPglite();
  }
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (url) {
    log('\n== PostgreSQL ==');
    await benchPostgres(url);
  } else {
    log(POSTGRES_SKIPPED);
  }
  // Lighthouse audits take a few minutes of CPU on a server of their own with the demo data: on request.
  if (LIGHTHOUSE) {
    log('\n== Lighthouse (npm run lighthouse) ==');
    await runLighthouse();
  } else {
    log('\nLighthouse scores of the home, category, event and venue pages: npm run bench -- --lighthouse, or npm run lighthouse.');
  }
}

/** Said at the start and at the end, so a reader of either does not take the embedded figures for all. */
const POSTGRES_SKIPPED =
  '\n!! PostgreSQL half SKIPPED: neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set. Only the embedded ' +
  'database was measured.\n!! Run e.g. BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench';

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
