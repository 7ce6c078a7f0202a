import { pickLocalized, type Locale } from '../../shared/locales';
import { reservationCodeIn } from '../../shared/reservation-code';
import { RESERVATION_STATUSES } from '../../shared/schemas/reservations';
import { type CheckInAnswer, type CheckInSyncResult, type GuestList } from '../../shared/schemas/organizer-door';
import type { Db } from '../db/client';
import { AppError, notFound } from '../lib/errors';
import { translate } from '../lib/i18n';
import { recordActivity, requireOrganizerRoleFor, requireOrganizerRoles, type OrganizerAccess } from './organizer-access';
import { guestListCsv } from './organizer-door-csv';
import * as repo from './organizer-door-repository';
import { fullName } from '../users/names';

/**
 * The door (issue 9, DESIGN §14): the guest list (JSON or CSV) and check-in by code, first scan wins.
 * Needs the `door` capability (owner, manager, door). A code of another organizer's event is not found.
 */
export class OrganizerDoorService {
  constructor(private readonly deps: { db: Db }) {}

  async guests(input: { userId: string; eventId: number; locale: Locale }): Promise<GuestList & { slug: string; timeZone: string }> {
    await requireOrganizerRoleFor(this.deps.db, {
      userId: input.userId,
      capability: 'door',
      target: { type: 'event', id: input.eventId },
    });
    const event = await repo.eventForDoor(this.deps.db, input.eventId);
    if (!event) throw notFound('event_not_found');
    const rows = await repo.guestsOf(this.deps.db, input.eventId);
    const byStatus: Record<string, number> = Object.fromEntries(RESERVATION_STATUSES.map((status) => [status, 0]));
    const totals = {
      parties: 0,
      people: 0,
      checked_in_parties: 0,
      checked_in_people: 0,
      by_status: byStatus,
    };
    for (const row of rows) {
      byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
      if (row.status !== 'accepted') continue;
      totals.parties += 1;
      totals.people += row.partySize;
      if (row.checkedInAt) {
        totals.checked_in_parties += 1;
        totals.checked_in_people += row.partySize;
      }
    }
    return {
      slug: event.slug,
      timeZone: event.timeZone,
      event: {
        id: event.id,
        title: pickLocalized(event.title, input.locale),
        starts_at: event.startsAt.toISOString(),
      },
      guests: rows.map((row) => ({
        reservation_id: row.id,
        code: row.code,
        name: fullName(row.firstName, row.lastName) ?? translate(input.locale, 'organizer:guestList.deletedGuest'),
        party_size: row.partySize,
        note: row.note,
        status: row.status,
        checked_in_at: row.checkedInAt?.toISOString() ?? null,
        checked_in_by: fullName(row.staffFirstName, row.staffLastName),
      })),
      totals,
    };
  }

  async guestsCsv(input: { userId: string; eventId: number; locale: Locale }): Promise<{ filename: string; body: string }> {
    const list = await this.guests(input);
    return {
      filename: `guests-${list.slug}.csv`,
      body: guestListCsv({
        guests: list.guests,
        locale: input.locale,
        timeZone: list.timeZone,
      }),
    };
  }

  async checkIn(input: { userId: string; code: string; eventId?: number; locale: Locale }): Promise<CheckInAnswer> {
    await this.requireDoorStaff(input.userId);
    const answer = await this.scan({ ...input, scannedAt: null });
    if (!answer) throw notFound('reservation_not_found');
    return answer;
  }

  /** The offline queue, oldest scan first, so the earliest scan of a code is the one that checks in. */
  async sync(input: { userId: string; scans: { code: string; event_id: number; scanned_at: string }[]; locale: Locale }): Promise<CheckInSyncResult> {
    await this.requireDoorStaff(input.userId);
    const ordered = input.scans
      .map((scan, index) => ({ scan, index }))
      .sort((a, b) => Date.parse(a.scan.scanned_at) - Date.parse(b.scan.scanned_at) || a.index - b.index);
    const results: CheckInSyncResult['results'] = new Array(input.scans.length);
    for (const { scan, index } of ordered) {
      const answer = await this.scan({
        userId: input.userId,
        code: scan.code,
        eventId: scan.event_id,
        locale: input.locale,
        scannedAt: new Date(scan.scanned_at),
      });
      results[index] = {
        code: scan.code,
        event_id: scan.event_id,
        scanned_at: scan.scanned_at,
        result: answer?.result ?? 'not_found',
        reservation: answer?.reservation ?? null,
      };
    }
    return { results };
  }

  /** 403 before anything is looked up: no member, or no role with `door` anywhere. */
  private async requireDoorStaff(userId: string): Promise<void> {
    await requireOrganizerRoles(this.deps.db, { userId, capability: 'door' });
  }

  /** One scan; undefined when no reservation of the user's organizers has the code. */
  private async scan(input: {
    userId: string;
    code: string;
    eventId?: number;
    locale: Locale;
    scannedAt: Date | null;
  }): Promise<CheckInAnswer | undefined> {
    const code = reservationCodeIn(input.code);
    const found = code ? await repo.reservationByCode(this.deps.db, code) : undefined;
    if (!found) return undefined;
    let access: OrganizerAccess;
    try {
      access = await requireOrganizerRoleFor(this.deps.db, {
        userId: input.userId,
        capability: 'door',
        target: { type: 'event', id: found.eventId },
      });
    } catch (error) {
      // Another organizer's code answers exactly as a code nobody has; in a batch, any refusal is "not found".
      if (input.scannedAt === null && !(error instanceof AppError && error.kind === 'not_found')) throw error;
      return undefined;
    }
    const answer = (result: CheckInAnswer['result'], row: repo.DoorReservation): CheckInAnswer => ({
      result,
      reservation: {
        id: row.id,
        code: row.code ?? '',
        event_id: row.eventId,
        event_title: pickLocalized(row.eventTitle, input.locale),
        party_size: row.partySize,
        guest_name: fullName(row.firstName, row.lastName) ?? translate(input.locale, 'organizer:guestList.deletedGuest'),
        status: row.status,
        checked_in_at: row.checkedInAt?.toISOString() ?? null,
        checked_in_by_name: fullName(row.staffFirstName, row.staffLastName),
      },
    });
    if (input.eventId !== undefined && input.eventId !== found.eventId) return answer('wrong_event', found);
    if (found.status !== 'accepted') return answer('not_accepted', found);
    const won = await this.deps.db.transaction(async (tx) => {
      const checkedIn = await repo.checkIn(tx, {
        reservationId: found.id,
        staffUserId: input.userId,
        at: input.scannedAt,
      });
      if (checkedIn) {
        await recordActivity(tx, {
          access,
          action: 'reservation.checked_in',
          targetType: 'reservation',
          targetId: found.id,
          details: { event_id: found.eventId },
        });
      }
      return checkedIn;
    });
    const now = (await repo.reservationByCode(this.deps.db, found.code!))!;
    return answer(won ? 'checked_in' : 'already_checked_in', now);
  }
}
