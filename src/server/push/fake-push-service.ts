import { createECDH, createDecipheriv, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a push service (tests only): records what the server posts and answers with the
 * status the test sets per subscription; `browser()` makes a subscription the way a browser would
 * (its own P-256 key pair and auth secret) and can decrypt what arrives for it (RFC 8291, aes128gcm).
 */
export interface ReceivedPush {
  token: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  token: string;
  decrypt: (body: Buffer) => string;
}

export interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  /** What the service answers for this browser from now on (201 by default). */
  answer: (token: string, status: number) => void;
  browser: () => FakeBrowser;
  close: () => Promise<void>;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188: the browser's side of the message encryption, one record. */
function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(authSecret, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not a final aes128gcm record');
  return padded.subarray(0, end).toString('utf8');
}

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const token = (request.url ?? '').replace(/^\/push\//, '');
      received.push({ token, method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(token) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answer: (token, status) => answers.set(token, status),
    browser: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const token = randomBytes(24).toString('base64url');
      return {
        token,
        subscription: {
          endpoint: `${origin}/push/${token}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
