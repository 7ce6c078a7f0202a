import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { serializeLoggedRequest } from './log-redaction';
import { RequestLogController } from './request-log-controller';

/** A server whose log lines land in an array, at the given level. */
async function serverLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino({ level, serializers: { req: serializeLoggedRequest } }, sink), logController: new RequestLogController() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/broken', async () => {
    throw new Error('broken');
  });
  await app.ready();
  return { app, lines };
}

describe('request log lines', () => {
  it('writes one line per request at info, with the request, the status and the time', async () => {
    const { app, lines } = await serverLogging('info');
    await app.inject({ url: '/ok?token=secret-value' });
    await app.close();
    const requestLines = lines.filter((line) => line.reqId);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      level: 30,
      req: { method: 'GET', url: '/ok?token=[redacted]' },
      res: { statusCode: 200 },
    });
    expect(requestLines[0]!.responseTime).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toContain('secret-value');
  });

  it('keeps the incoming line at debug, and a failed request still says which request failed', async () => {
    const { app, lines } = await serverLogging('debug');
    await app.inject({ url: '/broken' });
    await app.close();
    const messages = lines.filter((line) => line.reqId).map((line) => [line.msg, line.level]);
    expect(messages[0]).toEqual(['incoming request', 20]);
    const completed = lines.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ req: { method: 'GET', url: '/broken' }, res: { statusCode: 500 } });
  });
});
