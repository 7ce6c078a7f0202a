import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unavailable } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * SIGTERM's first step (server.ts): from now on every new request is refused; resolves once the
     * requests already received have been answered and no client has connected for a moment, so the
     * `close()` that follows resets nobody.
     */
    drain(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
  }
}

/**
 * Draining before closing. Fastify's `close()` alone stops listening at once and closes every connection
 * with no request parsed yet: clients whose connection the kernel had already accepted (the queue behind
 * a burst) or whose request was still on the wire get a reset. While draining the server keeps accepting,
 * and answers whatever arrives with 503, Retry-After and `Connection: close`: the client (or the load
 * balancer, whose health check now fails too) goes to another instance, and the connection ends cleanly.
 */
export const gracefulDrainPlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    let inFlight = 0;
    // Counted on the raw server: every request, also one refused or answered before any hook.
    app.server.on('request', (_request, response) => {
      inFlight += 1;
      response.once('close', () => (inFlight -= 1));
    });

    // Callback style: on every request's path, and an async hook costs a promise per request.
    app.addHook('onRequest', (_request, reply, done) => {
      if (!draining) return done();
      reply.header('connection', 'close');
      done(unavailable('shutting_down', 1));
    });

    app.decorate('drain', async ({ quietMs = 500, maxMs = 6_000 }: { quietMs?: number; maxMs?: number } = {}) => {
      draining = true;
      let lastConnectionAt = Date.now();
      const connected = () => (lastConnectionAt = Date.now());
      app.server.on('connection', connected);
      const deadline = Date.now() + maxMs;
      try {
        // Bounded: a client that keeps reconnecting must not hold the process past the force-exit timer.
        while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastConnectionAt < quietMs)) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        app.server.off('connection', connected);
      }
    });
  },
  { name: 'graceful-drain' },
);
