import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { multiLineText, personName, singleLineText, z } from './zod';
import { LOCALES } from '../locales';

/**
 * Accounts contract (spec §7, DESIGN §4 and §10), shared by the server (validation, OpenAPI) and the web
 * (inline form validation). Field messages are catalogue keys under `errors:field.*`.
 */

// ---------------------------------------------------------------------------------------------------
// Constants both sides use (countdowns, limits shown to the user)
// ---------------------------------------------------------------------------------------------------

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const OTP_CODE_LENGTH = 6;
/** A new SMS code may be requested this long after the previous one (429 + Retry-After before). */
export const OTP_RESEND_SECONDS = 60;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
/** Default region for numbers written without a country code (DESIGN §4). */
export const DEFAULT_PHONE_REGION = 'RS';
/**
 * The e-mailed reset link is `{PUBLIC_URL}/{lang}/reset-password#token=…`: the token travels in the
 * fragment so it never reaches a server log or a Referer header. The page reads `location.hash`.
 */
export const PASSWORD_RESET_PATH = '/reset-password';
export const PASSWORD_RESET_TOKEN_PARAM = 'token';
/** The e-mail verification link, `{PUBLIC_URL}/{lang}/verify-email#token=…`, works the same way. */
export const EMAIL_VERIFICATION_PATH = '/verify-email';
export const EMAIL_VERIFICATION_TOKEN_PARAM = 'token';
/** How long an e-mail verification link works: long enough for a person who reads mail once a day. */
export const EMAIL_VERIFICATION_TTL_HOURS = 48;

// ---------------------------------------------------------------------------------------------------
// Field validators
// ---------------------------------------------------------------------------------------------------

export const EmailSchema = z
  .string({ error: 'field.required' })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: 'field.email' })
  .pipe(z.email({ error: 'field.email' }));

/** Substrings that make a password guessable whatever else it holds (lower-cased comparison). */
const WEAK_FRAGMENTS = [
  'password',
  'passwort',
  'passw0rd',
  'lozinka',
  'sifra',
  'šifra',
  'пароль',
  'qwerty',
  'qwertz',
  'asdfgh',
  'zxcvbn',
  'letmein',
  'iloveyou',
  'welcome',
  'admin123',
  '123456',
  '654321',
  'abcdef',
  '111111',
  '000000',
] as const;

function characterClasses(value: string): number {
  return [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(value)).length;
}

/** A run of 4+ steps of +1 or -1 in code points ("abcd", "4321") marks a keyboard-walk password. */
function longestSequence(value: string): number {
  const codes = [...value.toLowerCase()].map((c) => c.codePointAt(0) ?? 0);
  let longest = 1;
  let run = 1;
  let step = 0;
  for (let i = 1; i < codes.length; i += 1) {
    const diff = (codes[i] ?? 0) - (codes[i - 1] ?? 0);
    if ((diff === 1 || diff === -1) && (run === 1 || diff === step)) {
      run += 1;
      step = diff;
    } else {
      run = 1;
      step = 0;
      if (diff === 1 || diff === -1) {
        run = 2;
        step = diff;
      }
    }
    longest = Math.max(longest, run);
  }
  return longest;
}

/**
 * Why a password is obviously weak, or undefined when it is acceptable. Rules (same on both sides):
 * at least 10 characters; at least 5 different characters; no common fragment ("password", "123456",
 * "qwerty", …); not mostly one sequence ("abcdefgh12"); and at least two kinds of character (lower,
 * upper, digit, other) unless it is a passphrase of 16+ characters.
 */
export function passwordWeakness(value: string): 'field.password_short' | 'field.password_long' | 'field.password_weak' | undefined {
  const length = [...value].length;
  if (length < PASSWORD_MIN_LENGTH) return 'field.password_short';
  if (length > PASSWORD_MAX_LENGTH) return 'field.password_long';
  const lower = value.toLowerCase();
  if (new Set(lower).size < 5) return 'field.password_weak';
  if (WEAK_FRAGMENTS.some((fragment) => lower.includes(fragment))) return 'field.password_weak';
  if (longestSequence(value) * 2 > length) return 'field.password_weak';
  if (characterClasses(value) < 2 && length < 16) return 'field.password_weak';
  return undefined;
}

/** A new password (registration, reset). Sign-in accepts any non-empty password (`LoginPasswordSchema`). */
export const PasswordSchema = z.string({ error: 'field.required' }).superRefine((value, ctx) => {
  const weakness = passwordWeakness(value);
  if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
});

