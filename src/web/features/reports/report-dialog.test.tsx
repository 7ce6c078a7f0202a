// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import { ReportButton } from './report-button';

afterEach(cleanup);

const TARGETS = [
  { type: 'event' as const, id: 12, label: 'The event' },
  { type: 'organizer' as const, id: 3, label: 'The organizer: Dom omladine' },
];

describe('the report dialog', () => {
  it('lets a guest report the event’s organizer for a reason and thanks them', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /reports': () => json({ id: 41 }, 201) });
    renderAt(<ReportButton targets={TARGETS} />, { path: '/en/events/jazz-12' });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(await screen.findByRole('radio', { name: 'The organizer: Dom omladine' }));
    await user.click(screen.getByRole('radio', { name: 'Fake or misleading' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Our team will look at your report.')).toBeTruthy();
    const [call] = api.callsTo('POST /reports');
    expect(call?.body).toEqual({ target_type: 'organizer', target_id: 3, reason: 'fake' });
    // The client registered a guest and sent the report with the guest's token.
    expect(api.callsTo('POST /auth/register')).toHaveLength(1);
    expect(call?.authorization).toMatch(/^Bearer /);
  });

  it('asks for a message when the reason is “Other” and sends nothing without one', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /reports': () => json({ id: 42 }, 201) });
    renderAt(<ReportButton targets={TARGETS.slice(0, 1)} />, { path: '/en/events/jazz-12' });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.queryByRole('radio', { name: 'The event' })).toBeNull();
    await user.click(await screen.findByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(api.callsTo('POST /reports')).toHaveLength(0);
    await user.type(screen.getByLabelText('Tell us more'), 'The poster is from last year');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.callsTo('POST /reports')).toHaveLength(1));
    expect(api.callsTo('POST /reports')[0]?.body).toEqual({ target_type: 'event', target_id: 12, reason: 'other', message: 'The poster is from last year' });
  });

  it('asks for a reason before sending', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    renderAt(<ReportButton targets={TARGETS.slice(0, 1)} />, { path: '/en/events/jazz-12' });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(await screen.findByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(api.callsTo('POST /reports')).toHaveLength(0);
  });
});
