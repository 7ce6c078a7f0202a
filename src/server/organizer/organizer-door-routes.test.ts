import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckInAnswer, CheckInSyncResult, GuestList } from '../../shared/schemas/organizer-door';
import type { Problem } from '../../shared/schemas/problem';
import { describeApi } from '../../../tests/support/test-app';
import { createEvent } from '../reservations/reservations-fixtures';
import { csvCell } from './organizer-door-csv';
import { reservationCodeIn } from '../../shared/reservation-code';
import { createReservation, createWorkspace, type Workspace } from './organizer-team-fixtures';

const API = '/api/v1';
const en = { 'accept-language': 'en' };
type Answer = CheckInAnswer & GuestList & CheckInSyncResult & Omit<Problem, 'status'>;

describe('door codes and CSV cells', () => {
  it.each([
    ['ACD3467', 'ACD3467'],
    ['  acd 3467 ', 'ACD3467'],
    ['acd-3467', 'ACD3467'],
    ['https://kuda.rs/sr/reservations/42?code=ACD3467', 'ACD3467'],
    ['KUDA:acd3467', 'ACD3467'],
    ['hello', null],
    ['ACD346', null],
  ])('reads the reservation code in %j as %j', (text, code) => {
    expect(reservationCodeIn(text)).toBe(code);
  });

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+381 64', "'+381 64"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['say "hi", then go', '"say ""hi"", then go"'],
    ['two\nlines', '"two\nlines"'],
    ['Јована', 'Јована'],
  ])('writes the cell %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as numbers and nothing for null', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });
});

