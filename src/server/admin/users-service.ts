import type { Locale } from '../../shared/locales';
import { pickLocalized } from '../../shared/locales';
import type { AdminUserDetail, AdminUserPage, AdminUserQuery, UserRole } from '../../shared/schemas/admin-users';
import { normalizePhoneNumber } from '../../shared/schemas/users';
import * as authRepo from '../auth/auth-repository';
import type { Db, Tx } from '../db/client';
import { conflict, notFound } from '../lib/errors';
import { keysetPage, readCursor } from '../lib/cursor';
import type { ReservationsService } from '../reservations/reservations-service';
import { fullName } from '../users/names';
import { recordAudit } from './audit-log';
import * as repo from './users-repository';

const PAGE = 20;
const RESERVATIONS_SHOWN = 20;

/**
 * Users are named by UUIDs, and the shared cursor carries a number (and a time): the first 13 hex digits of
 * the id (52 bits, exact in a JavaScript number), plus one so it is never 0. The next page starts below the
 * lowest UUID with those digits, so only a row sharing 52 random bits with the last one shown could be skipped.
 */
const idKey = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 13), 16) + 1;
function idFloor(key: number): string {
  const hex = (key - 1).toString(16).padStart(13, '0') + '0'.repeat(19);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The digits to look for in phone numbers, or undefined when the text is no phone number (nor part of one). */
export function phoneDigitsOf(text: string): string | undefined {
  const full = normalizePhoneNumber(text);
  if (full) return full.slice(1);
  if (!/^[+\d\s().\-/]+$/.test(text)) return undefined;
  // A leading 00 is the international prefix and a leading 0 the national one: neither is stored in E.164.
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= 3 ? digits : undefined;
}

/**
 * The admin's users (issue 10): search, details, suspension and the Kuda-wide role. Every change and its
 * audit entry commit together; suspension also signs the person out everywhere and releases their places.
 */
export class AdminUsersService {
  constructor(private readonly deps: { db: Db; reservations: Pick<ReservationsService, 'releaseOpenReservationsOf'>; now?: () => Date }) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  async search(query: AdminUserQuery): Promise<AdminUserPage> {
    const cursor = readCursor(query.cursor, { dated: true });
    const text = query.q?.trim() || undefined;
    const rows = await repo.searchUsers(this.deps.db, {
      text,
      phoneDigits: text ? phoneDigitsOf(text) : undefined,
      after: cursor ? { at: cursor.at, idFloor: idFloor(cursor.id) } : undefined,
      limit: PAGE,
    });
    const { page, next_cursor } = keysetPage(rows, PAGE, (row) => ({ id: idKey(row.id), at: row.sortedAt }));
    return { items: page.map(toSummary), next_cursor };
  }

  async get(input: { userId: string; locale: Locale }): Promise<AdminUserDetail> {
    const { db } = this.deps;
    const row = await repo.findUser(db, input.userId);
    if (!row) throw notFound('user_not_found');
    const [memberships, reservations, suspender] = await Promise.all([
      repo.membershipsOf(db, row.id),
      repo.reservationsOf(db, row.id, RESERVATIONS_SHOWN),
      row.suspendedBy ? repo.findPeople(db, row.suspendedBy) : undefined,
    ]);
    return {
      ...toSummary(row),
      first_name: row.firstName,
      last_name: row.lastName,
      email_verified: row.emailVerifiedAt !== null,
      phone_verified: row.phoneVerifiedAt !== null,
      locale: row.locale,
      suspension:
        row.status === 'suspended'
          ? {
              reason: row.suspendedReason,
              at: row.suspendedAt?.toISOString() ?? null,
              by: suspender ? { id: suspender.id, name: fullName(suspender.firstName, suspender.lastName), email: suspender.email } : null,
            }
          : null,
      memberships: memberships.map((m) => ({ organizer_id: m.organizerId, organizer_name: m.organizerName, role: m.role })),
      reservations: reservations.map((r) => ({
        id: r.id,
        status: r.status,
        party_size: r.partySize,
        created_at: r.createdAt.toISOString(),
        event: { id: r.eventId, title: pickLocalized(r.eventTitle, input.locale, r.eventSourceLocale), starts_at: r.eventStartsAt.toISOString() },
      })),
    };
  }

  /**
   * Suspends an account, in one transaction: the standing with reason, time and admin; every sign-in revoked
   * (and since `authenticate` reads the standing on every request, access tokens already issued stop at once,
   * on every instance); open reservations cancelled by the venue side with the usual notices and the waitlist
   * moved up; the audit entry.
   */
  async suspend(input: { adminId: string; userId: string; reason: string; locale: Locale }): Promise<AdminUserDetail> {
    if (input.adminId === input.userId) throw conflict('self_suspension');
    await this.deps.db.transaction(async (tx) => {
      const row = await this.changeable(tx, input.userId);
      if (row.status === 'suspended') throw conflict('already_suspended');
      await repo.setStanding(tx, row.id, { status: 'suspended', suspendedReason: input.reason, suspendedAt: this.now(), suspendedBy: input.adminId });
      await authRepo.revokeUserFamilies(tx, row.id, 'account_suspended');
      const cancelled = await this.deps.reservations.releaseOpenReservationsOf(tx, row.id, { by: 'venue', actorUserId: input.adminId });
      await recordAudit(tx, {
        actorUserId: input.adminId,
        action: 'user.suspended',
        targetType: 'user',
        targetId: row.id,
        before: { status: row.status },
        after: { status: 'suspended', cancelled_reservations: cancelled },
        reason: input.reason,
      });
    });
    return this.get(input);
  }

  /** Restores an account to good standing; the person signs in again (their sign-ins stay revoked). */
  async unsuspend(input: { adminId: string; userId: string; locale: Locale }): Promise<AdminUserDetail> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.changeable(tx, input.userId);
      if (row.status !== 'suspended') throw conflict('not_suspended');
      await repo.setStanding(tx, row.id, { status: 'active', suspendedReason: null, suspendedAt: null, suspendedBy: null });
      await recordAudit(tx, {
        actorUserId: input.adminId,
        action: 'user.unsuspended',
        targetType: 'user',
        targetId: row.id,
        before: { status: row.status, reason: row.suspendedReason },
        after: { status: 'active' },
      });
    });
    return this.get(input);
  }

  /**
   * The Kuda-wide role. Takes effect on the person's next request (`authenticate` reads it each time). An
   * admin cannot change their own: the last admin could otherwise lock everyone out.
   */
  async changeRole(input: { adminId: string; userId: string; role: UserRole; locale: Locale }): Promise<AdminUserDetail> {
    if (input.adminId === input.userId) throw conflict('self_role_change');
    await this.deps.db.transaction(async (tx) => {
      const row = await this.changeable(tx, input.userId);
      if (row.role === input.role) return;
      await repo.setRole(tx, row.id, input.role);
      await recordAudit(tx, {
        actorUserId: input.adminId,
        action: 'user.role_changed',
        targetType: 'user',
        targetId: row.id,
        before: { role: row.role },
        after: { role: input.role },
      });
    });
    return this.get(input);
  }

  /** The account, locked for the change; a deleted account keeps nothing to change. */
  private async changeable(tx: Tx, userId: string) {
    const row = await repo.findUser(tx, userId, { lock: true });
    if (!row) throw notFound('user_not_found');
    if (row.status === 'deleted') throw conflict('user_deleted');
    return row;
  }
}

function toSummary(row: repo.UserSummaryRow) {
  return {
    id: row.id,
    email: row.email,
    name: fullName(row.firstName, row.lastName),
    phone_number: row.phoneNumber,
    role: row.role,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
