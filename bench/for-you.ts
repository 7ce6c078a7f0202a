/**
 * The "for you" scenario of the bench (issue 12: "stays fast at 100,000 events and 10,000 follows"): 1,000
 * guests with ten follows each (venues, organizers, categories, tags), two saves and two opened categories,
 * then GET /events/for-you's service call for a different person each time, in-process.
 *
 * Run on its own with a smaller catalogue: `BENCH_EVENTS=20000 npx tsx bench/for-you.ts` (PGlite; with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL instead). `npm run bench` runs it among the others.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../src/server/db/client';
import { openDatabase } from '../src/server/db/client';
import { categoryVisits, follows, savedEvents } from '../src/server/db/schema';
import { mulberry32 } from '../src/server/db/seed/seed';
import { selectForYou } from '../src/server/foryou/for-you-repository';
import { ForYouService } from '../src/server/foryou/for-you-service';
import { JobQueue } from '../src/server/jobs/job-queue';
import { generateCatalog } from './generate';

export const FOR_YOU_PEOPLE = 1_000;
export const FOLLOWS_EACH = 10;

type Rows<T> = { rows: T[] };

/** A guest's id for person `n` (stable, so a rerun finds the same people). */
const personId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** Writes the signals once (a rerun on the same data finds them and writes nothing). */
export async function seedForYouSignals(database: Database): Promise<string[]> {
  const db = database.db;
  const people = Array.from({ length: FOR_YOU_PEOPLE }, (_, index) => personId(index + 1));
  const existing = (await db.execute(sql`SELECT count(*)::int AS n FROM follows`)) as unknown as Rows<{ n: number }>;
  if (Number(existing.rows[0]?.n ?? 0) >= FOR_YOU_PEOPLE * FOLLOWS_EACH) return people;
  const ids = async (table: string) =>
    ((await db.execute(sql.raw(`SELECT id FROM ${table} ORDER BY id`))) as unknown as Rows<{ id: number | string }>).rows.map((row) => Number(row.id));
  const targets = { venue: await ids('venues'), organizer: await ids('organizers'), category: await ids('categories'), tag: await ids('tags') };
  const upcoming = (
    (await db.execute(sql`SELECT id FROM events WHERE published AND starts_at > now() ORDER BY starts_at LIMIT 20000`)) as unknown as Rows<{ id: number | string }>
  ).rows.map((row) => Number(row.id));
  const random = mulberry32(20_261_124);
  const any = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const kinds = ['venue', 'organizer', 'category', 'tag'] as const;
  const followRows: (typeof follows.$inferInsert)[] = [];
  const saveRows: (typeof savedEvents.$inferInsert)[] = [];
  const visitRows: (typeof categoryVisits.$inferInsert)[] = [];
  const since = new Date(Date.now() - 30 * 86_400_000);
  for (const guestId of people) {
    const seen = new Set<string>();
    while (seen.size < FOLLOWS_EACH) {
      const kind = any(kinds);
      const targetId = any(targets[kind]);
      const key = `${kind}:${targetId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      followRows.push({ guestId, kind, targetId, createdAt: since });
    }
    const saved = new Set([any(upcoming), any(upcoming)]);
    for (const eventId of saved) saveRows.push({ guestId, eventId });
    const visited = new Set([any(targets.category), any(targets.category)]);
    for (const categoryId of visited) visitRows.push({ guestId, categoryId, visits: 1 + Math.floor(random() * 10) });
  }
  for (let at = 0; at < followRows.length; at += 1_000) await db.insert(follows).values(followRows.slice(at, at + 1_000));
  for (let at = 0; at < saveRows.length; at += 1_000) await db.insert(savedEvents).values(saveRows.slice(at, at + 1_000));
  for (let at = 0; at < visitRows.length; at += 1_000) await db.insert(categoryVisits).values(visitRows.slice(at, at + 1_000));
  await db.execute(sql`ANALYZE follows`);
  await db.execute(sql`ANALYZE saved_events`);
  await db.execute(sql`ANALYZE category_visits`);
  return people;
}

/** The service call for a different person each time (the `n`th call, person n mod 1,000). */
export function forYouWork(database: Database, people: readonly string[]): () => Promise<unknown> {
  const service = new ForYouService({
    db: database.db,
    jobs: new JobQueue({ db: database.db }),
    mailer: { send: async () => undefined },
    publicUrl: 'http://127.0.0.1',
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  let call = 0;
  return () => {
    call += 1;
    return service.forYou({ kind: 'guest', subject: people[call % people.length]!, familyId: 'bench' }, 'sr');
  };
}

/** EXPLAIN ANALYZE of one person's query (BENCH_EXPLAIN=1), to read the plan while tuning. */
async function explain(database: Database, guestId: string) {
  const now = new Date();
  const query = selectForYou(database.db, { guestId }, { from: now, to: new Date(now.getTime() + 60 * 86_400_000), newSince: new Date(now.getTime() - 14 * 86_400_000), limit: 12 }).toSQL();
  const result = (await database.db.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${inline(query.sql, query.params)}`))) as unknown as Rows<Record<string, string>>;
  console.log(result.rows.map((row) => Object.values(row)[0]).join('\n'));
}

/** The statement with its parameters written in (EXPLAIN takes no bound parameters through drizzle's execute). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

async function time(work: () => Promise<unknown>, runs: number): Promise<number[]> {
  for (let i = 0; i < 20; i += 1) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** `tsx bench/for-you.ts`: a catalogue of BENCH_EVENTS, the signals, and the p50/p95 of the call. */
async function main() {
  const total = Number(process.env.BENCH_EVENTS ?? 20_000);
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop: () => Promise<unknown>;
  if (url) {
    // BENCH_KEEP_DB=name keeps (and on the next run reuses) the generated database: for tuning the query.
    const kept = process.env.BENCH_KEEP_DB;
    const name = kept ?? `kuda_bench_fy_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
    if (!exists) await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: 2, statementTimeoutMs: 60 * 60_000 });
    drop = async () => {
      await database.close();
      if (kept) return;
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  } else {
    database = await openDatabase({});
    drop = () => database.close();
  }
  try {
    console.log(`for you: ${total} events on ${database.kind} …`);
    const present = (await database.db.execute(sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'events'`)) as unknown as Rows<{ n: number }>;
    // A kept database (BENCH_KEEP_DB) is generated once.
    if (Number(present.rows[0]?.n) === 0) await generateCatalog(database, total, (line) => console.log(line));
    const people = await seedForYouSignals(database);
    const work = forYouWork(database, people);
    if (process.env.BENCH_EXPLAIN === '1') await explain(database, people[1]!);
    const times = await time(work, 200);
    const pick = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
    console.log(`for you (${FOR_YOU_PEOPLE} people × ${FOLLOWS_EACH} follows, 2 saves, 2 visits): p50 ${pick(50).toFixed(2)} ms, p95 ${pick(95).toFixed(2)} ms, p99 ${pick(99).toFixed(2)} ms`);
  } finally {
    await drop();
  }
}

if (process.argv[1]?.endsWith('for-you.ts')) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
