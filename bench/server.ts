/**
 * What `npm run bench` and `npm run lighthouse` share: building when the sources are newer than the build,
 * starting the built server on a free loopback port, stopping it, and measuring a page's first-load
 * JavaScript from its HTML. Traffic only ever goes to 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { deferredPreloads } from '../src/web/lib/scripts-after-first-paint';

export const ROOT = resolve(import.meta.dirname, '..');
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

export const log = (line: string) => console.info(line);

/** The value at or below which `p` % of `sorted` (ascending) lies; NaN for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds unless dist/ and build/ are newer than src/ (or BENCH_NO_BUILD=1 and a build exists). */
export function ensureBuild() {
  const serverJs = join(ROOT, 'dist', 'server.js');
  const webBuild = join(ROOT, 'build', 'server', 'index.js');
  if (process.env.BENCH_NO_BUILD === '1' && existsSync(serverJs) && existsSync(webBuild)) return;
  const stale =
    !existsSync(serverJs) || !existsSync(webBuild) || newestMtime(join(ROOT, 'src')) > Math.min(statSync(serverJs).mtimeMs, statSync(webBuild).mtimeMs);
  if (!stale) return;
  log('Building (npm run build): the sources are newer than dist/ and build/ …');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export interface RunningServer {
  origin: string;
  process: ChildProcess;
  /** Resident memory when it first answered healthy, before any load: the "idle" figure. */
  readyRssMb: number;
}

/** The resident memory of a process in MB (Linux `/proc`), or NaN where there is no `/proc`. */
export function residentMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

/**
 * Starts dist/server.js in production mode on a free port and waits for its health check; logs how long
 * that took and the resident memory then, under `label` (what kind of start it was).
 */
export async function startServer(env: Record<string, string>, label = 'server ready'): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: flags NODE_OPTIONS refuses, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (written at a clean exit).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'dist', 'server.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      JWT_SECRET,
      // e.g. `--heapsnapshot-signal=SIGUSR2` or a `--require` of a memory probe, to find what a figure is made of.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const startedAt = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/v1/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - startedAt > 120_000) {
      child.kill('SIGKILL');
      throw new Error('The server did not become ready in 2 minutes');
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  // The cold start: from spawning the process to the first healthy answer (polled every 25 ms).
  const readyMs = Date.now() - startedAt;
  const readyRssMb = residentMb(child.pid);
  log(`  ${label}: ${(readyMs / 1000).toFixed(2)} s to a healthy /api/v1/health, ${readyRssMb.toFixed(1)} MB resident, at ${origin}`);
  return { origin, process: child, readyRssMb };
}

export async function stopServer(server: RunningServer) {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((r) => server.process.once('exit', r));
  server.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (server.process.exitCode === null) server.process.kill('SIGKILL');
}

export interface FirstLoad {
  files: number;
  raw: number;
  gzip: number;
  html: number;
  htmlGzip: number;
}

/** Every script a server-rendered page names: script src, modulepreload (either attribute order), inline imports, deferred preloads. */
export function namedScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/import\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/import\(\s*["']([^"']+\.js)["']\s*\)/g)) urls.add(match[1]!);
  for (const url of deferredPreloads(html)) urls.add(url);
  return [...urls];
}

/**
 * Sum of gzip -9 sizes of the JS a server-rendered page names in its HTML (script src, modulepreload,
 * inline imports): the method of decision 0005. Modules the entry imports at run time (the language's
 * catalogues) are not named there; `npm run lighthouse` measures those in a browser.
 */
export async function firstLoadJs(origin: string, path = '/sr/'): Promise<FirstLoad> {
  const response = await fetch(`${origin}${path}`);
  const html = await response.text();
  const urls = namedScripts(html);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, origin))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.length, raw, gzip, html: Buffer.byteLength(html), htmlGzip: gzipSync(html, { level: 9 }).length };
}

/** CPU time (user + system) a process has used, in seconds (Linux `/proc`), or NaN where there is none. */
export function cpuSeconds(pid: number | undefined): number {
  try {
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis):
    // utime and stime are the 12th and 13th, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}
