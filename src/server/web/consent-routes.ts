import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ConsentChoice, serializeConsent } from '../../shared/consent';

/** Any base will do: it only tells a same-origin path from one that leaves the site. */
const PROBE_ORIGIN = 'http://kuda.invalid';

/**
 * The path to send the reader back to: `back` when it is a path on this site, else the home page. A
 * full URL, a protocol-relative "//host" or "/\host" (browsers read both as another host) is refused,
 * so the form can never be used to send someone elsewhere. The URL parser drops tabs and line breaks
 * ("/\t/host" is "//host") before the origin is compared, and what it returns holds no raw control
 * characters, so the Location header cannot be split either.
 */
export function sameOriginPath(back: string | null | undefined): string {
  if (!back || !back.startsWith('/') || back.includes('\\')) return '/';
  try {
    const url = new URL(back, PROBE_ORIGIN);
    return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}` : '/';
  } catch {
    return '/';
  }
}

function choiceOf(value: string | null): ConsentChoice | null {
  return value === 'accepted' || value === 'declined' ? value : null;
}

/**
 * POST /consent: the cookie banner's Accept and Decline as a plain form (app/consent-banner.tsx), so a tap
 * before the page's JavaScript has run is not lost. It sets the same cookie the hydrated banner writes
 * (shared/consent.ts) and answers 303 to the page the form was on. Outside /api/v1: it is a page action,
 * not an API call, and needs no token.
 */
export async function consentRoutes(app: FastifyInstance) {
  // Scoped to this plugin: the rest of the site keeps its own body parsers.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });

  app.post('/consent', { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const back = sameOriginPath(form.get('back'));
    const choice = choiceOf(form.get('choice'));
    // An unknown choice changes nothing; the reader simply lands back where they were, still asked.
    if (choice) reply.header('set-cookie', serializeConsent(choice, { secure: request.protocol === 'https' }));
    return reply.header('cache-control', 'no-store').redirect(back, 303);
  });
}