describeApi('organizer: guest list and check-in at the door', (t) => {
  let w: Workspace;
  let slug: string;
  const call = (method: string, path: string, token?: string, payload?: unknown, headers: Record<string, string> = en) =>
    t().json<Answer>(method, `${API}${path}`, {
      token,
      body: payload,
      headers,
    });
  const checkIn = (token: string, payload: unknown) => call('POST', '/organizer/check-in', token, payload);

  beforeAll(async () => {
    w = await createWorkspace(t().services);
    const rows = (await t().services.database.db.execute(sql`SELECT slug FROM events WHERE id = ${w.event}`)) as unknown as {
      rows: { slug: string }[];
    };
    slug = rows.rows[0]!.slug;
  });

  it('checks a guest in by a typed code in any case, then says who let them in and when', async () => {
    const reservation = await createReservation(t().services, {
      eventId: w.event,
      partySize: 3,
      firstName: 'Ana',
    });
    const typed = `${reservation.code.slice(0, 3).toLowerCase()} ${reservation.code.slice(3).toLowerCase()}`;
    const first = await checkIn(w.door.token, {
      code: typed,
      event_id: w.event,
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.body).toMatchObject({
      result: 'checked_in',
      reservation: {
        id: reservation.id,
        code: reservation.code,
        event_id: w.event,
        party_size: 3,
        guest_name: 'Ana Test',
        status: 'accepted',
        checked_in_by_name: 'Dragan Test',
      },
    });
    expect(first.body.reservation.event_title).toMatch(/^Concert /);
    const again = await checkIn(w.manager.token, {
      code: `KUDA:${reservation.code}`,
    });
    expect(again.body).toMatchObject({
      result: 'already_checked_in',
      reservation: {
        checked_in_at: first.body.reservation.checked_in_at,
        checked_in_by_name: 'Dragan Test',
      },
    });
  });

  it('tells the wrong event and a reservation that is not accepted apart from a check-in', async () => {
    const otherEvent = await createEvent(t().services, {
      organizerId: w.organizer,
    });
    const elsewhere = await createReservation(t().services, {
      eventId: otherEvent,
    });
    expect((await checkIn(w.door.token, { code: elsewhere.code, event_id: w.event })).body.result).toBe('wrong_event');
    for (const status of ['pending', 'cancelled', 'rejected'] as const) {
      const reservation = await createReservation(t().services, {
        eventId: w.event,
        status,
      });
      const answer = await checkIn(w.door.token, {
        code: reservation.code,
        event_id: w.event,
      });
      expect(answer.body).toMatchObject({
        result: 'not_accepted',
        reservation: { status, checked_in_at: null },
      });
    }
    // Neither answer let anyone in.
    expect((await checkIn(w.door.token, { code: elsewhere.code })).body.result).toBe('checked_in');
  });

  it('reveals nothing about a code of another organizer’s event, or no code at all (404)', async () => {
    const rivals = await createReservation(t().services, {
      eventId: w.rivalEvent,
    });
    const foreign = await checkIn(w.owner.token, { code: rivals.code });
    expect(foreign.status).toBe(404);
    expect(foreign.body.reservation).toBeUndefined();
    const nobodys = await checkIn(w.owner.token, { code: 'AAAAAAA' });
    expect(nobodys.status).toBe(404);
    expect(foreign.body.code).toBe(nobodys.body.code);
    expect((await checkIn(w.rivalOwner.token, { code: rivals.code })).body.result).toBe('checked_in');
    expect((await checkIn(w.owner.token, { code: 'ab' })).status).toBe(400);
    expect((await checkIn(w.owner.token, { code: rivals.code, extra: 1 })).status).toBe(400);
  });

  it('lets exactly one of many simultaneous scans of a code check the guest in', async () => {
    const reservation = await createReservation(t().services, {
      eventId: w.event,
    });
    const answers = await Promise.all(
      [w.door, w.manager, w.owner, w.door, w.manager, w.owner].map((member) => checkIn(member.token, { code: reservation.code, event_id: w.event })),
    );
    const results = answers.map((answer) => answer.body.result);
    expect(results.filter((result) => result === 'checked_in')).toHaveLength(1);
    expect(results.filter((result) => result === 'already_checked_in')).toHaveLength(5);
    const when = answers.map((answer) => answer.body.reservation.checked_in_at);
    expect(new Set(when).size).toBe(1);
  });

  it('synchronises the offline queue: one result per scan in the order sent, the earliest scan of a code wins', async () => {
    const a = await createReservation(t().services, { eventId: w.event });
    const b = await createReservation(t().services, { eventId: w.event });
    const rivals = await createReservation(t().services, {
      eventId: w.rivalEvent,
    });
    // b was already let in online; the offline device saw b earlier than that.
    await checkIn(w.manager.token, { code: b.code });
    const early = new Date(Date.now() - 10 * 60_000).toISOString();
    const later = new Date(Date.now() - 5 * 60_000).toISOString();
    const { status, body } = await call('POST', '/organizer/check-in/sync', w.door.token, {
      scans: [
        { code: a.code, event_id: w.event, scanned_at: later },
        { code: a.code, event_id: w.event, scanned_at: early },
        { code: b.code, event_id: w.event, scanned_at: early },
        { code: rivals.code, event_id: w.event, scanned_at: early },
      ],
    });
    expect(status).toBe(200);
    expect(body.results.map((result) => result.result)).toEqual(['already_checked_in', 'checked_in', 'checked_in', 'not_found']);
    expect(body.results[0]!.reservation!.checked_in_at).toBe(early);
    expect(body.results[2]!.reservation).toMatchObject({
      checked_in_at: early,
      checked_in_by_name: 'Dragan Test',
    });
    expect(body.results[3]!.reservation).toBeNull();
    const empty = await call('POST', '/organizer/check-in/sync', w.door.token, {
      scans: [],
    });
    expect(empty.status).toBe(400);
  });

  it('lists the guests with totals: accepted parties and people, how many are in, reservations per status', async () => {
    const event = await createEvent(t().services, { organizerId: w.organizer });
    const inside = await createReservation(t().services, {
      eventId: event,
      partySize: 4,
      firstName: 'Zoran',
    });
    await createReservation(t().services, {
      eventId: event,
      partySize: 2,
      firstName: 'Ana',
    });
    await createReservation(t().services, {
      eventId: event,
      partySize: 5,
      status: 'pending',
    });
    await checkIn(w.door.token, { code: inside.code });
    const { status, body } = await call('GET', `/organizer/events/${event}/guests`, w.door.token);
    expect(status).toBe(200);
    expect(body.event).toMatchObject({ id: event });
    expect(body.event.title).toMatch(/^Concert /);
    expect(body.totals).toMatchObject({
      parties: 2,
      people: 6,
      checked_in_parties: 1,
      checked_in_people: 4,
    });
    expect(body.totals.by_status).toMatchObject({
      accepted: 2,
      pending: 1,
      cancelled: 0,
    });
    expect(body.guests.map((guest) => `${guest.name} ${guest.status}`)).toEqual(['Ana Test accepted', 'Zoran Test accepted', 'Ana Test pending']);
    expect(body.guests[1]).toMatchObject({
      code: inside.code,
      party_size: 4,
      checked_in_by: 'Dragan Test',
    });
  });

  it('exports the guest list as CSV: BOM, headers in the request language, Cyrillic kept, formulas neutralised', async () => {
    await createReservation(t().services, {
      eventId: w.event,
      firstName: 'Јована',
      note: '=HYPERLINK("http://evil","click")',
    });
    await createReservation(t().services, {
      eventId: w.event,
      firstName: '@Mallory',
    });
    const english = await t().http(`${API}/organizer/events/${w.event}/guests?format=csv`, {
      headers: {
        authorization: `Bearer ${w.door.token}`,
        'accept-language': 'en',
      },
    });
    expect(english.status).toBe(200);
    expect(english.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(english.headers.get('content-disposition')).toBe(`attachment; filename="guests-${slug}.csv"`);
    expect(english.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await english.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Name,Party size,Status,Code,Checked in at,Note');
    expect(text).toContain('Јована Test,2,Accepted,');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil"",""click"")"`);
    expect(text).toContain("'@Mallory Test,2,Accepted");
    expect(text).toMatch(/,\d{4}-\d\d-\d\d \d\d:\d\d,/);
    const serbian = await t().http(`${API}/organizer/events/${w.event}/guests`, {
      headers: {
        authorization: `Bearer ${w.owner.token}`,
        'accept-language': 'sr',
        accept: 'text/csv',
      },
    });
    const serbianLines = (await serbian.text()).replace(/^\ufeff/, '').split('\r\n');
    expect(serbianLines[0]).toBe('Ime,Broj osoba,Status,Kod,Ušao u,Napomena');
    expect(serbianLines.some((line) => line.includes(',Prihvaćena,'))).toBe(true);
  });

  it('lets door staff check in and read the guest list and nothing else; viewers only read elsewhere', async () => {
    expect((await call('GET', `/organizer/events/${w.event}/guests`, w.manager.token)).status).toBe(200);
    expect((await call('GET', `/organizer/events/${w.event}/guests`, w.owner.token)).status).toBe(200);
    const viewerList = await call('GET', `/organizer/events/${w.event}/guests`, w.viewer.token);
    expect(viewerList.status).toBe(403);
    expect(viewerList.body.code).toBe('organizer_role_required');
    const reservation = await createReservation(t().services, {
      eventId: w.event,
    });
    const viewerScan = await checkIn(w.viewer.token, {
      code: reservation.code,
    });
    expect(viewerScan.status).toBe(403);
    expect(
      (
        await call('POST', '/organizer/check-in/sync', w.viewer.token, {
          scans: [
            {
              code: reservation.code,
              event_id: w.event,
              scanned_at: new Date().toISOString(),
            },
          ],
        })
      ).status,
    ).toBe(403);
    expect((await checkIn(w.door.token, { code: reservation.code })).body.result).toBe('checked_in');
  });

  it('keeps other organizers out (404) and refuses outsiders (403) and guests (401) on every door route', async () => {
    expect((await call('GET', `/organizer/events/${w.rivalEvent}/guests`, w.door.token)).status).toBe(404);
    expect((await call('GET', `/organizer/events/${w.event}/guests`, w.rivalOwner.token)).status).toBe(404);
    const reservation = await createReservation(t().services, {
      eventId: w.event,
    });
    const routes = [
      ['GET', `/organizer/events/${w.event}/guests`, undefined],
      ['POST', '/organizer/check-in', { code: reservation.code }],
      [
        'POST',
        '/organizer/check-in/sync',
        {
          scans: [
            {
              code: reservation.code,
              event_id: w.event,
              scanned_at: new Date().toISOString(),
            },
          ],
        },
      ],
    ] as const;
    for (const [method, path, payload] of routes) {
      const outsider = await call(method, path, w.outsider.token, payload);
      expect(outsider.status, path).toBe(403);
      expect(outsider.body.code).toBe('organizer_required');
      expect((await call(method, path, await t().guestToken(), payload)).status, path).toBe(401);
    }
    // Nobody let the guest in on the way.
    expect((await checkIn(w.door.token, { code: reservation.code })).body.result).toBe('checked_in');
  });
});
