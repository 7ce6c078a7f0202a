/**
 * Decision 0017: does moving the embedded database (PGlite) off the server's event loop into a worker
 * thread keep pages answering while a slow statement runs, and what does the thread boundary cost?
 *
 * On a PGlite opened as the server opens it (a folder, shared_buffers=32MB, pg_trgm and unaccent) and
 * holding 200,000 event-like rows, once with PGlite in this thread and once in a worker thread
 * (bench/embedded-thread-worker.mjs: { id, sql, params } → { id, rows | error }), it measures
 *   - how long the slow statement takes (a same-city, same-day self-join count),
 *   - this thread's event-loop delay, and the latency of GET /ping (no database) and GET /ping-db
 *     (SELECT 1) on a node:http server in this process, requested every 10 ms by a child process, with
 *     nothing else running and while the slow statement runs,
 *   - the cost of the thread boundary: 2,000 sequential primary-key reads and 500 sequential 20-row pages
 *     (µs per statement), the same statements from 50 concurrent callers (statements/s), and 50 callers
 *     whose requests each read a row and then work 1 ms in JavaScript (requests/s),
 *   - whether `SET statement_timeout = '100ms'` stops the slow statement inside WebAssembly, and, in the
 *     worker, how fast `worker.terminate()` stops it and how long the database takes to open again.
 * Each figure is measured 3 times and printed as a range (min–max).
 *
 * Run: `npm run bench:thread` (about a minute). Traffic only goes to 127.0.0.1; the data
 * folder is temporary and removed at the end.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, get } from 'node:http';
import { type AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ConfigSchema } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { log, percentile } from './server';

const ROWS = 200_000;
const RUNS = 3;
/** As the server opens PGlite by default: EMBEDDED_SHARED_BUFFERS_MB's default. */
const SHARED_BUFFERS_MB = ConfigSchema.parse({}).EMBEDDED_SHARED_BUFFERS_MB;
const PROBE_EVERY_MS = 10;
const PROBE_PATHS = ['/ping', '/ping-db'] as const;
const IDLE_WINDOW_MS = 2_000;
/** Long enough for requests queued behind the slow statement to be answered before they are collected. */
const DRAIN_MS = 500;
const SEQUENTIAL_READS = 2_000;
const SEQUENTIAL_PAGES = 500;
const CALLERS = 50;
/**
 * A request that reads one row, then spends 1 ms of its own in JavaScript: whether a worker lets the
 * database and the rest of the server use both cores at once.
 */
const WORKED_REQUESTS = 1_000;
const REQUEST_WORK_MS = 1;
/** A 1 ms timer: an idle loop reads about 1 ms, a blocked one the length of the block. */
const LOOP_RESOLUTION_MS = 1;

const SCHEMA_AND_DATA = `
  CREATE TABLE t (id int PRIMARY KEY, title text NOT NULL, starts_at timestamptz NOT NULL, city_id int NOT NULL);
  INSERT INTO t
    SELECT i,
           (ARRAY['Jazz night', 'Open mic', 'Film club', 'Book swap', 'Salsa class', 'Food market', 'Chamber concert', 'Stand-up'])[1 + i % 8]
             || ' at ' || initcap(substr(md5(i::text), 1, 8)),
           timestamptz '2026-01-01 00:00Z' + ((i * 7919) % 525600) * interval '1 minute',
           1 + i % 40
    FROM generate_series(1, ${ROWS}) AS i;
  CREATE INDEX t_starts_at ON t (starts_at);
  ANALYZE t;`;
/** Events in the same city on the same day: no index helps, so it is a hash join over the whole table. */
const SLOW_SQL = `SELECT count(*) FROM t a JOIN t b ON a.city_id = b.city_id AND date_trunc('day', a.starts_at) = date_trunc('day', b.starts_at)`;
const READ_SQL = 'SELECT id, title, starts_at FROM t WHERE id = $1';
const PAGE_SQL = 'SELECT id, title, starts_at FROM t ORDER BY starts_at LIMIT 20 OFFSET $1';
const readId = (i: number) => 1 + ((i * 7919) % ROWS);
const pageOffset = (i: number) => (i % 50) * 20;

/* ───────────────────────────── the two ways to reach PGlite ───────────────────────────── */

