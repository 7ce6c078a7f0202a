import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino, { type Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-request-logger';
import { RequestLogController } from './request-log-controller';

/** A pino logger whose lines are kept, parsed, without their time (they differ by when they were written). */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const { time: _time, ...rest } = JSON.parse(line) as Record<string, unknown>;
        lines.push(rest);
      }
      done();
    },
  });
  const logger = pino(
    {
      level,
      serializers: { err: pino.stdSerializers.err },
      redact: { paths: ['*.password'], censor: '[redacted]' },
    },
    stream,
  );
  return { logger, lines };
}

type Shape = (log: Pick<Logger, 'info' | 'error'>) => void;
const SHAPES: Record<string, Shape> = {
  'fields and a message': (log) => log.info({ status: 200, req: { url: '/x', password: 'p' } }, 'request completed'),
  'a message alone': (log) => log.info('hello'),
  'a message with interpolation': (log) => log.info('hello %s, %d', 'there', 3),
  'an error alone': (log) => log.error(new Error('boom')),
  'an error among fields': (log) => log.error({ err: new Error('boom') }, 'failed'),
  'fields with a null prototype': (log) => log.info(Object.assign(Object.create(null) as object, { a: 1 }), 'bare'),
};

describe('lazyChildLoggerFactory', () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`writes ${name} exactly as pino's child does`, () => {
      const own = capture('info');
      const lazy = capture('info');
      const loggers = [own.logger.child({ reqId: 'r-1' }), lazyChildLoggerFactory.call(undefined as never, lazy.logger, { reqId: 'r-1' }, {}, undefined as never) as unknown as Logger];
      // One call site for both, so that an error's stack reads the same.
      for (const log of loggers) shape(log);
      expect(lazy.lines).toHaveLength(1);
      expect(JSON.stringify(lazy.lines)).toBe(JSON.stringify(own.lines));
    });
  }

  it('makes no child while nothing is written at the level, then one, once', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = lazyChildLoggerFactory.call(undefined as never, logger, { reqId: 'r-2' }, {}, undefined as never);
    log.info({ a: 1 }, 'below the level');
    log.debug('below too');
    expect(child).not.toHaveBeenCalled();
    log.warn({ b: 2 }, 'written');
    log.error(new Error('second'));
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['r-2', 'written'],
      ['r-2', 'second'],
    ]);
  });

  it("follows a level the parent changes later, and a level set on the request's own logger", () => {
    const { logger, lines } = capture('warn');
    const log = lazyChildLoggerFactory.call(undefined as never, logger, { reqId: 'r-3' }, {}, undefined as never);
    log.info('not yet');
    logger.level = 'info';
    log.info('now');
    log.level = 'error';
    log.warn('quiet again');
    expect(log.level).toBe('error');
    expect(lines.map((line) => line.msg)).toEqual(['now']);
  });

  it("in Fastify: request lines carry the request id, and a route's own level still holds", async () => {
    const { logger, lines } = capture('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLoggerFactory, logController: new RequestLogController(), genReqId: () => 'req-1' });
    app.get('/open', async (request) => {
      request.log.info({ step: 'handler' }, 'inside');
      return { ok: true };
    });
    app.get('/quiet', { logLevel: 'silent' }, async (request) => {
      request.log.error('never written');
      return { ok: true };
    });
    await app.inject({ url: '/open' });
    await app.inject({ url: '/quiet' });
    await app.close();
    const written = lines.filter((line) => line.reqId === 'req-1');
    expect(written.map((line) => line.msg)).toEqual(['inside', 'request completed']);
    expect(written[0]).toMatchObject({ step: 'handler' });
    expect(written[1]).toMatchObject({ req: { url: '/open' }, res: { statusCode: 200 } });
  });
});
