import { z } from 'zod';

const url = (what: string) => z.url({ error: `must be a URL (${what})` });
const wholeNumber = (min: number, max: number) =>
  z.coerce.number({ error: `must be a whole number from ${min} to ${max}` }).int({ error: `must be a whole number from ${min} to ${max}` }).min(min, { error: `must be at least ${min}` }).max(max, { error: `must be at most ${max}` });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of: ${values.join(', ')}` });
const yesNo = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

/** DESIGN §8: every setting, validated at start; unset (or empty) ones take the documented defaults. */
export const ConfigSchema = z
  .object({
    NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
    PORT: wholeNumber(0, 65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: url('the public origin, e.g. https://kuda.rs').optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'must be a PostgreSQL URL: postgres://user:password@host:5432/database' })
      .optional(),
    /**
     * PostgreSQL only: the longest any one query may run before the server cancels it (and the request
     * answers 503), so a slow database sheds load instead of piling up connections. Migrations are exempt.
     */
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(100, 10 * 60_000).default(10_000),
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * Embedded database only: PostgreSQL's page cache (shared_buffers) in MB. PGlite keeps it inside its
     * WebAssembly memory, resident from the start and never given back; PostgreSQL's own 128 MB was a third
     * of the idle server. Pages that do not fit are read again from the operating system's file cache.
     */
    EMBEDDED_SHARED_BUFFERS_MB: wholeNumber(1, 1024).default(32),
    REDIS_URL: z.string().regex(/^rediss?:\/\/\S+$/, { error: 'must be a Redis URL: redis://host:6379' }).optional(),
    JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    SEED_DEMO: oneOf(['auto', 'always', 'never']).default('auto'),
    SMTP_URL: url('smtp://user:password@host:587 or smtps://…').optional(),
    MAIL_FROM: z.string().min(3).default('Kuda <no-reply@kuda.local>'),
    SMS_PROVIDER: oneOf(['log', 'http']).default('log'),
    SMS_HTTP_URL: url('the SMS gateway endpoint').optional(),
    SMS_HTTP_TOKEN: z.string().optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_ISSUER: url('the OpenID issuer').default('https://accounts.google.com'),
    FACEBOOK_APP_ID: z.string().optional(),
    FACEBOOK_APP_SECRET: z.string().optional(),
    FACEBOOK_GRAPH_URL: url('the Graph API base').default('https://graph.facebook.com'),
    /** The Facebook Login dialog the web opens (the web reads it through GET /users/sign_in_providers). */
    FACEBOOK_DIALOG_URL: url('the Facebook Login dialog').default('https://www.facebook.com/v19.0/dialog/oauth'),
    /** How long an e-mailed password reset link works. */
    PASSWORD_RESET_TTL_MINUTES: wholeNumber(5, 24 * 60).default(30),
    ANALYTICS_URL: url('the analytics script').optional(),
    /** The MapLibre style of the venue editor's map (no key needed); its origin is allowed by the page CSP. */
    MAP_STYLE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL (a MapLibre style JSON)' })
      .default('https://tiles.openfreemap.org/styles/liberty'),
    /**
     * Web Push (RFC 8292 VAPID): the key pair push services check our pushes against, base64url as
     * `web-push generate-vapid-keys` prints them. Unset: generated once into DATA_DIR (like JWT_SECRET);
     * instances sharing a database must share them, or pushes to subscriptions made through another fail.
     */
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'must be a base64url P-256 public key (web-push generate-vapid-keys)' }).optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, { error: 'must be a base64url P-256 private key (web-push generate-vapid-keys)' }).optional(),
    /** Who push services may contact about our pushes: a mailto: or https: URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' })
      .default('mailto:no-reply@kuda.local'),
    /**
     * Tests only: the one host[:port] whose push endpoints may be plain http and local (a fake push
     * service; without a port, any port on it); every other subscription endpoint must be https on a
     * public host name.
     */
    PUSH_HTTP_ENDPOINT_HOST: z.string().regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, { error: 'must be host or host:port' }).optional(),
    LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT_BYTES: wholeNumber(1024, 100 * 1024 * 1024).default(100_000),
    TRUST_PROXY: yesNo.default(false),
  })
  .superRefine((config, ctx) => {
    if (config.SMS_PROVIDER === 'http' && !config.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'is required when SMS_PROVIDER=http' });
    }
    // A VAPID pair is one key: half of it configured (the other generated) could never match.
    if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: [config.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'is required with the other VAPID_ key' });
    }
    // Facebook sign-in needs both halves: the id names our app, the secret proves it to the Graph API.
    if (Boolean(config.FACEBOOK_APP_ID) !== Boolean(config.FACEBOOK_APP_SECRET)) {
      ctx.addIssue({ code: 'custom', path: [config.FACEBOOK_APP_ID ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID'], message: 'is required with the other FACEBOOK_APP_ setting' });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/**
 * The one public origin of every absolute link (canonical and alternate URLs, JSON-LD, the sitemap,
 * e-mails): PUBLIC_URL when the deployment sets it, else the origin the request came to (`requestOrigin`),
 * else, with no request at hand (a job sending an e-mail), this server on localhost.
 */
export function publicOrigin(config: { PUBLIC_URL?: string; PORT?: number }, requestOrigin?: string): string {
  return (config.PUBLIC_URL ?? requestOrigin ?? `http://localhost:${config.PORT ?? 3000}`).replace(/\/+$/, '');
}

/** The origin a request was addressed to (behind a proxy, as the client saw it when TRUST_PROXY is set). */
export function requestOrigin(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Parses the environment; on failure lists every missing or malformed setting in one message. An empty
 * value counts as unset, so a copied `.env.example` works as it is.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: Partial<Record<keyof Config, string>> = {}): Config {
  const known = Object.keys(ConfigSchema.shape) as (keyof Config)[];
  const given: Record<string, string> = {};
  for (const key of known) {
    const value = env[key]?.trim() ?? defaults[key];
    if (value !== undefined && value !== '') given[key] = value;
  }
  const result = ConfigSchema.safeParse(given);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings in the environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** A `.env` file in the working directory, for development; the real environment wins over it. */
export function loadDotEnv(file = '.env'): boolean {
  try {
    process.loadEnvFile(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new ConfigError(`Could not read ${file}: ${(error as Error).message}`);
  }
}
