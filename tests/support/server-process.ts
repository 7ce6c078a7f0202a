import { spawn, type ChildProcess } from 'node:child_process';

/** A real Kuda server process, started the way production starts it, for the fault tests. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything it wrote so far (stdout and stderr). */
  output: () => string;
}

/**
 * Starts `src/server/server.ts --api-only` (no web build needed) in one process (no tsx CLI wrapper
 * relaying signals, so a signal reaches the server itself), on a free port, and resolves once it logs
 * that it is ready. `env` is laid over the test's own environment and a production-like base.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts', '--api-only'], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /"address":"http:\/\/127\.0\.0\.1:(\d+)"[^\n]*Kuda is ready/.exec(output);
      if (ready) resolve({ child, port: Number(ready[1]), output: () => output });
    });
  });
}
