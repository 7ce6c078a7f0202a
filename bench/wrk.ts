/**
 * A cross-check of the single-URL HTTP scenarios with wrk, a load generator written in C, where it is
 * installed (`apt-get install wrk`, or BENCH_WRK=/path/to/wrk). autocannon parses every answer in
 * JavaScript on one core: for answers of tens of kilobytes (a server-rendered page) it tops out before the
 * server does, so its figure is the load generator's, not Kuda's. The bench prints both, each as a share of
 * the bare "hello" server measured by the same generator.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface WrkStats {
  rps: number;
  p50: number;
  p99: number;
}

/** The wrk binary to use, or undefined when there is none. */
export function findWrk(): string | undefined {
  const candidates = [process.env.BENCH_WRK, '/usr/bin/wrk', '/usr/local/bin/wrk'].filter((path): path is string => Boolean(path));
  return candidates.find((path) => existsSync(path));
}

/** wrk prints latencies as `635.00us`, `12.68ms` or `1.02s`: milliseconds. */
function milliseconds(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 'ms' ? n : match[2] === 's' ? n * 1000 : n * 60_000;
}

/** One wrk run: one thread (as autocannon has one core), `connections`, `seconds`, the given headers. */
export function runWrk(wrk: string, url: string, headers: Record<string, string>, connections: number, seconds: number): WrkStats {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];
  const result = spawnSync(wrk, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || result.stdout}`);
  const out = result.stdout;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  if (non2xx > 0) throw new Error(`wrk: ${non2xx} answers were not 2xx for ${url}`);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p50: milliseconds(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    p99: milliseconds(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
  };
}