interface Engine {
  query(sql: string, params?: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

interface WorkerEngine extends Engine {
  worker: Worker;
}

type Answer = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

async function openInThread(dataDir: string): Promise<Engine> {
  const database = await openDatabase({ dataDir, sharedBuffersMb: SHARED_BUFFERS_MB });
  const client = database.pglite!;
  return { query: async (sql, params) => (await client.query(sql, params)).rows, close: () => database.close() };
}

async function openInWorker(dataDir: string): Promise<WorkerEngine> {
  const worker = new Worker(new URL('./embedded-thread-worker.mjs', import.meta.url), { workerData: { dataDir, sharedBuffersMb: SHARED_BUFFERS_MB } });
  await once(worker, 'message');
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let exited = false;
  worker.on('message', (answer: Answer) => {
    const call = pending.get(answer.id)!;
    pending.delete(answer.id);
    if ('error' in answer) call.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    else call.resolve(answer.rows);
  });
  // A terminated worker answers nothing more: its callers must not wait for ever.
  worker.on('exit', () => {
    exited = true;
    for (const call of pending.values()) call.reject(new Error('database worker exited'));
    pending.clear();
  });
  return {
    worker,
    query: (sql, params = []) =>
      new Promise((resolve, reject) => {
        if (exited) return reject(new Error('database worker exited'));
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, sql, params });
      }),
    close: async () => {
      worker.postMessage({ close: true });
      await once(worker, 'exit');
    },
  };
}

/* ───────────────────────────── the /ping client, in a child process ───────────────────────────── */

interface Sample {
  path: string;
  sentAt: number;
  ms: number;
}

type ProbeCommand = { start: string } | { collect: [from: number, to: number] };
type ProbeReport = { ready: true } | { samples: Sample[]; failures: number };

/**
 * Requests every path every 10 ms whatever the server does, so a blocked server shows in the latencies.
 * Ends when the parent disconnects (or dies).
 */
function runProbe() {
  const agent = new Agent({ keepAlive: true });
  const samples: Sample[] = [];
  let failures = 0;
  const request = (origin: string, path: string) => {
    const sentAt = Date.now();
    const started = performance.now();
    get(`${origin}${path}`, { agent }, (response) => {
      response.resume();
      response.on('end', () => samples.push({ path, sentAt, ms: performance.now() - started }));
    }).on('error', () => failures++);
  };
  process.on('message', (command: ProbeCommand) => {
    if ('start' in command) {
      setInterval(() => PROBE_PATHS.forEach((path) => request(command.start, path)), PROBE_EVERY_MS);
    } else {
      const [from, to] = command.collect;
      process.send!({ samples: samples.filter((sample) => sample.sentAt >= from && sample.sentAt <= to), failures } satisfies ProbeReport);
    }
  });
  process.on('disconnect', () => process.exit());
  process.send!({ ready: true } satisfies ProbeReport);
}

async function startProbe(origin: string): Promise<ChildProcess> {
  // fork() passes on this process's execArgv, so the child runs this file under tsx too.
  const child = fork(fileURLToPath(import.meta.url), ['--probe']);
  await once(child, 'message');
  child.send({ start: origin } satisfies ProbeCommand);
  return child;
}

async function collect(probe: ChildProcess, from: number, to: number): Promise<Sample[]> {
  const answer = once(probe, 'message');
  probe.send({ collect: [from, to] } satisfies ProbeCommand);
  const [report] = (await answer) as [{ samples: Sample[]; failures: number }];
  if (report.failures > 0) throw new Error(`${report.failures} /ping requests failed`);
  return report.samples;
}

/* ───────────────────────────── figures ───────────────────────────── */

/** Row label → one value per run, in the order the rows were first measured. */
type Figures = Map<string, number[]>;

const add = (figures: Figures, label: string, value: number) => figures.set(label, [...(figures.get(label) ?? []), value]);

function addLatencies(figures: Figures, when: string, samples: Sample[]) {
  for (const path of PROBE_PATHS) {
    const ms = samples.filter((sample) => sample.path === path).map((sample) => sample.ms).sort((a, b) => a - b);
    add(figures, `GET ${path} ${when}: p50 (ms)`, percentile(ms, 50));
    add(figures, `GET ${path} ${when}: p99 (ms)`, percentile(ms, 99));
    add(figures, `GET ${path} ${when}: max (ms)`, Math.max(...ms));
  }
}

const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });

