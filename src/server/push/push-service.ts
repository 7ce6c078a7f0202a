import { PUSH_SUBSCRIPTIONS_PER_USER, type PushMessage, type PushSubscriptionCreated, type PushSubscriptionInput } from '../../shared/schemas/push';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import type { JobContext, JobQueue } from '../jobs/job-queue';
import { invalidField, notFound } from '../lib/errors';
import * as repo from './push-subscriptions-repository';
import { resolveVapidKeys, type VapidKeys } from './vapid-keys';

export const PUSH_JOB = 'push.send';
/** A push the device could not take (offline, off) waits at the push service at most this long. */
export const PUSH_DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
/** Push services cap a message near 4 KB; the text shown is cut well before. */
const BODY_MAX_LENGTH = 400;

interface Logger {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
}

/** What a push service answered; `send` is replaceable in tests, the real one posts with fetch. */
export type PushTransport = (request: { url: string; method: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | null }) => Promise<{ status: number }>;

export interface PushDeps {
  db: Db;
  jobs: JobQueue;
  config: Pick<Config, 'NODE_ENV' | 'DATA_DIR' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUSH_HTTP_ENDPOINT_HOST'>;
  log?: Logger;
  transport?: PushTransport;
}

/** What to push to every browser of a person; `key` makes it once-only however often it is asked. */
export interface PushRequest {
  userId: string;
  key: string;
  message: PushMessage;
  ttlSeconds?: number;
}

/** Only the push service's host goes to logs and job errors: the endpoint's path is the subscription's secret. */
const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
};

/** RFC 8030 Topic: at most 32 URL-safe base64 characters; a newer push with the same topic replaces one still waiting. */
const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32);

const fetchTransport: PushTransport = async ({ url, method, headers, body }) => {
  // No redirects: a push service never sends one, and following it would let an endpoint point us elsewhere.
  const response = await fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  await response.body?.cancel();
  return { status: response.status };
};

/**
 * Web Push (RFC 8030/8291/8292) for the reminders and status changes a person already gets in the app:
 * browsers subscribe here; the notifications jobs ask `notify`, which queues one push job per
 * notification; the job encrypts the message for each of the person's browsers and posts it.
 */
export class PushService {
  private keys: Promise<VapidKeys> | undefined;
  private readonly transport: PushTransport;

  constructor(private readonly deps: PushDeps) {
    this.transport = deps.transport ?? fetchTransport;
    deps.jobs.register(PUSH_JOB, (payload, context) => this.deliver(payload, context));
  }

  /** Resolved on first use, so a server that never pushes never generates keys. */
  private vapid(): Promise<VapidKeys> {
    this.keys ??= resolveVapidKeys(this.deps.config);
    return this.keys;
  }

  async publicKey(): Promise<{ public_key: string }> {
    return { public_key: (await this.vapid()).publicKey };
  }

