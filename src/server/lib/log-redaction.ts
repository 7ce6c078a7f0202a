/**
 * Capability URLs carry their secret in the URL itself (`?token=` of the e-mail change and unsubscribe
 * links, `/calendar/me/{secret}.ics`): the request log line keeps the path and drops the secret, so whoever
 * reads the logs cannot use them (DESIGN §4).
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]').replace(/(\/calendar\/me\/)[^/?#]+/g, '$1[redacted]');
}

/** Fastify's own request fields, with the URL redacted (the `req` log serializer). */
export function serializeLoggedRequest(request: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
