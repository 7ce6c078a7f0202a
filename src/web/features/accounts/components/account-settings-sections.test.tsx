// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../../../shared/schemas/account-settings';
import { setApiClient } from '../../../lib/api-client';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { json, problemResponse, signedInFakeApi, USER } from '../../../test-support/fake-api';
import { catalogue, renderAt } from '../../../test-support/render';
import { ChangePasswordForm } from './change-password-form';
import { NotificationSettingsPanel, webcalUrl } from './notification-settings-panel';
import { kindOfToken } from './unsubscribe-panel';

const posted = catalogue.posted as unknown as {
  account: { password: Record<string, string> };
  settings: Record<string, string> & { calendar: Record<string, string> };
};

const SETTINGS: NotificationSettings = {
  email_reservations: true,
  email_reminders: true,
  email_followed: true,
  email_digest: false,
  email_locale: null,
  calendar_url: 'https://kuda.example/calendar/me/secret-secret-secret-secret.ics',
};

afterEach(() => {
  cleanup();
  setApiClient(null);
});

describe('ChangePasswordForm', () => {
  it('shows a wrong current password on its field, and a success once changed', async () => {
    let attempts = 0;
    const api = signedInFakeApi({
      'POST /users/change_password': () =>
        (attempts += 1) === 1 ? problemResponse(403, 'password_incorrect', 'The password is not correct.') : json({ status: 'password_changed' }),
    });
    renderAt(<ChangePasswordForm user={USER} />, { path: '/en/profile' });
    const current = screen.getByLabelText(posted.account.password.current!, { exact: false, selector: 'input' });
    await userEvent.type(current, 'wrong-one');
    await userEvent.type(screen.getByLabelText(posted.account.password.new!, { exact: false, selector: 'input' }), 'Another-secret!2027');
    await userEvent.click(screen.getByRole('button', { name: posted.account.password.save }));
    expect(await screen.findByText('The password is not correct.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: posted.account.password.save }));
    await expect.poll(() => useSnackbarStore.getState().message).toBe(posted.account.password.changed);
    expect(api.callsTo('POST /users/change_password')[0]?.body).toEqual({ current_password: 'wrong-one', new_password: 'Another-secret!2027' });
  });

  it('tells a social-only account how to get a password instead of asking for one', () => {
    signedInFakeApi({});
    renderAt(<ChangePasswordForm user={{ ...USER, has_password: false }} />, { path: '/en/profile' });
    expect(screen.getByText(posted.account.password.none!)).toBeTruthy();
    expect(screen.queryByRole('button', { name: posted.account.password.save })).toBeNull();
  });
});

describe('NotificationSettingsPanel', () => {
  it('saves a switch as it is flipped, and offers the calendar URL as https and webcal', async () => {
    const api = signedInFakeApi({
      'GET /users/notification_settings': () => json(SETTINGS),
      'POST /users/notification_settings': (call) => json({ ...SETTINGS, ...(call.body as object) }),
    });
    renderAt(<NotificationSettingsPanel />, { path: '/en/profile' });
    const reminders = await screen.findByRole('switch', { name: posted.settings.email_reminders });
    expect((reminders as HTMLInputElement).checked).toBe(true);
    expect((screen.getByDisplayValue(SETTINGS.calendar_url) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole('link', { name: posted.settings.calendar.subscribe }).getAttribute('href')).toBe(webcalUrl(SETTINGS.calendar_url));
    await userEvent.click(reminders);
    await expect.poll(() => api.callsTo('POST /users/notification_settings').map((call) => call.body)).toEqual([{ email_reminders: false }]);
    await expect.poll(() => (screen.getByRole('switch', { name: posted.settings.email_reminders }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('helpers', () => {
  it('webcalUrl swaps the scheme only', () => {
    expect(webcalUrl('https://kuda.example/calendar/me/x.ics')).toBe('webcal://kuda.example/calendar/me/x.ics');
  });

  it('kindOfToken reads the kind for the question and is null for anything else', () => {
    const payload = btoa(JSON.stringify({ knd: 'digest' })).replace(/=+$/, '');
    expect(kindOfToken(`h.${payload}.s`)).toBe('digest');
    expect(kindOfToken('garbage')).toBeNull();
    expect(kindOfToken(`h.${btoa(JSON.stringify({ knd: 'everything' }))}.s`)).toBeNull();
  });
});
