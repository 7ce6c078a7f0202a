// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiClient } from '../../../lib/api-client';
import { useUserStore } from '../../../stores/user-store';
import { PENDING_CODE_KEY } from '../lib/otp';
import { accountsText as t, errorsText, fakeApi, fakeJwt, json, problemResponse, USER } from '../../../test-support/fake-api';
import { renderAt } from '../../../test-support/render';
import { VerifyPhoneFlow } from './verify-phone-flow';

const OTP_SENT = { code_sent: true, phone_number: '+381641234567', resend_after_seconds: 60, expires_in_seconds: 600 };
const textbox = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  window.sessionStorage.clear();
  useUserStore.setState({ user: USER, loggedIn: true, checked: true });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  setApiClient(null);
});

async function signedInApi(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ 'GET /users/get_user': () => json({ user: USER }), ...routes });
  api.storage.setItem('accessToken', fakeJwt('user'));
  api.storage.setItem('refreshToken', fakeJwt('user-refresh'));
  api.storage.setItem('loggedIn', 'true');
  return api;
}

describe('VerifyPhoneFlow', () => {
  it('validates the phone number inline with the shared schema', async () => {
    const api = await signedInApi({});
    renderAt(<VerifyPhoneFlow user={USER} next={null} />, { path: '/en/verify-phone' });
    expect((textbox(t.fields.firstName) as HTMLInputElement).value).toBe('Ana');
    await userEvent.type(textbox(t.fields.phone), '12');
    await userEvent.click(screen.getByRole('button', { name: t.phone.send }));
    expect(await screen.findByText(errorsText.field.phone)).toBeTruthy();
    expect(api.callsTo('POST /users/add_additional_information')).toHaveLength(0);
  });

  it('sends the code, counts down to the next one, puts a wrong code on the field, and verifies', async () => {
    const verified = { ...USER, phone_number: OTP_SENT.phone_number, phone_verified: true };
    const api = await signedInApi({
      'POST /users/add_additional_information': () => json(OTP_SENT, 202),
      'POST /users/verify_phone': (call) =>
        (call.body as { code: string }).code === '123456'
          ? json({ user: verified })
          : problemResponse(400, 'code_invalid', 'The code is not correct.', { code: ['The code is not correct.'] }, { tries_left: 2 }),
    });
    const { router } = renderAt(<VerifyPhoneFlow user={USER} next={null} />, { path: '/en/verify-phone' });
    await userEvent.type(textbox(t.fields.phone), '064 123 4567');
    await userEvent.click(screen.getByRole('button', { name: t.phone.send }));

    // The schema turned what the person typed into E.164 before sending.
    // …and the number is shown the way people read it.
    await screen.findByText(t.phone.sentTo.replace('{{phone}}', '+381 64 1234567'));
    expect(api.callsTo('POST /users/add_additional_information')[0]?.body).toEqual({ name: 'Ana', last_name: 'Petrović', phone_number: '+381641234567' });
    const resend = screen.getByTestId('resend-code');
    expect(resend.hasAttribute('disabled')).toBe(true);
    // A slow machine may take a few seconds to get here; the countdown starts at the server's 60.
    const waitLeft = Number(/^Send a new code in (\d+) seconds$/.exec(resend.textContent ?? '')?.[1]);
    expect(waitLeft).toBeGreaterThan(45);
    expect(waitLeft).toBeLessThanOrEqual(60);
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_CODE_KEY) ?? '{}')).toMatchObject({ phoneNumber: OTP_SENT.phone_number });

    const code = textbox(t.fields.code);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: t.phone.verify }));
    expect(await screen.findByText('Wrong code. 2 tries left.')).toBeTruthy();
    expect(textbox(t.fields.code).getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(textbox(t.fields.code));
    await userEvent.type(textbox(t.fields.code), '123456');
    await userEvent.click(screen.getByRole('button', { name: t.phone.verify }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/profile'));
    expect(useUserStore.getState().user?.phone_verified).toBe(true);
    expect(window.sessionStorage.getItem(PENDING_CODE_KEY)).toBeNull();
  });

  it.each([
    { locale: 'uk' as const, label: 'Шестизначний код', triesLeft: 1, text: 'Неправильний код. Залишилася 1 спроба.' },
    { locale: 'sr' as const, label: 'Šestocifreni kod', triesLeft: 3, text: 'Pogrešan kod. Ostala su još 3 pokušaja.' },
    { locale: 'en' as const, label: t.fields.code, triesLeft: 0, text: 'Wrong code. No tries left: ask for a new code.' },
  ])('says how many tries a wrong code leaves, in $locale with its plural ($triesLeft)', async ({ locale, label, triesLeft, text }) => {
    const now = Math.floor(Date.now() / 1000);
    window.sessionStorage.setItem(PENDING_CODE_KEY, JSON.stringify({ phoneNumber: '+381641234567', resendAt: now + 60, expiresAt: now + 600 }));
    await signedInApi({
      'POST /users/verify_phone': () => problemResponse(400, 'code_invalid', 'detail', { code: ['field text'] }, { tries_left: triesLeft }),
    });
    renderAt(<VerifyPhoneFlow user={{ ...USER, phone_number: '+381641234567' }} next={null} />, { path: `/${locale}/verify-phone`, locale });
    await userEvent.type(textbox(label), '000000{Enter}');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(textbox(label).getAttribute('aria-invalid')).toBe('true');
  });

  it('returns to the code step after a reload, with the countdown where it was', async () => {
    // Only the clock is ours: the countdown's interval stays real, so moving time on is what ends the wait,
    // however slowly the machine renders.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-11-20T18:00:00Z');
    vi.setSystemTime(start);
    const now = Math.floor(start.getTime() / 1000);
    window.sessionStorage.setItem(PENDING_CODE_KEY, JSON.stringify({ phoneNumber: '+381641234567', resendAt: now + 30, expiresAt: now + 600 }));
    await signedInApi({ 'POST /users/resend_otp_code': () => json(OTP_SENT, 202) });
    const user = { ...USER, phone_number: '+381641234567' };
    renderAt(<VerifyPhoneFlow user={user} next={null} />, { path: '/en/verify-phone' });
    const resend = screen.getByTestId('resend-code');
    expect(resend.textContent).toBe('Send a new code in 30 seconds');
    expect(resend.hasAttribute('disabled')).toBe(true);
    vi.setSystemTime(new Date(start.getTime() + 31_000));
    await waitFor(() => expect(resend.textContent).toBe(t.phone.resend), { timeout: 3000 });
    await userEvent.click(resend);
    expect(await screen.findByText(t.phone.resent)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('resend-code').hasAttribute('disabled')).toBe(true));
  });
});
