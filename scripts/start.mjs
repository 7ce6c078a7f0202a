// `npm start`: runs the production build, building it first only when it is missing or older than the
// sources (scripts/build-stamp.mjs). So `npm ci && npm start` builds once, and later starts are immediate.
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-stamp.mjs';

const root = process.cwd();
if (buildIsCurrent(root)) {
  console.log('The build is current: starting it.');
} else {
  console.log('Building first: there is no build yet, or the sources changed since the last one.');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env.NODE_ENV = 'production';
await import(new URL('../dist/server.js', import.meta.url).href);