export const LoginPasswordSchema = z
  .string({ error: 'field.required' })
  .min(1, { error: 'field.required' })
  .max(1024, { error: 'field.password_long' });

/** Normalises a phone number to E.164 (default region RS), or undefined when it is not a valid number. */
export function normalizePhoneNumber(input: string, region = DEFAULT_PHONE_REGION): string | undefined {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > 32 || !/^[+\d\s().\-/]+$/.test(trimmed)) return undefined;
  const parsed = parsePhoneNumberFromString(trimmed, { defaultCountry: region as 'RS', extract: false });
  return parsed?.isValid() ? parsed.number : undefined;
}

/** Parses a phone number as written by a person ("064 123 4567", "+381 64…") into E.164. */
export const PhoneNumberSchema = z.string({ error: 'field.required' }).transform((value, ctx) => {
  const normalized = normalizePhoneNumber(value);
  if (!normalized) {
    ctx.addIssue({ code: 'custom', message: 'field.phone' });
    return z.NEVER;
  }
  return normalized;
});

export const OtpCodeSchema = z
  .string({ error: 'field.required' })
  .trim()
  .regex(/^\d{6}$/, { error: 'field.code' });

/** A first or last name: 1–100 characters, no control or invisible format characters, no markup brackets. */
export const PersonNameSchema = personName({ error: 'field.required' })
  .min(1, { error: 'field.required', abort: true })
  .max(NAME_MAX_LENGTH, { error: 'field.name_long' })
  .regex(/^[^<>{}]+$/u, { error: 'field.name' });

// ---------------------------------------------------------------------------------------------------
// Requests (spec §7 payloads; unknown fields are dropped)
// ---------------------------------------------------------------------------------------------------

/** POST /users/register_email → 201 {user} */
export const RegisterEmailSchema = z.object({ email: EmailSchema, password: PasswordSchema });

/** POST /users/email_password_login → {access_token, refresh_token, user}. `passedURL` is the client's. */
export const EmailPasswordLoginSchema = z.object({
  email: EmailSchema,
  password: LoginPasswordSchema,
  passedURL: singleLineText().max(2048).optional(),
});

/**
 * POST /users/register_google → sign-in. The spec sends `{email}`; we also require the Google ID token
 * (DESIGN §4). `email`, when sent, must match the token's e-mail.
 */
export const RegisterGoogleSchema = z.object({
  email: EmailSchema.optional(),
  id_token: z.string({ error: 'field.required' }).min(1, { error: 'field.required' }).max(8192),
});

/** POST /users/register_facebook → sign-in; the token is checked with the Graph API (DESIGN §4). */
export const RegisterFacebookSchema = z.object({
  facebook_access_token: z.string({ error: 'field.required' }).min(1, { error: 'field.required' }).max(4096),
  user_id: singleLineText({ error: 'field.required' }).min(1, { error: 'field.required' }).max(64),
});

/** POST /users/edit_user → {user} */
export const EditUserSchema = z.object({ first_name: PersonNameSchema, last_name: PersonNameSchema });

/** POST /users/add_additional_information → 202 OtpSent. `name` is the first name (spec field). */
export const AddAdditionalInformationSchema = z.object({
  name: PersonNameSchema,
  last_name: PersonNameSchema,
  phone_number: PhoneNumberSchema,
});

/** POST /users/verify_phone → 200 {user} or a problem (code_invalid, code_expired, code_attempts_exceeded). */
export const VerifyPhoneSchema = z.object({ code: OtpCodeSchema });

/** POST /users/resend_otp_code and /users/logout take no data: the one EmptyBodySchema of every such call. */
export { EmptyBodySchema } from './common';

/** POST /users/request_user_deletion → 202 {status}. `password` is required (server-side) when the account has one. */
export const RequestUserDeletionSchema = z
  .object({
    reason: multiLineText().max(1000, { error: 'field.too_big' }).optional(),
    password: z.string().max(1024).optional(),
  })
  .nullish();

/** POST /users/request_password_reset → 202 always (no account enumeration). */
export const RequestPasswordResetSchema = z.object({ email: EmailSchema });

/** POST /users/reset_password → 200 {status:'password_changed'}; signs out every device. */
export const ResetPasswordSchema = z.object({
  token: z.string({ error: 'field.required' }).min(1, { error: 'field.required' }).max(200, { error: 'field.invalid' }),
  password: PasswordSchema,
});

