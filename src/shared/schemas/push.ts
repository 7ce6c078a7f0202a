import { IdValueSchema } from './common';
import { z } from './zod';

/**
 * Web Push contract (issue #12, DESIGN §15), shared by the server (validation, OpenAPI) and the web.
 * Field messages are catalogue keys under `errors:field.*`.
 */

/** Push service URLs are long opaque tokens; nothing legitimate comes near this. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** A person's browsers and devices; past it the least recently used subscription makes room. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 20;

/**
 * The browser's `PushSubscription.toJSON()` as it is (RFC 8291 keys, base64url): the P-256 public key
 * (65 bytes uncompressed) and the 16-byte auth secret. `expirationTime` is read and ignored.
 */
export const PushSubscriptionInputSchema = z
  .object({
    endpoint: z
      .string({ error: 'field.required' })
      .max(PUSH_ENDPOINT_MAX_LENGTH, { error: 'field.too_long' })
      .pipe(z.url({ protocol: /^https?$/, error: 'field.push_endpoint' })),
    expirationTime: z.number().nullish(),
    keys: z.object(
      {
        p256dh: z.string({ error: 'field.required' }).regex(/^[A-Za-z0-9_-]{87}=?$/, { error: 'field.invalid' }),
        auth: z.string({ error: 'field.required' }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, { error: 'field.invalid' }),
      },
      { error: 'field.required' },
    ),
  })
  .describe("The browser's PushSubscription JSON (endpoint, keys.p256dh, keys.auth)");
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushSubscriptionCreatedSchema = z
  .object({ id: IdValueSchema })
  .describe('The subscription, to DELETE when this device turns pushes off');
export type PushSubscriptionCreated = z.infer<typeof PushSubscriptionCreatedSchema>;

export const PushPublicKeySchema = z.object({
  public_key: z.string().describe('The VAPID public key (base64url), the applicationServerKey of PushManager.subscribe'),
});
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/**
 * What a push carries to the service worker (kept small: push services cap it near 4 KB): the
 * notification's title and text in the person's language, the page to open (a path on our origin), and
 * a tag so a newer push about the same reservation replaces the older one on the device.
 */
export const PushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;
