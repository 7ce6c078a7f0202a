// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizerEventListItem } from '../../../shared/schemas/organizer-workspace';
import type { CheckInAnswer, GuestList } from '../../../shared/schemas/organizer-door';
import { json, problemResponse, signedInFakeApi } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import { downloadGuestCsv, fetchDoorEvents } from './door-api';
import { DoorStation } from './door-station';
import { GuestListView } from './guest-list';

const EVENT = {
  event_id: 7,
  id: 7,
  title: 'Jazz night',
  starts_at: '2099-05-01T19:00:00.000Z',
  ends_at: null,
  time_zone: 'Europe/Belgrade',
  status: 'published',
} as unknown as OrganizerEventListItem;

const LIST: GuestList = {
  event: { id: 7, title: 'Jazz night', starts_at: '2099-05-01T19:00:00.000Z' },
  guests: [
    { reservation_id: 1, code: 'AC34679', name: 'Ana Petrović', party_size: 3, note: 'Near the stage', status: 'accepted', checked_in_at: null, checked_in_by: null },
    { reservation_id: 2, code: 'DEFGH34', name: 'Marko Ilić', party_size: 2, note: null, status: 'cancelled', checked_in_at: null, checked_in_by: null },
  ],
  totals: { parties: 1, people: 3, checked_in_parties: 0, checked_in_people: 0, by_status: { accepted: 1, cancelled: 1 } },
};

const answer = (result: CheckInAnswer['result'], overrides: Partial<CheckInAnswer['reservation']> = {}): CheckInAnswer => ({
  result,
  reservation: {
    id: 1,
    code: 'AC34679',
    event_id: 7,
    event_title: 'Jazz night',
    party_size: 3,
    guest_name: 'Ana Petrović',
    status: 'accepted',
    checked_in_at: '2099-05-01T18:55:00.000Z',
    checked_in_by_name: 'Mira Vrata',
    ...overrides,
  },
});

