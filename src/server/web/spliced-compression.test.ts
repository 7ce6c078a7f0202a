import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adler32, adler32Combine, crc32Combine, SplicedBody } from './spliced-compression';

const page = (n: number) =>
  `<!DOCTYPE html><html><head><script nonce="{N}">start()</script></head><body>${'<div class="css-1x">Концерт у Београду</div>'.repeat(n)}` +
  `<script nonce="{N}">window.data = ${JSON.stringify({ nonce: '{N}' })}</script></body></html>`;

describe('spliced compression', () => {
  it('combines CRC-32 and Adler-32 checksums as if the parts were read together', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.uint8Array({ maxLength: 3000 }), (a, b) => {
        const [left, right] = [Buffer.from(a), Buffer.from(b)];
        const whole = Buffer.concat([left, right]);
        expect(crc32Combine(crc32(left), crc32(right), right.length)).toBe(crc32(whole));
        expect(adler32Combine(adler32(left), adler32(right), right.length)).toBe(adler32(whole));
      }),
    );
  });

  it('computes Adler-32 like zlib over long inputs', () => {
    const data = randomBytes(200_000);
    const sum = adler32(data);
    let a = 1;
    let b = 0;
    for (const byte of data) {
      a = (a + byte) % 65521;
      b = (b + a) % 65521;
    }
    expect(sum).toBe(((b << 16) | a) >>> 0);
  });

  for (const encoding of ['gzip', 'deflate'] as const) {
    it(`answers ${encoding} bodies that decode, checksums verified, to the page with each response's values`, () => {
      const parts = page(400).split('{N}');
      const spliced = new SplicedBody(parts, encoding, 24);
      const decode = encoding === 'gzip' ? gunzipSync : inflateSync;
      for (const nonce of ['nonceA+/=nonceA+/=nonceA', randomBytes(16).toString('base64'), 'x'.repeat(24)]) {
        const body = spliced.body(nonce);
        expect(decode(body).toString('utf8')).toBe(page(400).replaceAll('{N}', nonce));
      }
    });
  }

  it('compresses nearly as well as the whole page at once, however many values it splices', () => {
    const many = Array.from({ length: 80 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="{N}"/>`).join('') + page(100);
    const nonce = randomBytes(16).toString('base64');
    const parts = many.split('{N}');
    const whole = gzipSync(many.replaceAll('{N}', nonce)).length;
    const spliced = new SplicedBody(parts, 'gzip', 24).body(nonce).length;
    // The first value goes as it is; each later one is a back-reference and empty-block markers, some 20 bytes.
    expect(spliced).toBeLessThan(whole + 40 + parts.length * 20);
  });

  it('stays correct when the text holds NUL bytes, which the linked mode cannot allow', () => {
    const text = 'a\u0000b\u0000\u0000\u0000{N}\u0000\u0000\u0000 tail {N} end';
    const parts = text.split('{N}');
    const body = new SplicedBody(parts, 'gzip', 3).body('xyz');
    expect(gunzipSync(body).toString()).toBe(parts[0] + 'xyz' + parts[1] + 'xyz' + parts[2]);
  });

  it('repeats values far apart and beyond the window, of any length a back-reference allows', () => {
    for (const valueLength of [3, 24, 100, 258, 300]) {
      for (const gap of [0, 1, 500, 32_768 - valueLength, 32_768 - valueLength + 1, 40_000]) {
        const filler = 'é'.repeat(Math.floor(gap / 2)) + 'x'.repeat(gap % 2);
        const parts = ['<head>', filler, 'middle', filler, '</html>'];
        const value = 'v'.repeat(valueLength - 1) + '=';
        const body = new SplicedBody(parts, 'gzip', valueLength).body(value);
        expect(gunzipSync(body).toString(), `${valueLength}/${gap}`).toBe(parts.join(value));
      }
    }
  });

  it('copes with empty parts and a single part, and refuses values of another length', () => {
    const spliced = new SplicedBody(['', 'middle', ''], 'gzip', 1);
    expect(gunzipSync(spliced.body('x')).toString()).toBe('xmiddlex');
    expect(gunzipSync(new SplicedBody(['only'], 'gzip', 1).body('x')).toString()).toBe('only');
    expect(inflateSync(new SplicedBody(['a', 'b', 'c'], 'deflate', 4).body('1234')).toString()).toBe('a1234b1234c');
    expect(() => spliced.body('yy')).toThrow(RangeError);
  });
});
