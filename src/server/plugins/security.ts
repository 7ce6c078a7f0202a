import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-request nonce for the server-rendered page's inline scripts (hydration data). */
    cspNonce: string;
  }
  interface FastifyInstance {
    /**
     * This app's page CSP with `scriptSources` (`'nonce-…'` or `'sha256-…'`) allowed for inline scripts.
     * A cached guest page names its scripts' hashes, so it is the same bytes for everyone (page-cache.ts).
     */
    contentSecurityPolicy: (scriptSources: readonly string[]) => string;
  }
}

export interface SecurityOptions {
  development: boolean;
  /** Extra origins analytics needs, allowed only when analytics is configured. */
  analyticsOrigin?: string;
  /** Origins the browser itself calls (Facebook's Graph API during Facebook sign-in). */
  connectOrigins?: string[];
  /** The map style's origin (MAP_STYLE_URL): the venue map picker fetches its style, tiles, glyphs and sprites there. */
  mapOrigin?: string;
}

/** RFC 9110 §7.2 / RFC 3986 §3.2.2: a registered name or an IP literal, with an optional port. */
const VALID_HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9\-._~!$&'()*+,;=%]+)(?::\d{1,5})?$/i;

/**
 * Security headers from helmet, and our own CSP: scripts only from us or with this request's nonce (or,
 * on a cached guest page, their hashes), so an injected inline script cannot run. Styles allow inline:
 * emotion writes style tags in the browser as components mount, which no nonce or hash known at render
 * time covers, so the server-rendered style tags carry no nonce either.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: options.development ? false : undefined,
  });
  app.decorateRequest('cspNonce', '');
  const extra = options.analyticsOrigin ? ` ${options.analyticsOrigin}` : '';
  // Vite's dev server injects inline modules and talks over a websocket; production needs neither.
  const devScript = options.development ? " 'unsafe-inline'" : '';
  const devConnect = options.development ? ' ws: wss:' : '';
  const connect = (options.connectOrigins ?? []).map((origin) => ` ${origin}`).join('');
  const map = options.mapOrigin ? ` ${options.mapOrigin}` : '';
  const policy = (scriptSources: readonly string[]) => {
    // In development 'unsafe-inline' must work, and a nonce or hash next to it would switch it off.
    const inline = options.development ? '' : scriptSources.map((source) => ` ${source}`).join('');
    return [
      "default-src 'self'",
      // The door's QR scanner compiles a WebAssembly decoder (zxing-wasm) where the browser has no BarcodeDetector.
      `script-src 'self'${inline}${devScript} 'wasm-unsafe-eval'${extra}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${map}`,
      "font-src 'self' data:",
      `connect-src 'self'${extra}${connect}${map}${devConnect}`,
      // The map picker's worker (maplibre-gl): our own script, or a blob: wrapper where the library makes one.
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
  };
  app.decorate('contentSecurityPolicy', policy);
  app.addHook('onRequest', async (request, reply) => {
    // Pages and API answers build URLs from the Host (or X-Forwarded-Host): one that is no host name is
    // refused here, before anything tries to parse it.
    if (!VALID_HOST.test(request.host)) throw new AppError('invalid', 'invalid_host');
    if (request.url.startsWith('/api/v1/docs')) return; // swagger-ui sets its own static CSP
    // JSON answers load nothing: the strictest policy, and no nonce to generate per request.
    if (request.url.startsWith('/api/')) {
      reply.header('content-security-policy', API_CSP);
      return;
    }
    request.cspNonce = randomBytes(16).toString('base64');
    reply.header('content-security-policy', policy([`'nonce-${request.cspNonce}'`]));
  });
});

/** The API's policy: JSON answers load nothing. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The security headers of an answer Fastify writes outside every hook (a URL it cannot decode, a header
 * too large to read): what helmet sets with the options above, and the API's CSP. Kept equal to helmet's
 * by a test (problem-details.test.ts), since helmet cannot run where there is no request.
 */
export function baselineSecurityHeaders(development: boolean): Record<string, string> {
  return {
    'content-security-policy': API_CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(development ? {} : { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}