/** Runs `during` with the event-loop monitor on; returns the wall-clock window the probe samples fall in. */
async function watched(figures: Figures, when: string, during: () => Promise<void>): Promise<[number, number]> {
  loop.reset();
  loop.enable();
  // The monitor records the gap between two of its ticks: without a first tick, a block from the start
  // would not be recorded at all.
  await sleep(5 * LOOP_RESOLUTION_MS);
  const from = Date.now();
  await during();
  const to = Date.now();
  // A blocked loop's late tick comes after the promise that ends `during`: let it be recorded.
  await sleep(10 * LOOP_RESOLUTION_MS);
  loop.disable();
  add(figures, `event-loop delay ${when}: p99 (ms)`, loop.percentile(99) / 1e6);
  add(figures, `event-loop delay ${when}: max (ms)`, loop.max / 1e6);
  return [from, to];
}

/** Keeps this thread busy, as a request's own work (validation, serialising, rendering) does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** `count` statements from `callers` callers, each awaiting its own before sending the next. */
async function concurrently(callers: number, count: number, statement: (i: number) => Promise<unknown>) {
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      for (let i = caller; i < count; i += callers) await statement(i);
    }),
  );
}

async function measure(engine: Engine, probe: ChildProcess, figures: Figures) {
  for (let run = 0; run < RUNS; run++) {
    const window = await watched(figures, 'idle', () => sleep(IDLE_WINDOW_MS));
    addLatencies(figures, 'idle', await collect(probe, ...window));
  }
  for (let run = 0; run < RUNS; run++) {
    const window = await watched(figures, 'during slow statement', async () => {
      const started = performance.now();
      await engine.query(SLOW_SQL);
      add(figures, 'slow statement (ms)', performance.now() - started);
    });
    await sleep(DRAIN_MS);
    addLatencies(figures, 'during slow statement', await collect(probe, ...window));
  }
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    for (let i = 0; i < SEQUENTIAL_READS; i++) await engine.query(READ_SQL, [readId(i)]);
    add(figures, `read by id, ${SEQUENTIAL_READS} in a row (µs/statement)`, ((performance.now() - started) * 1000) / SEQUENTIAL_READS);
    started = performance.now();
    for (let i = 0; i < SEQUENTIAL_PAGES; i++) await engine.query(PAGE_SQL, [pageOffset(i)]);
    add(figures, `20-row page, ${SEQUENTIAL_PAGES} in a row (µs/statement)`, ((performance.now() - started) * 1000) / SEQUENTIAL_PAGES);
    started = performance.now();
    await concurrently(CALLERS, SEQUENTIAL_READS, (i) => engine.query(READ_SQL, [readId(i)]));
    add(figures, `read by id, ${CALLERS} callers (statements/s)`, SEQUENTIAL_READS / ((performance.now() - started) / 1000));
    started = performance.now();
    await concurrently(CALLERS, SEQUENTIAL_PAGES, (i) => engine.query(PAGE_SQL, [pageOffset(i)]));
    add(figures, `20-row page, ${CALLERS} callers (statements/s)`, SEQUENTIAL_PAGES / ((performance.now() - started) / 1000));
    started = performance.now();
    await concurrently(CALLERS, WORKED_REQUESTS, async (i) => {
      await engine.query(READ_SQL, [readId(i)]);
      busy(REQUEST_WORK_MS);
    });
    add(figures, `read + ${REQUEST_WORK_MS} ms of JS, ${CALLERS} callers (requests/s)`, WORKED_REQUESTS / ((performance.now() - started) / 1000));
  }
}

/** What PGlite does with a statement timeout: PostgreSQL enforces it with a timer signal. */
async function statementTimeout(engine: Engine): Promise<string> {
  await engine.query(`SET statement_timeout = '100ms'`);
  const [setting] = (await engine.query('SHOW statement_timeout')) as { statement_timeout: string }[];
  const started = performance.now();
  const outcome = await engine.query(SLOW_SQL).then(
    () => 'ran to the end',
    (error: Error & { code?: string }) => `failed (${error.code}: ${error.message})`,
  );
  const ms = performance.now() - started;
  const next = await engine.query('SELECT 1').then(
    () => 'the next statement ran',
    (error: Error & { code?: string }) => `the next statement failed (${error.code})`,
  );
  await engine.query('RESET statement_timeout');
  return `statement_timeout = ${setting!.statement_timeout}: the slow statement ${outcome} after ${fmt(ms)} ms; ${next}`;
}

