import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, writeStamp } from './build-stamp.mjs';

describe('whether npm start has to build first', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kuda-stamp-'));
    write('package.json', '{}');
    write('package-lock.json', '{}');
    write('src/server/app.ts', 'export {};');
    write('build/server/index.js', '');
    write('dist/server.js', '');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when nothing records what was built (a fresh clone)', () => {
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('starts without building when the sources and the lockfile are as they were built', () => {
    writeStamp(root);
    expect(buildIsCurrent(root)).toBe(true);
  });

  it('builds again after a source, the lockfile or a public file changes, or a new file appears', () => {
    for (const [path, text] of [
      ['src/server/app.ts', 'export const changed = 1;'],
      ['package-lock.json', '{"lockfileVersion":3}'],
      ['public/robots.txt', 'User-agent: *'],
    ] as const) {
      writeStamp(root);
      write(path, text);
      expect(buildIsCurrent(root), path).toBe(false);
    }
  });

  it('does not build again for a test edit, but does when an output is missing', () => {
    writeStamp(root);
    write('src/server/app.test.ts', 'it();');
    expect(buildIsCurrent(root)).toBe(true);
    rmSync(join(root, 'build'), { recursive: true });
    expect(buildIsCurrent(root)).toBe(false);
  });
});
