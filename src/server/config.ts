import { z } from 'zod';

const optionalUrl = z.url().optional();
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** DESIGN §8: every setting, validated at start; unset ones take the documented defaults. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.preprocess(emptyToUndefined, optionalUrl),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z.preprocess(emptyToUndefined, optionalUrl),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['auto', 'always', 'never']).default('auto')),
  SMTP_URL: z.preprocess(emptyToUndefined, optionalUrl),
  MAIL_FROM: z.string().default('Kuda <no-reply@kuda.local>'),
  SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['log', 'http']).default('log')),
  SMS_HTTP_URL: z.preprocess(emptyToUndefined, optionalUrl),
  SMS_HTTP_TOKEN: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_APP_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  FACEBOOK_APP_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  /** The Facebook Login dialog the web opens (the web reads it through GET /users/sign_in_providers). */
  FACEBOOK_DIALOG_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  /** How long an e-mailed password reset link works. */
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  ANALYTICS_URL: z.preprocess(emptyToUndefined, optionalUrl),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Multiplies every rate limit (1 = as designed); only for test runs that share one address. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1000).default(1),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(100_000),
  TRUST_PROXY: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).default(false),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment; on failure lists every missing or malformed setting in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings in the environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
