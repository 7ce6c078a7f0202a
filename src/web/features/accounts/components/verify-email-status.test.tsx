// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../../lib/api-client';
import { accountsText as t, fakeApi, json, problemResponse } from '../../../test-support/fake-api';
import { renderAt } from '../../../test-support/render';
import { VerifyEmailStatus } from './verify-email-status';

afterEach(() => {
  cleanup();
  setApiClient(null);
});

describe('VerifyEmailStatus', () => {
  it('sends the token from the link once, removes it from the address bar and says the address is confirmed', async () => {
    const api = fakeApi({ 'POST /users/verify_email': () => json({ status: 'email_verified' }) });
    window.history.replaceState(null, '', '/en/verify-email#token=abc_DEF-123');
    renderAt(<VerifyEmailStatus />, { path: '/en/verify-email' });
    expect(await screen.findByText(t.verifyEmail.done)).toBeTruthy();
    expect(api.callsTo('POST /users/verify_email').map((call) => call.body)).toEqual([{ token: 'abc_DEF-123' }]);
    expect(window.location.hash).toBe('');
    expect(screen.getByRole('link', { name: t.verifyEmail.continue }).getAttribute('href')).toBe('/en');
  });

  it('says the link is no longer valid when the server refuses it', async () => {
    fakeApi({ 'POST /users/verify_email': () => problemResponse(400, 'email_token_invalid', 'invalid') });
    window.history.replaceState(null, '', '/en/verify-email#token=used');
    renderAt(<VerifyEmailStatus />, { path: '/en/verify-email' });
    expect(await screen.findByText(t.verifyEmail.invalid)).toBeTruthy();
  });

  it('asks the server nothing when the link carries no token', async () => {
    const api = fakeApi();
    window.history.replaceState(null, '', '/en/verify-email');
    renderAt(<VerifyEmailStatus />, { path: '/en/verify-email' });
    expect(await screen.findByText(t.verifyEmail.invalid)).toBeTruthy();
    expect(api.callsTo('POST /users/verify_email')).toHaveLength(0);
  });
});
