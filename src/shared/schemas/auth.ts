import { z } from './zod';

/** Spec §7: the guest ("client") token request body. */
export const ClientAuthSchema = z.strictObject({ auth: z.literal('client') });
export const RefreshTokenSchema = z.strictObject({ refreshToken: z.string().min(1).max(4096) });
export const TokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;