let online = true;
beforeEach(() => {
  online = true;
  window.localStorage.clear();
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function scan(code: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText('Reservation code');
  await user.clear(field);
  // A USB scanner types the code and presses Enter.
  await user.type(field, `${code}{Enter}`);
}

describe('DoorStation', () => {
  it.each([
    ['checked_in', answer('checked_in'), 'Valid — welcome', 'Ana Petrović · 3 people'],
    ['already_checked_in', answer('already_checked_in'), 'Already checked in', 'by Mira Vrata'],
    ['wrong_event', answer('wrong_event', { event_title: 'Rock night' }), 'Wrong event', 'This reservation is for Rock night.'],
    ['not_accepted', answer('not_accepted', { status: 'cancelled', checked_in_at: null }), 'Not valid', 'Reservation status: cancelled'],
  ] as const)('shows %s big, in words, in a live region', async (result, body, heading, detail) => {
    const api = signedInFakeApi({ 'GET /organizer/events/7/guests': () => json(LIST), 'POST /organizer/check-in': () => json(body) });
    renderAt(<DoorStation events={[EVENT]} />, { path: '/en/organizer/door' });
    await scan('ac3-4679');
    const banner = await screen.findByTestId('check-in-result');
    await waitFor(() => expect(banner.textContent).toContain(heading));
    expect(banner.textContent).toContain(detail);
    expect(banner.getAttribute('aria-live')).toBe('assertive');
    expect(banner.querySelector('[data-result]')?.getAttribute('data-result')).toBe(result);
    expect(api.callsTo('POST /organizer/check-in')[0]?.body).toEqual({ code: 'ac3-4679', event_id: 7 });
  });

  it('says a code nobody has is unknown', async () => {
    signedInFakeApi({
      'GET /organizer/events/7/guests': () => json(LIST),
      'POST /organizer/check-in': () => problemResponse(404, 'reservation_not_found', 'No such reservation.'),
    });
    renderAt(<DoorStation events={[EVENT]} />, { path: '/en/organizer/door' });
    await scan('XYXYXY3');
    expect(await screen.findByText('Unknown code')).toBeTruthy();
  });

  it('checks codes against the list on the device when offline, queues them, and sends the queue when back online', async () => {
    const api = signedInFakeApi({
      'GET /organizer/events/7/guests': () => json(LIST),
      'POST /organizer/check-in/sync': (call) => {
        const [scanned] = (call.body as { scans: { code: string; event_id: number; scanned_at: string }[] }).scans;
        return json({ results: [{ ...scanned, result: 'checked_in', reservation: answer('checked_in').reservation }] });
      },
    });
    renderAt(<DoorStation events={[EVENT]} />, { path: '/en/organizer/door' });
    await waitFor(() => expect(window.localStorage.getItem('kuda.door.guests.7')).not.toBeNull());
    online = false;
    fireEvent(window, new Event('offline'));
    await scan('AC34679');
    expect((await screen.findByTestId('check-in-result')).textContent).toContain('Valid — welcome');
    expect(screen.getByTestId('door-offline').textContent).toBe('Offline — 1 scan waiting');
    await scan('AC34679');
    await waitFor(() => expect(screen.getByTestId('check-in-result').textContent).toContain('Already checked in'));
    await scan('DEFGH34');
    await waitFor(() => expect(screen.getByTestId('check-in-result').textContent).toContain('Not valid'));
    expect(screen.getByTestId('door-offline').textContent).toBe('Offline — 1 scan waiting');
    expect(api.callsTo('POST /organizer/check-in')).toHaveLength(0);

    online = true;
    fireEvent(window, new Event('online'));
    expect((await screen.findByTestId('door-sync-report')).textContent).toContain('Sent: 1 check-in confirmed.');
    expect(api.callsTo('POST /organizer/check-in/sync')[0]?.body).toMatchObject({ scans: [{ code: 'AC34679', event_id: 7 }] });
    expect(screen.queryByTestId('door-offline')).toBeNull();
    expect(window.localStorage.getItem('kuda.door.queue')).toBeNull();
  });
});

describe('Guest list', () => {
  it('downloads the CSV from the guest list URL with the bearer token', async () => {
    signedInFakeApi();
    const fetchMock = vi.fn(async () => new Response('\uFEFFName;People\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="guests-jazz.csv"' } }));
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt(<GuestListView list={LIST} timeZone="Europe/Belgrade" onCheckIn={async () => {}} onDownload={async () => void (await downloadGuestCsv(7, 'en'))} />, {
      path: '/en/organizer/events/7/guests',
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/organizer/events/7/guests?format=csv');
    expect(new Headers(init.headers).get('authorization')).toMatch(/^Bearer /);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('guests-jazz.csv');
  });

  it('shows totals, finds guests by name or code, and checks in an accepted guest', async () => {
    signedInFakeApi();
    const user = userEvent.setup();
    const checkedIn: string[] = [];
    renderAt(<GuestListView list={LIST} timeZone="Europe/Belgrade" onCheckIn={async (guest) => void checkedIn.push(guest.name)} onDownload={async () => {}} />, {
      path: '/en/organizer/events/7/guests',
    });
    expect(screen.getByTestId('guest-totals').textContent).toBe('1 party3 people0 people checked in');
    await user.type(screen.getByLabelText('Search name, code or note'), 'defgh');
    expect(screen.getAllByTestId('guest-row').map((row) => row.textContent)).toEqual([expect.stringContaining('Marko Ilić')]);
    await user.clear(screen.getByLabelText('Search name, code or note'));
    expect(screen.getAllByRole('button', { name: /^Check in/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Check in Ana Petrović' }));
    expect(checkedIn).toEqual(['Ana Petrović']);
  });
});

describe('the events at the door', () => {
  it('reads every page of upcoming events (the list comes newest first), so tonight\'s is there, soonest first', async () => {
    const at = (id: number, startsAt: string, status = 'published') => ({ ...EVENT, event_id: id, id, starts_at: startsAt, status }) as unknown as OrganizerEventListItem;
    const pages = [
      { items: [at(3, '2099-07-01T19:00:00.000Z'), at(2, '2099-06-01T19:00:00.000Z', 'cancelled')], next_cursor: 'page-2' },
      { items: [at(1, '2099-05-01T19:00:00.000Z')], next_cursor: null },
    ];
    const api = signedInFakeApi({ 'GET /organizer/events': () => json(pages.shift()) });
    const result = await fetchDoorEvents();
    expect(api.callsTo('GET /organizer/events')).toHaveLength(2);
    expect(result.ok && result.data.map((event) => event.event_id)).toEqual([1, 3]);
  });
});
