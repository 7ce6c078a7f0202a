import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmsProvider, HttpSmsProvider, LogSmsProvider } from './sms';

/** A local stand-in for an SMS gateway: records each request and answers with the status it is told. */
interface Received {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let url = '';
let received: Received[] = [];
let answer = 202;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body });
      response.writeHead(answer, { 'content-type': 'application/json' }).end(answer < 300 ? '{"id":"m-1"}' : '{"error":"nope"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  answer = 202;
});

describe('HttpSmsProvider', () => {
  const message = { to: '+381641234567', text: 'Vaš Kuda kod je 123456.' };

  it('POSTs {to, text} as JSON with the bearer token', async () => {
    await new HttpSmsProvider(url, 'gateway-token-1').send(message);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/send' });
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(received[0]?.headers.authorization).toBe('Bearer gateway-token-1');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual(message);
  });

  it('sends no authorization header when no token is configured', async () => {
    await new HttpSmsProvider(url, undefined).send(message);
    expect(received[0]?.headers.authorization).toBeUndefined();
  });

  it.each([400, 401, 404, 429, 500, 503])('throws on a %i answer, so the job queue retries', async (status) => {
    answer = status;
    await expect(new HttpSmsProvider(url, 'gateway-token-1').send(message)).rejects.toThrow(`SMS gateway answered ${status}`);
    expect(received).toHaveLength(1);
  });

  it('throws when the gateway cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(new HttpSmsProvider(`http://127.0.0.1:${port}/send`, undefined).send(message)).rejects.toThrow();
  });

  it('is what SMS_PROVIDER=http builds, with SMS_HTTP_URL and SMS_HTTP_TOKEN', async () => {
    const log = { info: () => undefined };
    const provider = createSmsProvider({ SMS_PROVIDER: 'http', SMS_HTTP_URL: url, SMS_HTTP_TOKEN: 'from-settings', DATA_DIR: '/nonexistent' }, log);
    expect(provider).toBeInstanceOf(HttpSmsProvider);
    await provider.send(message);
    expect(received[0]?.headers.authorization).toBe('Bearer from-settings');
    expect(() => createSmsProvider({ SMS_PROVIDER: 'http', DATA_DIR: '/nonexistent' }, log)).toThrow(/SMS_HTTP_URL/);
    expect(createSmsProvider({ SMS_PROVIDER: 'log', DATA_DIR: '/nonexistent' }, log)).toBeInstanceOf(LogSmsProvider);
  });
});
