// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Decision, OrganizerReservation } from '../../../shared/schemas/reservations';
import type { ApiResult } from '../../lib/api-client';
import { renderAt } from '../../test-support/render';
import { DecisionDialog, type DecisionStatus } from './decision-dialog';

afterEach(cleanup);

const RESERVATION: OrganizerReservation = {
  id: 41,
  code: null,
  status: 'pending',
  party_size: 3,
  note: 'Window table, please',
  guest: { first_name: 'Ana', last_name: 'Petrović', email: 'ana@example.com', phone_number: '+381641234567', deleted: false },
  event: { id: 7, slug: 'jazz-night', title: 'Jazz night', starts_at: '2030-06-01T19:00:00.000Z', time_zone: 'Europe/Belgrade' },
  history: [{ from: null, to: 'pending', by: 'guest', message: null, at: '2030-05-01T10:00:00.000Z' }],
  waitlist_position: null,
  confirmed_at: null,
  allowed_decisions: ['accepted', 'rejected', 'action_needed'],
  created_at: '2030-05-01T10:00:00.000Z',
  updated_at: '2030-05-01T10:00:00.000Z',
};

function setup(decision: DecisionStatus, locale: 'en' | 'uk' = 'en') {
  const onSubmit = vi.fn<(reservation: OrganizerReservation, decision: Decision) => Promise<ApiResult<unknown>>>().mockResolvedValue({ ok: true, status: 200, data: {} });
  const onClose = vi.fn();
  renderAt(<DecisionDialog reservation={RESERVATION} decision={decision} onClose={onClose} onSubmit={onSubmit} />, { locale });
  return { onSubmit, onClose };
}

describe('DecisionDialog', () => {
  it('will not ask for action without a message for the guest', async () => {
    const user = userEvent.setup();
    const { onSubmit } = setup('action_needed');
    expect(screen.getByRole('dialog', { name: 'Ask the guest for something' })).toBeTruthy();
    expect(screen.getByText('Ana Petrović · 3 people · Jazz night')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ask for action' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await user.click(screen.getByLabelText(/Message to the guest/));
    await user.paste('Is anyone in a wheelchair?');
    await user.click(screen.getByRole('button', { name: 'Ask for action' }));
    expect(onSubmit).toHaveBeenCalledWith(RESERVATION, { status: 'action_needed', message: 'Is anyone in a wheelchair?' });
  });

  it('accepts with no message, and closes once the server agreed', async () => {
    const user = userEvent.setup();
    const { onSubmit, onClose } = setup('accepted');
    expect(screen.getByLabelText('Message to the guest (optional)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onSubmit).toHaveBeenCalledWith(RESERVATION, { status: 'accepted' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('speaks Ukrainian, with the party size in its plural form', async () => {
    setup('rejected', 'uk');
    expect(screen.getByRole('dialog', { name: 'Відхилити це бронювання?' })).toBeTruthy();
    expect(screen.getByText('Ana Petrović · 3 особи · Jazz night')).toBeTruthy();
  });

  it('cancels only with a message and after a confirming step', async () => {
    const user = userEvent.setup();
    const { onSubmit, onClose } = setup('cancelled');
    expect(screen.getByRole('dialog', { name: 'Cancel this reservation' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await user.click(screen.getByLabelText(/Why the venue cancels/));
    await user.paste('The terrace had to close.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The second step says what will happen, repeats the message, and only then sends.
    expect(onSubmit).not.toHaveBeenCalled();
    const confirm = screen.getByRole('dialog', { name: 'Cancel the reservation of Ana Petrović?' });
    expect(confirm.textContent).toContain('The terrace had to close.');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText(/Why the venue cancels/) as HTMLTextAreaElement).value).toBe('The terrace had to close.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel reservation' }));
    expect(onSubmit).toHaveBeenCalledWith(RESERVATION, { status: 'cancelled', message: 'The terrace had to close.' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('puts a refusal back on the message field', async () => {
    const user = userEvent.setup();
    const { onSubmit, onClose } = setup('cancelled');
    onSubmit.mockResolvedValue({
      ok: false,
      status: 409,
      problem: { type: '/problems/invalid-transition', title: 'Conflict', status: 409, code: 'invalid_transition', detail: 'Not in this status.' },
    });
    await user.click(screen.getByLabelText(/Why the venue cancels/));
    await user.paste('Closing.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel reservation' }));
    expect(await screen.findByText('Not in this status.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a field error from the server on the message field', async () => {
    const user = userEvent.setup();
    const { onSubmit, onClose } = setup('rejected');
    onSubmit.mockResolvedValue({
      ok: false,
      status: 400,
      problem: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        code: 'validation_failed',
        detail: 'Some fields need attention.',
        errors: { message: ['The message is too long.'] },
      },
    });
    await user.click(screen.getByLabelText('Message to the guest (optional)'));
    await user.paste('No room tonight.');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const message = screen.getByLabelText('Message to the guest (optional)');
    await waitFor(() => expect(message.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('The message is too long.');
    expect(screen.queryByText('Some fields need attention.')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