  async subscribe(userId: string, input: PushSubscriptionInput, userAgent: string | undefined): Promise<PushSubscriptionCreated> {
    this.checkEndpoint(input.endpoint);
    const id = await this.deps.db.transaction(async (tx) => {
      const saved = await repo.upsertSubscription(tx, {
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh.replace(/=+$/, ''),
        auth: input.keys.auth.replace(/=+$/, ''),
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      await repo.trimSubscriptions(tx, userId, saved, PUSH_SUBSCRIPTIONS_PER_USER);
      return saved;
    });
    return { id };
  }

  async unsubscribe(userId: string, id: number): Promise<void> {
    if (!(await repo.deleteOwnSubscription(this.deps.db, userId, id))) throw notFound('push_subscription_not_found');
  }

  /** Part of account deletion, in its transaction (the account row stays, anonymised: no cascade). */
  async eraseForDeletedAccount(tx: DbOrTx, userId: string): Promise<void> {
    await repo.deleteAllForUser(tx, userId);
  }

  /**
   * The server posts to whatever URL a subscription names, so only real push services qualify: https on a
   * host name (no IP literal, no localhost, no credentials). Plain http only for the one host tests configure.
   */
  private checkEndpoint(endpoint: string): void {
    const url = new URL(endpoint);
    const testHost = this.deps.config.PUSH_HTTP_ENDPOINT_HOST;
    // The test host given without a port allows any port on it (the fake push service listens on a random one).
    if (testHost && (url.host === testHost || url.hostname === testHost) && !url.username && !url.password) return;
    const host = url.hostname;
    const ipLiteral = /^\[.*\]$/.test(host) || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
    if (url.protocol !== 'https:' || ipLiteral || host === 'localhost' || host.endsWith('.localhost') || !host.includes('.') || url.username || url.password) {
      throw invalidField('endpoint', 'field.push_endpoint');
    }
  }

  /**
   * Queues the push (called from a notification job, in its database handle): nothing when the person has
   * no browser subscribed; once per key, so a retried notification job does not push twice.
   */
  async notify(db: DbOrTx, request: PushRequest): Promise<void> {
    if (!(await repo.hasSubscriptions(db, request.userId))) return;
    const message = { ...request.message, body: request.message.body.slice(0, BODY_MAX_LENGTH) };
    await this.deps.jobs.enqueue(db, {
      type: PUSH_JOB,
      payload: { user_id: request.userId, key: request.key, message, ttl: request.ttlSeconds ?? PUSH_DEFAULT_TTL_SECONDS },
      idempotencyKey: `${request.key}:push`,
    });
  }

  /**
   * The job: one encrypted post per browser, each at most once however often the job is retried. A
   * subscription the push service calls gone (404/410) is deleted; any other failure retries the job
   * (the browsers already served are skipped).
   */
  async deliver(payload: Record<string, unknown>, context: JobContext): Promise<void> {
    const userId = String(payload.user_id);
    const key = String(payload.key);
    const message = payload.message as PushMessage;
    const ttl = Number(payload.ttl) || PUSH_DEFAULT_TTL_SECONDS;
    const body = JSON.stringify(message);
    const failures: string[] = [];
    for (const subscription of await repo.listSubscriptions(this.deps.db, userId)) {
      await context.deliverOnce(`${key}:push:${subscription.id}`, 'push', async () => {
        const outcome = await this.post(subscription, body, ttl, topicOf(message.tag));
        if (outcome === 'gone') {
          await repo.deleteSubscription(this.deps.db, subscription.id);
          this.deps.log?.info({ subscription_id: subscription.id, push_host: hostOf(subscription.endpoint) }, 'push subscription gone: deleted');
        } else if (outcome === 'sent') {
          await repo.markUsed(this.deps.db, subscription.id);
        } else {
          failures.push(outcome);
          // Not recorded as delivered: the retry tries this browser again.
          throw new PushFailed(outcome);
        }
      }).catch((error: unknown) => {
        if (!(error instanceof PushFailed)) throw error;
      });
    }
    if (failures.length) throw new Error(`push failed for ${failures.length} subscription(s): ${failures.join('; ')}`);
  }

  /** Posts one message; 'sent', 'gone', or a failure described without the endpoint's secret parts. */
  private async post(subscription: repo.StoredSubscription, body: string, ttl: number, topic: string): Promise<'sent' | 'gone' | string> {
    const keys = await this.vapid();
    const host = hostOf(subscription.endpoint);
    // web-push loads with the first push (a background job), not with the server's start.
    const { default: webpush } = await import('web-push');
    let request;
    try {
      request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, body, {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: ttl,
        contentEncoding: 'aes128gcm',
        topic,
      });
    } catch (error) {
      // Keys the browser gave that cannot encrypt (stored before validation tightened): never deliverable.
      this.deps.log?.warn({ subscription_id: subscription.id, push_host: host, reason: (error as Error).message }, 'push subscription unusable: deleted');
      return 'gone';
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    let status: number;
    try {
      ({ status } = await this.transport({ url: request.endpoint, method: request.method, headers, body: request.body ? new Uint8Array(request.body as Buffer) : null }));
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network error';
      this.deps.log?.warn({ subscription_id: subscription.id, push_host: host, reason }, 'push failed');
      return `${host}: ${reason}`;
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    this.deps.log?.warn({ subscription_id: subscription.id, push_host: host, status }, 'push failed');
    return `${host}: HTTP ${status}`;
  }
}

class PushFailed extends Error {}
