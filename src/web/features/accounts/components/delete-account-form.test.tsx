// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../../lib/api-client';
import { useDialogStore } from '../../../stores/dialog-store';
import { useUserStore } from '../../../stores/user-store';
import { accountsText as t, json, problemResponse, USER, signedInFakeApi } from '../../../test-support/fake-api';
import { renderAt } from '../../../test-support/render';
import { DeleteAccountForm } from './delete-account-form';

const password = () => screen.getByLabelText(new RegExp(`^${t.fields.password}`), { selector: 'input' });

beforeEach(() => useUserStore.setState({ user: USER, loggedIn: true, checked: true }));
afterEach(() => {
  cleanup();
  useDialogStore.getState().close();
  setApiClient(null);
});

describe('DeleteAccountForm', () => {
  it('asks for confirmation in the dialog before anything is sent; cancelling sends nothing', async () => {
    const api = signedInFakeApi({});
    renderAt(<DeleteAccountForm user={USER} />, { path: '/en/delete-account' });
    await userEvent.type(password(), 'Secret-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: t.delete.submit }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t.delete.confirmTitle)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /users/request_user_deletion')).toHaveLength(0);
  });

  it('shows a wrong password on the field', async () => {
    signedInFakeApi({ 'POST /users/request_user_deletion': () => problemResponse(403, 'password_incorrect', 'The password is not correct.') });
    renderAt(<DeleteAccountForm user={USER} />, { path: '/en/delete-account' });
    await userEvent.type(password(), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: t.delete.submit }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t.delete.confirm }));
    await waitFor(() => expect(password().getAttribute('aria-invalid')).toBe('true'));
    expect(useUserStore.getState().loggedIn).toBe(true);
  });

  it('deletes after confirmation, drops this browser’s session for a guest one, and goes home', async () => {
    const api = signedInFakeApi({ 'POST /users/request_user_deletion': () => json({ status: 'deleted' }, 202) });
    const { router } = renderAt(<DeleteAccountForm user={USER} />, { path: '/en/delete-account' });
    await userEvent.type(screen.getByRole('textbox', { name: t.fields.reason }), 'Moving away');
    await userEvent.type(password(), 'Secret-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: t.delete.submit }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: t.delete.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    // Home first, then the session ends (a private page's guard would otherwise send the person to sign in).
    await waitFor(() => expect(api.storage.getItem('loggedIn')).toBe('false'));
    expect(api.callsTo('POST /users/request_user_deletion')[0]?.body).toEqual({ reason: 'Moving away', password: 'Secret-Pass-1' });
    expect(api.callsTo('POST /auth/register')).toHaveLength(1);
    expect(useUserStore.getState()).toMatchObject({ loggedIn: false, user: null });
  });
});
