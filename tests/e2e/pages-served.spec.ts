import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, ON_DESKTOP, test } from './support/test';

/** What the built server answers for page addresses (spec §2), its guest-page CSP, the Host header and its scripts. */

// Answers do not depend on the viewport: checked once.
test.describe('the server answers', ON_DESKTOP, () => {
  test('a first segment naming a language Kuda does not speak redirects to the Serbian page', async ({ request }) => {
    for (const [from, to] of [
      ['/de/', '/sr/'],
      ['/fr/search?q=jazz', '/sr/search?q=jazz'],
      ['/de-AT/categories/koncerti', '/sr/categories/koncerti'],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect(response.status(), from).toBe(302);
      expect(new URL(response.headers().location!, 'http://x').pathname + new URL(response.headers().location!, 'http://x').search, from).toBe(to);
    }
  });

  test('any other unknown address is the 404 page with status 404', async ({ request }) => {
    for (const path of ['/jwt-secret', '/.env', '/package.json', '/sr/no-such-page', '/en/events/foo/bar', '/wp-admin/setup.php']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(response.headers()['content-type'], path).toContain('text/html');
    }
  });

  test('a guest page lists the hash of every inline script in its CSP, and two guests get the same bytes and ETag', async ({ request }) => {
    const first = await request.get('/en/', { headers: { 'accept-encoding': 'identity' } });
    const second = await request.get('/en/', { headers: { 'accept-encoding': 'identity' } });
    const html = await first.text();
    expect(await second.text()).toBe(html);
    expect(first.headers().etag).toBeTruthy();
    expect(second.headers().etag).toBe(first.headers().etag);
    const csp = first.headers()['content-security-policy']!;
    expect(csp).not.toContain("'nonce-");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\ssrc=/.test(attributes!));
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, , text] of scripts) expect(csp).toContain(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
  });

  /**
   * Sends one request with exactly these headers and reads the answer as sent: fetch and Playwright would
   * correct or refuse a malformed Host, and decode a compressed body.
   */
  function rawGet(baseURL: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    const url = new URL(baseURL);
    return new Promise((resolve, reject) => {
      const request = httpRequest({ hostname: url.hostname, port: url.port, path, setHost: !('host' in headers), headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on('error', reject);
      request.end();
    });
  }

  test('a script is sent as the build compressed it, kept for a year, and apart per encoding', async ({ request, baseURL }) => {
    const html = await (await request.get('/sr/')).text();
    const script = html.match(/"(\/assets\/entry\.client-[\w-]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const built = readFileSync(join('build/client', script!));
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
      ['identity', (body: Buffer) => body],
    ] as const) {
      const { headers, body } = await rawGet(baseURL!, script!, { 'accept-encoding': encoding });
      expect(headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
      expect(headers.vary, encoding).toMatch(/accept-encoding/i);
      expect(headers['content-encoding'], encoding).toBe(encoding === 'identity' ? undefined : encoding);
      expect(decode(body).equals(built), encoding).toBe(true);
      // The build's own copy (scripts/precompress.mjs), byte for byte, not one compressed for this request.
      if (encoding !== 'identity') expect(body.equals(readFileSync(join('build/client', `${script!}.${encoding === 'br' ? 'br' : 'gz'}`))), encoding).toBe(true);
    }
  });

  test('a malformed Host header is answered 400 on pages and the API, never 500', async ({ baseURL }) => {
    for (const host of ['exa mple.com', '[::1', 'a/b']) {
      for (const path of ['/', '/en/events/x-1', '/en/login', '/api/v1/events']) {
        const { status, body } = await rawGet(baseURL!, path, { host });
        expect(status, `${host} ${path}`).toBe(400);
        expect(body.toString('utf8')).not.toContain('    at ');
      }
    }
  });
});
