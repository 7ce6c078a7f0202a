// Whether build/ and dist/ were built from the sources as they are now: `npm start` runs the build only
// when they were not (a fresh clone, a pull, an edit). `node scripts/build-stamp.mjs` records the current
// sources as built; `npm run build` does that last.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the build reads. Tests are left out: editing one does not change what runs. */
const INPUTS = ['src', 'public', 'package.json', 'package-lock.json', 'react-router.config.ts', 'vite.config.ts', 'tsconfig.json', 'scripts/build-server.mjs', 'scripts/precompress.mjs', 'scripts/service-worker-options.mjs'];
const IGNORED = /\.test\.tsx?$/;
/** What the build writes and `npm start` runs. */
const OUTPUTS = ['build/server/index.js', 'dist/server.js'];
const STAMP = 'dist/build-stamp.json';

function files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => files(root, join(path, name)));
}

/** A SHA-256 over the path and content of every build input. */
export function sourceHash(root) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(root, input)) {
      if (IGNORED.test(file)) continue;
      hash.update(relative(root, join(root, file)).split('\\').join('/')).update('\0').update(readFileSync(join(root, file))).update('\0');
    }
  }
  return hash.digest('hex');
}

export function buildIsCurrent(root) {
  if (!OUTPUTS.every((output) => existsSync(join(root, output)))) return false;
  try {
    return JSON.parse(readFileSync(join(root, STAMP), 'utf8')).sources === sourceHash(root);
  } catch {
    return false;
  }
}

export function writeStamp(root) {
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, STAMP), `${JSON.stringify({ sources: sourceHash(root) })}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeStamp(process.cwd());