/** POST /users/verify_email → 200 {status:'email_verified'} | 400 email_token_invalid. */
export const VerifyEmailSchema = z.object({
  token: z.string({ error: 'field.required' }).min(1, { error: 'field.required' }).max(200, { error: 'field.invalid' }),
});

// ---------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------

/** The public user: never a password, hash, code or provider secret. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** Display name: first and last name joined, when any is set. */
  name: z.string().nullable().optional(),
  /** E.164; set as soon as the user gives it, verified when `phone_verified`. */
  phone_number: z.string().nullable(),
  phone_verified: z.boolean(),
  /** The address was proven by opening the e-mailed link (or by Google, or a password reset). */
  email_verified: z.boolean(),
  role: z.enum(['user', 'organizer', 'admin']),
  locale: z.enum(LOCALES),
  /** Whether the account can sign in with a password (the deletion dialog asks for it only then). */
  has_password: z.boolean().optional(),
  /** The account's role in its (first) organizer's team, when it has one: the workspace is shown by it. */
  organizer_role: z.enum(['owner', 'manager', 'door', 'viewer']).nullable().optional(),
  created_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });

/** `POST /users/resend_verification_email`: a new link is on its way (nothing is sent for a proven address). */
export const VerificationEmailSentSchema = z.object({ status: z.enum(['sent', 'already_verified']) });
export type VerificationEmailSent = z.infer<typeof VerificationEmailSentSchema>;
export type UserResponse = z.infer<typeof UserResponseSchema>;

export const SignInResponseSchema = z.object({ access_token: z.string(), refresh_token: z.string(), user: UserSchema });
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const LoggedInSchema = z.object({ logged_in: z.boolean() });
export type LoggedIn = z.infer<typeof LoggedInSchema>;

export const EligibilityMissingSchema = z.enum([
  'sign_in',
  'first_name',
  'last_name',
  'phone',
  'phone_verification',
  'account_standing',
]);
export type EligibilityMissing = z.infer<typeof EligibilityMissingSchema>;
export const EligibilitySchema = z.object({ eligible: z.boolean(), missing: z.array(EligibilityMissingSchema) });
export type Eligibility = z.infer<typeof EligibilitySchema>;

/** 202 of add_additional_information and resend_otp_code: drives the resend countdown. */
export const OtpSentSchema = z.object({
  /** false when the number given is the one already verified (nothing to confirm). */
  code_sent: z.boolean(),
  phone_number: z.string(),
  resend_after_seconds: z.number().int(),
  expires_in_seconds: z.number().int(),
});
export type OtpSent = z.infer<typeof OtpSentSchema>;

export const DeletionResponseSchema = z.object({ status: z.enum(['scheduled', 'deleted']) });
export type DeletionResponse = z.infer<typeof DeletionResponseSchema>;

/** GET /users/sign_in_providers: which social sign-ins this deployment offers, and their public ids. */
export const SignInProvidersSchema = z.object({
  google: z.object({ client_id: z.string() }).nullable(),
  facebook: z.object({ app_id: z.string(), dialog_url: z.string() }).nullable(),
});
export type SignInProviders = z.infer<typeof SignInProvidersSchema>;

export const PasswordResetRequestedSchema = z.object({ status: z.literal('requested') });
export const PasswordChangedSchema = z.object({ status: z.literal('password_changed') });
export const EmailVerifiedSchema = z.object({ status: z.literal('email_verified') });
export type EmailVerified = z.infer<typeof EmailVerifiedSchema>;

export type RegisterEmailInput = z.input<typeof RegisterEmailSchema>;
export type EmailPasswordLoginInput = z.input<typeof EmailPasswordLoginSchema>;
export type RegisterGoogleInput = z.input<typeof RegisterGoogleSchema>;
export type RegisterFacebookInput = z.input<typeof RegisterFacebookSchema>;
export type EditUserInput = z.input<typeof EditUserSchema>;
export type AddAdditionalInformationInput = z.input<typeof AddAdditionalInformationSchema>;
export type VerifyPhoneInput = z.input<typeof VerifyPhoneSchema>;
export type RequestUserDeletionInput = z.input<typeof RequestUserDeletionSchema>;
export type RequestPasswordResetInput = z.input<typeof RequestPasswordResetSchema>;
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;
export type VerifyEmailInput = z.input<typeof VerifyEmailSchema>;
