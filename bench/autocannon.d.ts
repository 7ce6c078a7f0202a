// The few parts of autocannon 9 the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request is sent; returns the request to send (e.g. with another path). */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }

  interface Options {
    url: string;
    /** Cycled through by every connection, in order. */
    requests?: Request[];
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    timeout?: number;
  }

  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
