import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, emailVerifications, passwordResets, phoneCodes } from '../db/schema';

/** Every column the public user and the account rules need; never selected into a response as is. */
const accountColumns = {
  id: accounts.id,
  email: accounts.email,
  emailVerifiedAt: accounts.emailVerifiedAt,
  passwordHash: accounts.passwordHash,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  phoneNumber: accounts.phoneNumber,
  phoneVerifiedAt: accounts.phoneVerifiedAt,
  role: accounts.role,
  status: accounts.status,
  locale: accounts.locale,
  googleSub: accounts.googleSub,
  facebookId: accounts.facebookId,
  createdAt: accounts.createdAt,
  /** The role in the first organizer the account belongs to, if any: the web shows the workspace by it. */
  organizerRole: sql<'owner' | 'manager' | 'door' | 'viewer' | null>`(SELECT m.role FROM organizer_members m WHERE m.user_id = ${accounts.id} ORDER BY m.created_at, m.organizer_id LIMIT 1)`,
};

export type AccountRow = Awaited<ReturnType<typeof findById>> & {};

const notDeleted = ne(accounts.status, 'deleted');

export async function findById(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const query = db.select(accountColumns).from(accounts).where(and(eq(accounts.id, id), notDeleted));
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

/** Locks the row by default: callers decide inside a transaction whether the address is free. */
export async function findByEmail(db: DbOrTx, email: string, options: { lock?: boolean } = { lock: true }) {
  const query = db
    .select(accountColumns)
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = lower(${email})`, notDeleted));
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

export async function findByProvider(db: DbOrTx, provider: 'google' | 'facebook', subject: string) {
  const column = provider === 'google' ? accounts.googleSub : accounts.facebookId;
  const rows = await db.select(accountColumns).from(accounts).where(and(eq(column, subject), notDeleted)).for('update');
  return rows[0];
}

export async function insertAccount(
  db: DbOrTx,
  values: {
    id: string;
    email: string | null;
    emailVerifiedAt?: Date | null;
    passwordHash?: string | null;
    firstName?: string | null;
    lastName?: string | null;
    locale: AccountRow['locale'];
    googleSub?: string | null;
    facebookId?: string | null;
  },
) {
  const rows = await db.insert(accounts).values(values).returning(accountColumns);
  const row = rows[0];
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAccount(
  db: DbOrTx,
  id: string,
  values: Partial<{
    email: string | null;
    emailVerifiedAt: Date | null;
    passwordHash: string | null;
    firstName: string | null;
    lastName: string | null;
    phoneNumber: string | null;
    phoneVerifiedAt: Date | null;
    locale: AccountRow['locale'];
    googleSub: string | null;
    facebookId: string | null;
    status: 'active' | 'suspended' | 'deleted';
    deletedAt: Date | null;
  }>,
) {
  const rows = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning(accountColumns);
  const row = rows[0];
  if (!row) throw new Error('account vanished during update');
  return row;
}

export async function phoneVerifiedElsewhere(db: DbOrTx, phone: string, userId: string) {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.phoneNumber, phone), isNotNull(accounts.phoneVerifiedAt), ne(accounts.id, userId)));
  return rows.length > 0;
}

export async function findPhoneCode(db: DbOrTx, userId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(phoneCodes).where(eq(phoneCodes.userId, userId));
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

/** Starts a new code generation for the user's number (the code itself is made by the SMS job). */
export async function upsertPhoneCode(db: DbOrTx, values: { userId: string; phone: string; sentAt: Date; expiresAt: Date }) {
  const rows = await db
    .insert(phoneCodes)
    .values({ ...values, codeHash: null, attempts: 0, generation: 1 })
    .onConflictDoUpdate({
      target: phoneCodes.userId,
      set: {
        phone: values.phone,
        codeHash: null,
        attempts: 0,
        sentAt: values.sentAt,
        expiresAt: values.expiresAt,
        generation: sql`${phoneCodes.generation} + 1`,
      },
    })
    .returning({ generation: phoneCodes.generation });
  return rows[0]?.generation ?? 1;
}

/** Writes the hash of the code the job is about to send, only if that generation is still current. */
export async function setPhoneCodeHash(db: DbOrTx, userId: string, generation: number, codeHash: string) {
  const rows = await db
    .update(phoneCodes)
    .set({ codeHash })
    .where(and(eq(phoneCodes.userId, userId), eq(phoneCodes.generation, generation)))
    .returning({ userId: phoneCodes.userId });
  return rows.length > 0;
}

export function countPhoneCodeAttempt(db: DbOrTx, userId: string) {
  return db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(eq(phoneCodes.userId, userId));
}

export function deletePhoneCode(db: DbOrTx, userId: string) {
  return db.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
}

export const insertPasswordReset = (db: DbOrTx, values: { tokenHash: string; userId: string; expiresAt: Date }) =>
  insertEmailToken(db, 'password_reset', values);
export const findPasswordReset = (db: DbOrTx, tokenHash: string) => findEmailToken(db, 'password_reset', tokenHash);
/** Uses up every outstanding link of the user (a reset, or a deletion, ends them all). */
export const usePasswordResets = (db: DbOrTx, userId: string, at: Date) => useEmailTokens(db, 'password_reset', userId, at);
export const deletePasswordResets = (db: DbOrTx, userId: string) => deleteEmailTokens(db, 'password_reset', userId);

/** The e-mailed token tables (password resets, e-mail verification) share one shape and one life cycle. */
export type EmailTokenKind = 'password_reset' | 'email_verification';
const emailTokenTables = { password_reset: passwordResets, email_verification: emailVerifications } as const;

export function insertEmailToken(db: DbOrTx, kind: EmailTokenKind, values: { tokenHash: string; userId: string; expiresAt: Date }) {
  return db.insert(emailTokenTables[kind]).values(values);
}

export async function findEmailToken(db: DbOrTx, kind: EmailTokenKind, tokenHash: string) {
  const table = emailTokenTables[kind];
  const rows = await db.select().from(table).where(eq(table.tokenHash, tokenHash)).for('update');
  return rows[0];
}

/** Uses up every outstanding token of the kind for the user. */
export function useEmailTokens(db: DbOrTx, kind: EmailTokenKind, userId: string, at: Date) {
  const table = emailTokenTables[kind];
  return db
    .update(table)
    .set({ usedAt: at })
    .where(and(eq(table.userId, userId), sql`${table.usedAt} IS NULL`));
}

export function deleteEmailTokens(db: DbOrTx, kind: EmailTokenKind, userId: string) {
  const table = emailTokenTables[kind];
  return db.delete(table).where(eq(table.userId, userId));
}
