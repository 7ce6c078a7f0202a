// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, problemResponse, signedInFakeApi } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import { InviteForm } from './invite-form';
import { changeMemberRole, inviteMember, type Member } from './team-api';
import { TeamMembers } from './team-members';

afterEach(cleanup);

const MEMBERS: Member[] = [
  { id: 'u-1', email: 'ana@example.test', name: 'Ana Petrović', role: 'owner', status: 'active', created_at: '2030-01-01T10:00:00.000Z' },
  { id: 'u-2', email: 'marko@example.test', name: 'Marko Ilić', role: 'manager', status: 'active', created_at: '2030-01-02T10:00:00.000Z' },
  { id: '7', email: 'door@example.test', name: null, role: 'door', status: 'invited', created_at: '2030-01-03T10:00:00.000Z' },
];

describe('Team', () => {
  it('invites an address in the chosen role', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ 'POST /organizer/members': () => json({ ...MEMBERS[2], email: 'new@example.test', role: 'viewer' }, 201) });
    renderAt(<InviteForm onSubmit={inviteMember} />, { path: '/en/organizer/team' });
    await user.type(screen.getByLabelText('E-mail address'), 'new@example.test');
    await user.click(screen.getByLabelText('Role'));
    const viewer = screen.getByRole('option', { name: /Viewer/ });
    expect(viewer.textContent).toContain('changes nothing');
    await user.click(viewer);
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST /organizer/members')).toHaveLength(1));
    expect(api.callsTo('POST /organizer/members')[0]?.body).toEqual({ email: 'new@example.test', role: 'viewer' });
  });

  it('shows an address already in the team on the e-mail field', async () => {
    const user = userEvent.setup();
    signedInFakeApi({ 'POST /organizer/members': () => problemResponse(409, 'already_member', 'This address already belongs to a member of the team.') });
    renderAt(<InviteForm onSubmit={inviteMember} />, { path: '/en/organizer/team' });
    await user.type(screen.getByLabelText('E-mail address'), 'marko@example.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This address already belongs to a member of the team.')).toBeTruthy();
  });

  it("changes a member's role", async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ 'PATCH /organizer/members/u-2': () => json({ ...MEMBERS[1], role: 'door' }) });
    renderAt(
      <TeamMembers members={MEMBERS} canManage selfEmail="ana@example.test" onRoleChange={(member, role) => void changeMemberRole(member.id, role)} onRemove={() => {}} />,
      { path: '/en/organizer/team' },
    );
    expect(screen.getAllByTestId('team-member')[2]?.textContent).toContain('Invited');
    await user.click(screen.getByLabelText('Role of Marko Ilić'));
    await user.click(screen.getByRole('option', { name: /^Door/ }));
    await waitFor(() => expect(api.callsTo('PATCH /organizer/members/u-2')).toHaveLength(1));
    expect(api.callsTo('PATCH /organizer/members/u-2')[0]?.body).toEqual({ role: 'door' });
  });

  it('asks before removing someone', async () => {
    const user = userEvent.setup();
    signedInFakeApi();
    const removed: string[] = [];
    renderAt(<TeamMembers members={MEMBERS} canManage selfEmail="ana@example.test" onRoleChange={() => {}} onRemove={(member) => removed.push(member.id)} />, {
      path: '/en/organizer/team',
    });
    await user.click(screen.getByRole('button', { name: 'Remove Marko Ilić' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Marko Ilić will no longer have access to this organizer.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(removed).toEqual(['u-2']);
  });

  it('shows the team read-only to a role that may not change it', () => {
    signedInFakeApi();
    renderAt(<TeamMembers members={MEMBERS} canManage={false} selfEmail="marko@example.test" onRoleChange={() => {}} onRemove={() => {}} />, {
      path: '/en/organizer/team',
    });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getAllByTestId('team-member')[1]?.textContent).toContain('Manager');
  });
});
