// Brotli and gzip copies of the client build's text files, made once at build time, so that the server
// sends them as they are (@fastify/static `preCompressed`) instead of compressing the same bytes again
// for every first visit: a page's 30-odd scripts cost the event loop tens of milliseconds each in brotli,
// while the page's picture and other requests waited behind them.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** Below this the headers outweigh the saving (the threshold app.ts gives @fastify/compress). */
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

export async function precompress(dir) {
  const jobs = [];
  for await (const path of textFiles(dir)) {
    jobs.push(
      readFile(path).then(async (content) => {
        if (content.length < MIN_BYTES) return 0;
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzipAsync(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        return 1;
      }),
    );
  }
  return (await Promise.all(jobs)).reduce((sum, made) => sum + made, 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const made = await precompress(process.argv[2] ?? 'build/client');
  console.log(`precompress: brotli and gzip copies of ${made} files`);
}
