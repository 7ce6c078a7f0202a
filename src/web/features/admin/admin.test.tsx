// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '../../../shared/schemas/admin-users';
import { json, problemResponse, signedInFakeApi, USER } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import { useUserStore } from '../../stores/user-store';
import { suspendUser } from './admin-api';
import { AdminDrawerEntry } from './admin-drawer-entry';
import { changesOf } from './audit-list';
import { UserDetails } from './user-details';
import { UserResults, UserSearchForm } from './user-search';

afterEach(() => {
  cleanup();
  useUserStore.setState({ user: null, loggedIn: false });
});

const PERSON: AdminUserDetail = {
  id: '7d3c64f2-1111-4000-8000-000000000001',
  email: 'marko@example.test',
  name: 'Marko Ilić',
  first_name: 'Marko',
  last_name: 'Ilić',
  phone_number: '+381641234567',
  role: 'user',
  status: 'active',
  created_at: '2030-01-01T10:00:00.000Z',
  email_verified: true,
  phone_verified: true,
  locale: 'sr',
  suspension: null,
  memberships: [{ organizer_id: 3, organizer_name: 'Dom omladine', role: 'door' }],
  reservations: [
    { id: 9, status: 'pending', party_size: 2, created_at: '2030-01-02T10:00:00.000Z', event: { id: 4, title: 'Jazz night', starts_at: '2030-02-01T19:00:00.000Z' } },
  ],
};

const noop = () => {};

describe('admin users', () => {
  it('searches with what was typed and lists the people found, with more on demand', async () => {
    const user = userEvent.setup();
    const searched: string[] = [];
    const api = signedInFakeApi({
      'GET /admin/users': () => json({ items: [{ ...PERSON, id: 'u-9', name: 'Zora Zorić', email: 'zora@example.test', status: 'suspended' }], next_cursor: null }),
    });
    renderAt(
      <>
        <UserSearchForm q="" onSearch={(q) => searched.push(q)} />
        <UserResults q="marko" first={{ items: [PERSON], next_cursor: 'abc' }} />
      </>,
      { path: '/en/admin/users' },
    );
    await user.type(screen.getByLabelText('E-mail, name or phone number'), '064 123');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(searched).toEqual(['064 123']);
    const results = screen.getByTestId('admin-users');
    expect(within(results).getByRole('link', { name: /Marko Ilić/ }).getAttribute('href')).toBe(`/en/admin/users/${PERSON.id}`);
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(await within(results).findByText('Zora Zorić')).toBeTruthy();
    expect(within(results).getByText('Suspended')).toBeTruthy();
    expect(api.callsTo('GET /admin/users')).toHaveLength(1);
  });

  it('suspends only with a reason, and sends it', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ [`POST /admin/users/${PERSON.id}/suspend`]: () => json({ ...PERSON, status: 'suspended' }) });
    renderAt(<UserDetails user={PERSON} self={false} actions={{ suspend: (reason) => suspendUser(PERSON.id, reason), unsuspend: noop, changeRole: noop }} />, {
      path: `/en/admin/users/${PERSON.id}`,
    });
    expect(screen.getByText('Dom omladine')).toBeTruthy();
    expect(within(screen.getByTestId('user-reservations')).getByText('Jazz night')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suspend…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/signed out on every device/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(api.callsTo(`POST /admin/users/${PERSON.id}/suspend`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Resold tickets');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.callsTo(`POST /admin/users/${PERSON.id}/suspend`)).toHaveLength(1));
    expect(api.callsTo(`POST /admin/users/${PERSON.id}/suspend`)[0]?.body).toEqual({ reason: 'Resold tickets' });
  });

  it("shows the server's word on the reason field", async () => {
    const user = userEvent.setup();
    signedInFakeApi({ [`POST /admin/users/${PERSON.id}/suspend`]: () => problemResponse(400, 'validation_failed', 'Invalid.', { reason: ['Too long.'] }) });
    renderAt(<UserDetails user={PERSON} self={false} actions={{ suspend: (reason) => suspendUser(PERSON.id, reason), unsuspend: noop, changeRole: noop }} />, {
      path: `/en/admin/users/${PERSON.id}`,
    });
    await user.click(screen.getByRole('button', { name: 'Suspend…' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Too long.')).toBeTruthy();
  });

  it('asks before changing the role', async () => {
    const user = userEvent.setup();
    signedInFakeApi();
    const roles: string[] = [];
    renderAt(<UserDetails user={PERSON} self={false} actions={{ suspend: () => Promise.reject(new Error('no')), unsuspend: noop, changeRole: (role) => roles.push(role) }} />, {
      path: `/en/admin/users/${PERSON.id}`,
    });
    await user.click(screen.getByLabelText('Role'));
    await user.click(screen.getByRole('option', { name: 'Administrator' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Marko Ilić becomes: Administrator/)).toBeTruthy();
    expect(roles).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(roles).toEqual(['admin']);
  });

  it('offers an admin no suspension or role change of their own account', () => {
    signedInFakeApi();
    renderAt(<UserDetails user={{ ...PERSON, role: 'admin' }} self actions={{ suspend: () => Promise.reject(new Error('no')), unsuspend: noop, changeRole: noop }} />, {
      path: `/en/admin/users/${PERSON.id}`,
    });
    expect(screen.queryByRole('button', { name: 'Suspend…' })).toBeNull();
    expect(screen.queryByLabelText('Role')).toBeNull();
  });

  it('shows an audit entry before → after, field by field', () => {
    expect(changesOf({ before: { status: 'active' }, after: { status: 'suspended', cancelled_reservations: 1 } })).toEqual([
      { field: 'status', from: 'active', to: 'suspended' },
      { field: 'cancelled_reservations', from: '—', to: '1' },
    ]);
  });
});

describe('the drawer entry', () => {
  it('shows "Administration" to an admin with the count of what waits', async () => {
    const api = signedInFakeApi({ 'GET /admin/dashboard': () => json({ applications: 2, applications_needing_info: 1, review: 1, reports: 3, open_reports: 5, suspended_users: 4 }) });
    useUserStore.setState({ user: { ...USER, role: 'admin' }, loggedIn: true });
    renderAt(<AdminDrawerEntry onNavigate={noop} />, { path: '/en/' });
    const link = await screen.findByRole('link', { name: /Administration/ });
    expect(link.getAttribute('href')).toBe('/en/admin');
    expect(await within(link).findByText('6 items wait')).toBeTruthy();
    expect(api.callsTo('GET /admin/dashboard')).toHaveLength(1);
  });

  it.each(['user', 'organizer'] as const)('shows nothing to a %s and asks the server nothing', async (role) => {
    const api = signedInFakeApi();
    useUserStore.setState({ user: { ...USER, role }, loggedIn: true });
    const { container } = renderAt(<AdminDrawerEntry onNavigate={noop} />, { path: '/en/' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toBe('');
    expect(screen.queryByTestId('nav-admin')).toBeNull();
    expect(api.callsTo('GET /admin/dashboard')).toHaveLength(0);
  });
});
