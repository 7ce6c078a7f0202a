import { sql } from 'drizzle-orm';
import { decodeJwt, importJWK, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { PushMessage } from '../../shared/schemas/push';
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../../shared/schemas/push';
import type { Reservation } from '../../shared/schemas/reservations';
import { describeApi } from '../../../tests/support/test-app';
import { createEvent, createUser, drainJobs, makeJobsDue, type TestUser } from '../reservations/reservations-fixtures';
import { startFakePushService, type FakePushService } from './fake-push-service';

const API = '/api/v1';

let fake: FakePushService;
beforeAll(async () => {
  fake = await startFakePushService();
});
afterAll(async () => {
  await fake.close();
});

describeApi(
  'push: subscriptions and Web Push delivery through the job queue',
  (t) => {
    afterEach(() => {
      vi.restoreAllMocks();
    });
    // E-mails go nowhere here: these tests look at pushes only.
    const quietMail = () => vi.spyOn(t().services.mailer, 'send').mockResolvedValue(undefined);

    const subscribe = (user: TestUser | undefined, body: unknown, lang = 'en') =>
      t().json<{ id: number; code?: string; errors?: Record<string, string[]> }>('POST', `${API}/push/subscriptions`, {
        token: user?.token,
        body,
        headers: { 'accept-language': lang },
      });
    const subscriptionsOf = async (userId: string) =>
      (
        (await t().services.database.db.execute(
          sql`SELECT id, endpoint FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id`,
        )) as unknown as { rows: { id: number | string; endpoint: string }[] }
      ).rows.map((row) => ({ id: Number(row.id), endpoint: row.endpoint }));
    const reserve = async (user: TestUser, eventId: number) =>
      (await t().json<Reservation>('POST', `${API}/reservations`, { token: user.token, body: { event_id: eventId, party_size: 2 } })).body;
    const pushesTo = (token: string) => fake.received.filter((push) => push.token === token);

    it('gives the VAPID public key to signed-in people and guests, never the private one', async () => {
      const user = await createUser(t().services);
      const answer = await t().json<Record<string, string>>('GET', `${API}/push/public_key`, { token: user.token });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['public_key']);
      expect(answer.body.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect((await t().json('GET', `${API}/push/public_key`, { token: await t().guestToken() })).status).toBe(200);
      expect((await t().json('GET', `${API}/push/public_key`)).status).toBe(401);
      const docs = await t().json<{ paths: Record<string, Record<string, unknown>> }>('GET', `${API}/openapi.json`);
      expect(Object.keys(docs.body.paths['/api/v1/push/subscriptions'] ?? {})).toEqual(['post']);
      expect(Object.keys(docs.body.paths['/api/v1/push/subscriptions/{id}'] ?? {})).toEqual(['delete']);
      expect(Object.keys(docs.body.paths['/api/v1/push/public_key'] ?? {})).toEqual(['get']);
    });

    it('subscribes signed-in people only, validates the subscription, upserts by endpoint and keeps a limit', async () => {
      const user = await createUser(t().services);
      const browser = fake.browser();
      expect((await subscribe(undefined, browser.subscription)).status).toBe(401);
      const guest = await t().json<{ code: string }>('POST', `${API}/push/subscriptions`, { token: await t().guestToken(), body: browser.subscription });
      expect([guest.status, guest.body.code]).toEqual([401, 'user_required']);

      const refused = [
        { ...browser.subscription, endpoint: 'http://push.example.com/abc' },
        { ...browser.subscription, endpoint: 'https://10.0.0.8/abc' },
        { ...browser.subscription, endpoint: 'https://localhost/abc' },
        { ...browser.subscription, endpoint: 'https://user:pw@push.example.com/abc' },
        { ...browser.subscription, endpoint: 'not a url' },
      ];
      for (const body of refused) {
        const answer = await subscribe(user, body);
        expect(answer.status).toBe(400);
        expect(answer.body.errors?.endpoint).toEqual(["The push service address must be the browser's https address."]);
      }
      const serbian = await subscribe(user, { ...browser.subscription, endpoint: 'http://push.example.com/abc' }, 'sr');
      expect(serbian.body.errors?.endpoint).toEqual(['Adresa servisa za obaveštenja mora biti https adresa pregledača.']);
      const badKeys = await subscribe(user, { endpoint: 'https://push.example.com/abc', keys: { p256dh: 'short', auth: browser.subscription.keys.auth } });
      expect(badKeys.status).toBe(400);
      expect(Object.keys(badKeys.body.errors ?? {})).toEqual(['keys.p256dh']);
      expect((await subscribe(user, { endpoint: 'https://push.example.com/abc' })).status).toBe(400);
      expect(await subscriptionsOf(user.id)).toEqual([]);

      const created = await subscribe(user, { ...browser.subscription, expirationTime: null });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.any(Number) });
      // The same browser again (new keys after a re-subscribe): the same row, updated.
      const again = await subscribe(user, { ...browser.subscription, keys: fake.browser().subscription.keys });
      expect(again.body.id).toBe(created.body.id);
      // Another person signs in on that browser and subscribes: the browser is theirs now.
      const other = await createUser(t().services);
      expect((await subscribe(other, browser.subscription)).body.id).toBe(created.body.id);
      expect(await subscriptionsOf(user.id)).toEqual([]);

      // A real push service on https passes; past the limit the least recently used makes room.
      const ids: number[] = [];
      for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_USER; i++) {
        const answer = await subscribe(user, { ...browser.subscription, endpoint: `https://fcm.googleapis.com/fcm/send/limit-${user.id}-${i}` });
        expect(answer.status).toBe(201);
        ids.push(answer.body.id);
      }
      const kept = await subscriptionsOf(user.id);
      expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
      expect(kept.map((row) => row.id)).toEqual(ids.slice(1));
    });

    it('unsubscribes only the person’s own subscription', async () => {
      const owner = await createUser(t().services);
      const stranger = await createUser(t().services);
      const { id } = (await subscribe(owner, fake.browser().subscription)).body;
      const theirs = await t().json<{ code: string; detail: string }>('DELETE', `${API}/push/subscriptions/${id}`, { token: stranger.token });
      // (no Accept-Language: Serbian, the default)
      expect([theirs.status, theirs.body.code, theirs.body.detail]).toEqual([404, 'push_subscription_not_found', 'Ova pretplata na obaveštenja ne postoji.']);
      expect(await subscriptionsOf(owner.id)).toHaveLength(1);
      expect((await t().json('DELETE', `${API}/push/subscriptions/${id}`, { token: await t().guestToken() })).status).toBe(401);
      expect((await t().json('DELETE', `${API}/push/subscriptions/abc`, { token: owner.token })).status).toBe(400);
      expect((await t().http(`${API}/push/subscriptions/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(204);
      expect(await subscriptionsOf(owner.id)).toEqual([]);
      expect((await t().json('DELETE', `${API}/push/subscriptions/${id}`, { token: owner.token })).status).toBe(404);
    });

    it('forgets every browser of a deleted account', async () => {
      const user = await createUser(t().services);
      await subscribe(user, fake.browser().subscription);
      await t().services.users.deletion.deleteAccount({ userId: user.id });
      expect(await subscriptionsOf(user.id)).toEqual([]);
    });

    it('pushes a status change and the day-before reminder, encrypted, VAPID-signed, in the person’s language', async () => {
      quietMail();
      const user = await createUser(t().services, { locale: 'sr' });
      const browser = fake.browser();
      await subscribe(user, browser.subscription);
      const { public_key: publicKey } = (await t().json<{ public_key: string }>('GET', `${API}/push/public_key`, { token: user.token })).body;
      const reservation = await reserve(user, await createEvent(t().services, { mode: 'instant', startsInHours: 72 }));
      // Nothing is pushed inside the request.
      expect(pushesTo(browser.token)).toEqual([]);
      await drainJobs(t().services);

      const [accepted] = pushesTo(browser.token);
      expect(pushesTo(browser.token)).toHaveLength(1);
      expect(accepted!.method).toBe('POST');
      expect(accepted!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(accepted!.headers.ttl)).toBe(24 * 60 * 60);
      const authorization = accepted!.headers.authorization ?? '';
      const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(authorization);
      expect(match?.[2]).toBe(publicKey);
      // The JWT is signed with the private half of that key, for this push service's origin.
      const raw = Buffer.from(publicKey, 'base64url');
      const key = await importJWK({ kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, 'ES256');
      const { payload: claims } = await jwtVerify(match![1]!, key);
      expect(claims.aud).toBe(fake.origin);
      expect(claims.sub).toBe('mailto:no-reply@kuda.local');
      expect(decodeJwt(match![1]!).exp).toBeGreaterThan(Date.now() / 1000);
      const message = JSON.parse(browser.decrypt(accepted!.body)) as PushMessage;
      expect(message).toEqual({
        title: 'Rezervacija je potvrđena',
        body: expect.stringContaining(String(reservation.code)),
        url: `/sr/reservation/${reservation.id}`,
        tag: `reservation-${reservation.id}`,
      });

      await makeJobsDue(t().services);
      await drainJobs(t().services);
      expect(pushesTo(browser.token)).toHaveLength(2);
      const reminder = pushesTo(browser.token)[1]!;
      const reminderMessage = JSON.parse(browser.decrypt(reminder.body)) as PushMessage;
      expect(reminderMessage.title).toMatch(/^Podsetnik: /);
      expect(reminderMessage.url).toBe(`/sr/reservation/${reservation.id}`);
      // It is worth nothing after the start (about 72 h from now here).
      expect(Number(reminder.headers.ttl)).toBeGreaterThan(71 * 3600);
      expect(Number(reminder.headers.ttl)).toBeLessThanOrEqual(72 * 3600);

      // A finished push job that runs again (a worker died after sending) pushes nothing twice.
      await t().services.database.db.execute(sql`UPDATE jobs SET status = 'pending', run_at = now() - interval '1 second' WHERE type = 'push.send'`);
      await drainJobs(t().services);
      expect(pushesTo(browser.token)).toHaveLength(2);
    });

    it('deletes a subscription the push service calls gone, retries other failures without logging the endpoint', async () => {
      quietMail();
      const user = await createUser(t().services);
      const gone = fake.browser();
      const flaky = fake.browser();
      await subscribe(user, gone.subscription);
      await subscribe(user, flaky.subscription);
      fake.answer(gone.token, 410);
      fake.answer(flaky.token, 503);
      // No push at all for a person without a subscription: nothing is queued.
      const bystander = await createUser(t().services);
      await reserve(bystander, await createEvent(t().services, { mode: 'instant' }));
      await reserve(user, await createEvent(t().services, { mode: 'instant' }));
      await drainJobs(t().services);

      expect(pushesTo(gone.token)).toHaveLength(1);
      expect(pushesTo(flaky.token)).toHaveLength(1);
      expect((await subscriptionsOf(user.id)).map((row) => row.endpoint)).toEqual([flaky.subscription.endpoint]);
      const jobs = (await t().services.database.db.execute(
        sql`SELECT status, last_error, payload FROM jobs WHERE type = 'push.send' AND payload->>'user_id' IN (${user.id}, ${bystander.id})`,
      )) as unknown as { rows: { status: string; last_error: string; payload: { user_id: string } }[] };
      expect(jobs.rows).toHaveLength(1);
      expect(jobs.rows[0]!.status).toBe('pending');
      expect(jobs.rows[0]!.last_error).toContain('HTTP 503');
      expect(jobs.rows[0]!.last_error).not.toContain(flaky.token);

      // The push service is back: the retry reaches the browser once.
      fake.answer(flaky.token, 201);
      await t().services.database.db.execute(sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE type = 'push.send' AND status = 'pending'`);
      await drainJobs(t().services);
      expect(pushesTo(flaky.token)).toHaveLength(2);
      expect(pushesTo(gone.token)).toHaveLength(1);
    });
  },
  { env: { PUSH_HTTP_ENDPOINT_HOST: '127.0.0.1' } },
);
