// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../../lib/api-client';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { accountsText as t, json, USER, signedInFakeApi } from '../../../test-support/fake-api';
import { renderAt } from '../../../test-support/render';
import { EmailSummary } from './email-summary';

afterEach(() => {
  cleanup();
  setApiClient(null);
});

describe('EmailSummary', () => {
  it('shows a proven address as verified, with nothing to send', () => {
    signedInFakeApi({});
    renderAt(<EmailSummary user={{ ...USER, email_verified: true }} />, { path: '/en/profile' });
    expect(screen.getByText(t.profile.email.verified)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.profile.email.resend })).toBeNull();
  });

  it('offers to send the link again for an unproven address, and says where it went', async () => {
    const api = signedInFakeApi({ 'POST /users/resend_verification_email': () => json({ status: 'sent' }, 202) });
    renderAt(<EmailSummary user={{ ...USER, email_verified: false }} />, { path: '/en/profile' });
    expect(screen.getByText(t.profile.email.unverified)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: t.profile.email.resend }));
    await expect.poll(() => api.callsTo('POST /users/resend_verification_email')).toHaveLength(1);
    await expect.poll(() => useSnackbarStore.getState().message).toBe(t.profile.email.sent.replace('{{email}}', USER.email ?? ''));
  });
});
