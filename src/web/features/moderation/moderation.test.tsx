// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrganizerApplication } from '../../../shared/schemas/admin-moderation';
import { json, problemResponse, signedInFakeApi } from '../../test-support/fake-api';
import { renderAt } from '../../test-support/render';
import { ApplicationForm } from './application-form';
import { ApplicationStatusCard } from './application-status';
import { moderateEvent, sendApplication } from './moderation-api';
import { ReviewDecisionDialog } from './review-decision-dialog';

afterEach(cleanup);

const APPLICATION: OrganizerApplication = {
  id: 7,
  status: 'needs_info',
  name: 'Dom omladine',
  contact: 'info@dom.rs',
  website: null,
  venues: null,
  message: null,
  decision_message: 'Which venues do you run?',
  decided_at: '2030-01-02T10:00:00.000Z',
  organizer_id: null,
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-02T10:00:00.000Z',
};

describe('Apply to publish', () => {
  it('sends the application with what was typed, empty optional fields included', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ 'POST /organizer/applications': () => json({ ...APPLICATION, status: 'pending', decision_message: null }, 201) });
    renderAt(<ApplicationForm submitLabel="Send application" onSubmit={sendApplication} />, { path: '/en/organizer/apply' });
    await user.type(screen.getByLabelText(/Organisation name/), 'Dom omladine');
    await user.type(screen.getByLabelText(/^Contact/), 'info@dom.rs');
    await user.type(screen.getByLabelText('Venues you run'), 'Velika sala');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(api.callsTo('POST /organizer/applications')).toHaveLength(1));
    expect(api.callsTo('POST /organizer/applications')[0]?.body).toEqual({ name: 'Dom omladine', contact: 'info@dom.rs', website: '', venues: 'Velika sala', message: '' });
  });

  it('refuses an empty name before sending, and shows the server’s answer on the form', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({
      'POST /organizer/applications': () => problemResponse(409, 'application_open', 'You already have an application waiting for an answer.'),
    });
    renderAt(<ApplicationForm submitLabel="Send application" onSubmit={sendApplication} />, { path: '/en/organizer/apply' });
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThan(0);
    expect(api.callsTo('POST /organizer/applications')).toHaveLength(0);
    await user.type(screen.getByLabelText(/Organisation name/), 'Bitef');
    await user.type(screen.getByLabelText(/^Contact/), 'info@bitef.rs');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('You already have an application waiting for an answer.')).toBeTruthy();
  });

  it("shows where the application stands and the admin's message", () => {
    signedInFakeApi();
    renderAt(<ApplicationStatusCard application={APPLICATION} />, { path: '/en/organizer/apply' });
    const card = screen.getByTestId('application-status');
    expect(card.textContent).toContain('We need more from you');
    expect(card.textContent).toContain('Which venues do you run?');
  });
});

describe('Review decision', () => {
  it('requires a reason to ask for changes and sends it with the decision', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ 'POST /admin/events/12/moderation': () => json({}) });
    const closed: string[] = [];
    renderAt(<ReviewDecisionDialog decision="request_changes" onClose={() => closed.push('closed')} onSubmit={(decision) => moderateEvent(12, decision)} />, {
      path: '/en/admin/review/12',
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(api.callsTo('POST /admin/events/12/moderation')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Message for the organizer/), 'Add the English title.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('POST /admin/events/12/moderation')).toHaveLength(1));
    expect(api.callsTo('POST /admin/events/12/moderation')[0]?.body).toEqual({ decision: 'request_changes', message: 'Add the English title.' });
    expect(closed).toEqual(['closed']);
  });

  it('approves without a message and keeps the dialog open with the refusal when the event moved on', async () => {
    const user = userEvent.setup();
    const api = signedInFakeApi({ 'POST /admin/events/12/moderation': () => problemResponse(409, 'event_transition', 'The event cannot go from draft to published.') });
    const closed: string[] = [];
    renderAt(<ReviewDecisionDialog decision="approve" onClose={() => closed.push('closed')} onSubmit={(decision) => moderateEvent(12, decision)} />, {
      path: '/en/admin/review/12',
    });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST /admin/events/12/moderation')).toHaveLength(1));
    expect(api.callsTo('POST /admin/events/12/moderation')[0]?.body).toEqual({ decision: 'approve' });
    expect(await within(dialog).findByText('The event cannot go from draft to published.')).toBeTruthy();
    expect(closed).toEqual([]);
  });
});
