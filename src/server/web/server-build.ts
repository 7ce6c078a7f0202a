import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerBuild } from 'react-router';

export function projectRoot(): string {
  // src/server/web → project root; dist/server.js → project root.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i += 1) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = resolve(dir, '..');
  }
  throw new Error('Cannot find the project root');
}

let loading: Promise<ServerBuild> | undefined;

/**
 * The production server-rendering build (build/server/index.js), imported once. Loading it is the
 * longest single step of a start (React, MUI and every route's module, some 0.5 s), so server.ts starts
 * it before opening the database and the two proceed together; the web plugin then awaits the same import.
 */
export function loadServerBuild(): Promise<ServerBuild> {
  loading ??= (async () => {
    const serverEntry = join(projectRoot(), 'build', 'server', 'index.js');
    if (!existsSync(serverEntry)) throw new Error(`No web build at ${serverEntry}: run "npm run build" first.`);
    return (await import(serverEntry)) as ServerBuild;
  })();
  return loading;
}
