// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '../../../shared/schemas/reservations';
import { ApiClient, setApiClient } from '../../lib/api-client';
import { formatEventDate } from '../../lib/format';
import { createMemoryStorage } from '../../lib/token-storage';
import { useUserStore } from '../../stores/user-store';
import { renderAt } from '../../test-support/render';
import { NotificationsBell } from './notifications-bell';

function token(): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'none' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 3600, sub: 'u1' })}.sig`;
}

const REMINDER: Notification = {
  id: 5,
  type: 'reservation_reminder',
  title: 'Tomorrow: Jazz night',
  body: 'Your reservation for 2 is tomorrow at 21:00.',
  reservation_id: 12,
  status: 'accepted',
  actions: [
    { kind: 'confirm', label: "I'm coming", method: 'POST', path: '/reservations/12/confirm' },
    { kind: 'cancel', label: 'Cancel', method: 'POST', path: '/reservations/12/cancel' },
  ],
  read_at: null,
  created_at: '2030-05-31T09:00:00.000Z',
  time_zone: 'America/New_York',
};
const OLDER: Notification = {
  ...REMINDER,
  id: 4,
  type: 'reservation_status',
  title: 'Reservation confirmed',
  body: 'See you there.',
  actions: [],
  read_at: '2030-05-02T10:00:00.000Z',
  time_zone: null,
};

let calls: { method: string; path: string; body: unknown }[] = [];
let unread = 1;

beforeEach(() => {
  calls = [];
  unread = 1;
  const storage = createMemoryStorage();
  storage.setItem('accessToken', token());
  storage.setItem('refreshToken', token());
  storage.setItem('loggedIn', 'true');
  const fakeFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://kuda.test');
    const path = url.pathname.replace('/api/v1', '');
    calls.push({ method: init?.method ?? 'GET', path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (path === '/notifications') {
      const list: NotificationList = { items: [{ ...REMINDER, read_at: unread ? null : 'x' }, OLDER], next_cursor: null, unread_count: unread };
      return json(list);
    }
    if (path === '/notifications/read') {
      unread = 0;
      return json({ unread_count: 0 });
    }
    return json({});
  };
  setApiClient(new ApiClient({ fetch: fakeFetch, storage, locks: null }));
  useUserStore.setState({ loggedIn: true });
});

afterEach(() => {
  cleanup();
  setApiClient(null);
  useUserStore.setState({ loggedIn: false, user: null });
});

describe('NotificationsBell', () => {
  it('shows the unread count and the latest notifications', async () => {
    const user = userEvent.setup();
    renderAt(<NotificationsBell />, { path: '/en/reservations' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(panel).getAllByTestId('notification');
    expect(items.map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'false']);
    expect(within(items[0] as HTMLElement).getByText('Tomorrow: Jazz night')).toBeTruthy();
  });

  it("shows each time in its event's time zone (Belgrade when about no event), never the device's", async () => {
    const user = userEvent.setup();
    renderAt(<NotificationsBell />, { path: '/en/reservations' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const items = within(await screen.findByRole('dialog', { name: 'Notifications' })).getAllByTestId('notification');
    expect(within(items[0] as HTMLElement).getByText(formatEventDate(REMINDER.created_at, 'America/New_York', 'en'))).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText(formatEventDate(OLDER.created_at, 'Europe/Belgrade', 'en'))).toBeTruthy();
    // 09:00 UTC: 05:00 in New York, whatever the machine's own zone.
    expect(formatEventDate(REMINDER.created_at, 'America/New_York', 'en')).toMatch(/05:00/);
  });

  it("answers the reminder with one tap on \"I'm coming\"", async () => {
    const user = userEvent.setup();
    renderAt(<NotificationsBell />, { path: '/en/reservations' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: "I'm coming" }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/reservations/12/confirm')).toBe(true));
    await waitFor(() => expect(calls.some((call) => call.path === '/notifications/read' && JSON.stringify(call.body) === '{"ids":[5]}')).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy());
  });

  it('marks everything read', async () => {
    const user = userEvent.setup();
    renderAt(<NotificationsBell />, { path: '/en/reservations' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/notifications/read' && JSON.stringify(call.body) === '{}')).toBe(true));
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy();
  });

  it('is not there for guests', async () => {
    useUserStore.setState({ loggedIn: false });
    renderAt(<NotificationsBell />, { path: '/en/reservations' });
    expect(screen.queryByTestId('notifications-bell')).toBeNull();
  });
});
