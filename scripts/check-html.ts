/**
 * `npm run check:html`: the server-rendered HTML is valid (W3C Nu checker from the vnu-jar package) on the
 * pages people and crawlers land on, as the built server sends them — a cached guest page (hash-based CSP),
 * a page rendered per request (nonce), an organizer-workspace page and the 404 page.
 *
 * It needs Java, so it is not part of `npm test` (whose only prerequisites are Node and Chromium): `.ci/run`
 * installs a Java runtime when it is missing and runs this after the test suite. Exits 1 on any error.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const VNU = resolve('node_modules/vnu-jar/build/dist/vnu.jar');
const PORT = Number(process.env.CHECK_HTML_PORT ?? 3290);
const base = `http://127.0.0.1:${PORT}`;

interface NuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

function fail(message: string): never {
  console.error(`check:html: ${message}`);
  process.exit(1);
}

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  fail('the server did not become healthy within 60 s');
}

async function main() {
  if (!existsSync('dist/server.js')) fail('no build: run `npm run build` first');
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error) fail('the Nu checker needs Java: install a Java runtime (Debian: apt-get install -y default-jre-headless)');

  const dataDir = mkdtempSync(join(tmpdir(), 'kuda-html-'));
  const server = spawn(process.execPath, ['dist/server.js'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(Date.now() + 60_000);
    const home = await (await fetch(`${base}/sr/`)).text();
    const eventPath = /href="(\/sr\/events\/[^"]+)"/.exec(home)?.[1];
    const categoryPath = /href="(\/sr\/categories\/[^"]+)"/.exec(home)?.[1];
    if (!eventPath || !categoryPath) fail('the home page links no event or no category');
    const pages: [string, string, number][] = [
      ['home', '/sr/', 200],
      ['event', eventPath, 200],
      ['category', categoryPath, 200],
      ['not-found', '/en/no-such-page', 404],
      ['login', '/en/login', 200],
      ['organizer-events', '/en/organizer/events', 200],
    ];
    const files: string[] = [];
    for (const [name, path, status] of pages) {
      const response = await fetch(`${base}${path}`);
      if (response.status !== status) fail(`${path} answered ${response.status}, expected ${status}`);
      const file = join(dataDir, `${name}.html`);
      writeFileSync(file, await response.text());
      files.push(file);
    }
    const run = spawnSync('java', ['-jar', VNU, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8' });
    // vnu writes its report to stderr and exits 1 when it found errors.
    const report = JSON.parse(run.stderr || '{"messages":[]}') as { messages: NuMessage[] };
    const errors = report.messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
    for (const error of errors) console.error(`${error.url?.split('/').pop()}:${error.lastLine}: ${error.message} ${error.extract ?? ''}`);
    console.log(`check:html: ${pages.length} pages checked, ${errors.length} errors`);
    if (errors.length > 0) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
