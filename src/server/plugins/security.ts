import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
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
  const headers = helmetHeaders(options.development);
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
  // A callback, not an async hook: no promise and microtask turn per answer (issue #13).
  app.addHook('onRequest', (request, reply, done) => {
    // Pages and API answers build URLs from the Host (or X-Forwarded-Host): one that is no host name is
    // refused here, before anything tries to parse it.
    if (!VALID_HOST.test(request.host)) return done(new AppError('invalid', 'invalid_host'));
    reply.headers(headers);
    if (request.url.startsWith('/api/v1/docs')) return done(); // swagger-ui sets its own static CSP
    // JSON answers load nothing: the strictest policy, and no nonce to generate per request.
    if (request.url.startsWith('/api/')) {
      reply.header('content-security-policy', API_CSP);
      return done();
    }
    request.cspNonce = randomBytes(16).toString('base64');
    reply.header('content-security-policy', policy([`'nonce-${request.cspNonce}'`]));
    done();
  });
});

/** The API's policy: JSON answers load nothing. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Helmet's headers with the options above, read once from its own middleware. With the CSP left to us
 * they are the same for every answer, so running helmet's twelve middlewares on each request (some 5 % of
 * a cached answer's time, issue #13) bought nothing; helmet stays the one source of what they are.
 */
export function helmetHeaders(development: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  const options = { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, strictTransportSecurity: !development } as const;
  // Every one of these middlewares sets or removes a header and calls next at once (no I/O, no request data).
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * The security headers of an answer Fastify writes outside every hook (a URL it cannot decode, a header
 * too large to read): helmet's, and the API's CSP.
 */
export function baselineSecurityHeaders(development: boolean): Record<string, string> {
  return { 'content-security-policy': API_CSP, ...helmetHeaders(development) };
}
