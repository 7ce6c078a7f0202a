import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-request nonce for the server-rendered page's inline scripts (hydration data). */
    cspNonce: string;
  }
}

export interface SecurityOptions {
  development: boolean;
  /** Extra origins analytics needs, allowed only when analytics is configured. */
  analyticsOrigin?: string;
  /** Origins the browser itself calls (Facebook's Graph API during Facebook sign-in). */
  connectOrigins?: string[];
}

/**
 * Security headers from helmet, and our own CSP: scripts only from us or with this request's nonce, so an
 * injected inline script cannot run. Styles allow inline because MUI (emotion) writes style tags.
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
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/v1/docs')) return; // swagger-ui sets its own static CSP
    // JSON answers load nothing: the strictest policy, and no nonce to generate per request.
    if (request.url.startsWith('/api/')) {
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      return;
    }
    request.cspNonce = randomBytes(16).toString('base64');
    const nonce = options.development ? '' : ` 'nonce-${request.cspNonce}'`;
    reply.header(
      'content-security-policy',
      [
        "default-src 'self'",
        `script-src 'self'${nonce}${devScript}${extra}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        `connect-src 'self'${extra}${connect}${devConnect}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });
});