/** Stops the worker 100 ms into the slow statement, then opens the folder again in a new worker. */
async function terminateAndReopen(engine: WorkerEngine, dataDir: string, figures: Figures): Promise<WorkerEngine> {
  const outcome = engine.query(SLOW_SQL).then(
    () => 'finished',
    (error: Error) => error.message,
  );
  await sleep(100);
  let started = performance.now();
  await engine.worker.terminate();
  add(figures, 'worker.terminate() during slow statement (ms)', performance.now() - started);
  const stopped = await outcome;
  if (stopped !== 'database worker exited') throw new Error(`the slow statement ${stopped} instead of being stopped`);
  started = performance.now();
  const reopened = await openInWorker(dataDir);
  const [count] = (await reopened.query('SELECT count(*)::int AS n FROM t')) as { n: number }[];
  if (count!.n !== ROWS) throw new Error(`the reopened database holds ${count!.n} rows`);
  add(figures, 'reopen in a new worker, to a count over the table (ms)', performance.now() - started);
  return reopened;
}

/* ───────────────────────────── report ───────────────────────────── */

function fmt(n: number): string {
  if (!Number.isFinite(n)) return '–';
  return n.toFixed(n >= 100 ? 0 : n >= 10 ? 1 : 2);
}

function range(values: number[] | undefined): string {
  if (!values || values.length === 0) return '–';
  const low = fmt(Math.min(...values));
  const high = fmt(Math.max(...values));
  return low === high ? low : `${low}–${high}`;
}

function table(inThread: Figures, inWorker: Figures) {
  const labels = [...new Set([...inThread.keys(), ...inWorker.keys()])];
  const width = Math.max(...labels.map((label) => label.length)) + 2;
  log(`\n${`figure (min–max of ${RUNS} runs)`.padEnd(width)}${'in thread'.padStart(16)}${'worker'.padStart(16)}`);
  for (const label of labels) log(`${label.padEnd(width)}${range(inThread.get(label)).padStart(16)}${range(inWorker.get(label)).padStart(16)}`);
}

/* ───────────────────────────── main ───────────────────────────── */

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kuda-embedded-thread-'));
  const inThread: Figures = new Map();
  const inWorker: Figures = new Map();
  const notes: string[] = [];
  // Other work on a shared machine moves every figure here: the load average says how much there was.
  const startLoad = fmt(loadavg()[0]!);
  try {
    log(`Loading ${ROWS.toLocaleString('en')} rows into PGlite in ${dataDir} …`);
    let started = performance.now();
    let engine: Engine = await openInThread(dataDir);
    log(`  opened in this thread in ${fmt(performance.now() - started)} ms`);
    started = performance.now();
    // query() runs one statement at a time (the extended protocol), as the server's queries do.
    for (const statement of SCHEMA_AND_DATA.split(';').filter((text) => text.trim())) await engine.query(statement);
    log(`  loaded and indexed in ${fmt(performance.now() - started)} ms`);

    const server = createServer((request, response) => {
      if (request.url === '/ping-db') {
        engine.query('SELECT 1').then(
          () => response.end('pong'),
          () => response.writeHead(503).end(),
        );
      } else {
        response.end('pong');
      }
    });
    // The probe keeps its connections: without a keep-alive timeout the server never closes one just as
    // a request is sent on it (ECONNRESET).
    server.keepAliveTimeout = 0;
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const probe = await startProbe(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);

    log('Measuring with PGlite in this thread …');
    await measure(engine, probe, inThread);
    notes.push(`in thread: ${await statementTimeout(engine)}`);
    await engine.close();

    log('Measuring with PGlite in a worker thread …');
    started = performance.now();
    let workerEngine = await openInWorker(dataDir);
    engine = workerEngine;
    log(`  opened in a worker in ${fmt(performance.now() - started)} ms`);
    await measure(engine, probe, inWorker);
    notes.push(`worker: ${await statementTimeout(engine)}`);
    for (let run = 0; run < RUNS; run++) engine = workerEngine = await terminateAndReopen(workerEngine, dataDir, inWorker);

    probe.disconnect();
    await once(probe, 'exit');
    server.close();
    await engine.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  log(`\nLoad average (1 min) at the start and the end: ${startLoad} and ${fmt(loadavg()[0]!)} on ${availableParallelism()} cores.`);
  log(`Slow statement: ${SLOW_SQL}`);
  log(`GET /ping and /ping-db each every ${PROBE_EVERY_MS} ms from a child process; "idle" windows are ${IDLE_WINDOW_MS / 1000} s.`);
  table(inThread, inWorker);
  log('');
  for (const note of notes) log(note);
}

if (process.argv[2] === '--probe') runProbe();
else await main();
