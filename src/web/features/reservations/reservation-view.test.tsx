// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reservation } from '../../../shared/schemas/reservations';
import type { ApiResult } from '../../lib/api-client';
import { qrPath } from './reservation-qr';
import { type ReservationActions, ReservationView, spacedCode } from './reservation-view';
import { renderAt } from '../../test-support/render';

afterEach(cleanup);

const BASE: Reservation = {
  id: 12,
  code: null,
  status: 'pending',
  party_size: 2,
  note: 'Birthday',
  event: {
    id: 7,
    slug: 'jazz-night',
    title: 'Jazz night',
    starts_at: '2030-06-01T19:00:00.000Z',
    ends_at: null,
    time_zone: 'Europe/Belgrade',
    venue_name: 'Dom omladine',
    venue_address: 'Makedonska 22, Beograd',
    image: null,
    status: 'scheduled',
  },
  history: [{ from: null, to: 'pending', by: 'guest', message: null, at: '2030-05-01T10:00:00.000Z' }],
  can_cancel: true,
  can_respond: false,
  can_confirm: false,
  action_message: null,
  waitlist_position: null,
  others_waiting: false,
  deadline: '2030-06-01T16:00:00.000Z',
  confirmed_at: null,
  created_at: '2030-05-01T10:00:00.000Z',
  updated_at: '2030-05-01T10:00:00.000Z',
};

function actions(): ReservationActions & { onRespond: ReturnType<typeof vi.fn> } {
  return {
    onCancel: vi.fn(),
    onConfirm: vi.fn(),
    onRespond: vi.fn<(message: string) => Promise<ApiResult<unknown>>>().mockResolvedValue({ ok: true, status: 200, data: {} }),
  };
}

describe('ReservationView', () => {
  it('shows an accepted reservation with its code and QR code, and "I\'m coming"', async () => {
    const reservation: Reservation = {
      ...BASE,
      status: 'accepted',
      code: 'KX4M9TQ',
      can_confirm: true,
      history: [...BASE.history, { from: 'pending', to: 'accepted', by: 'venue', message: 'See you there!', at: '2030-05-02T10:00:00.000Z' }],
    };
    const handlers = actions();
    const user = userEvent.setup();
    renderAt(<ReservationView reservation={reservation} actions={handlers} />);
    expect(screen.getByTestId('reservation-status-header').textContent).toContain('Accepted');
    expect(screen.getByTestId('reservation-code').textContent).toBe('KX4 M9TQ');
    expect(screen.getByRole('img', { name: 'QR code for reservation KX4M9TQ' })).toBeTruthy();
    expect(screen.getByText('See you there!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: "I'm coming" }));
    expect(handlers.onConfirm).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeTruthy();
  });

  it('lets the guest answer the venue when action is needed', async () => {
    const reservation: Reservation = {
      ...BASE,
      status: 'action_needed',
      can_respond: true,
      action_message: 'Do you need a high chair?',
      history: [...BASE.history, { from: 'pending', to: 'action_needed', by: 'venue', message: 'Do you need a high chair?', at: '2030-05-02T10:00:00.000Z' }],
    };
    const handlers = actions();
    const user = userEvent.setup();
    renderAt(<ReservationView reservation={reservation} actions={handlers} />);
    const box = screen.getByTestId('action-needed');
    expect(within(box).getByText('The venue asks')).toBeTruthy();
    expect(within(box).getByText('Do you need a high chair?')).toBeTruthy();
    await user.click(within(box).getByRole('button', { name: 'Send answer' }));
    expect(handlers.onRespond).not.toHaveBeenCalled();
    await user.click(within(box).getByLabelText(/Your answer/));
    await user.paste('Yes, one please');
    await user.click(within(box).getByRole('button', { name: 'Send answer' }));
    expect(handlers.onRespond).toHaveBeenCalledWith('Yes, one please');
  });

  it('shows the waitlist place, and no code', async () => {
    renderAt(<ReservationView reservation={{ ...BASE, status: 'waitlisted', waitlist_position: 3 }} actions={actions()} />);
    expect(screen.getByTestId('waitlist-position').textContent).toBe('Place 3 on the waitlist');
    expect(screen.queryByTestId('reservation-code')).toBeNull();
  });

  it('offers cancelling only while it is allowed, with the deadline', async () => {
    renderAt(<ReservationView reservation={BASE} actions={actions()} />);
    expect(screen.getByRole('button', { name: 'Cancel reservation' })).toBeTruthy();
    expect(screen.getByText(/^You can cancel until /)).toBeTruthy();
    cleanup();
    renderAt(<ReservationView reservation={{ ...BASE, status: 'cancelled', can_cancel: false }} actions={actions()} />);
    expect(screen.queryByRole('button', { name: 'Cancel reservation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
  });

  it.each([
    { case: 'nobody waits', reservation: BASE, message: 'You will lose your place. This cannot be undone.' },
    {
      case: 'others wait',
      reservation: { ...BASE, others_waiting: true },
      message: 'Your place will go to the next person on the waitlist. This cannot be undone.',
    },
    { case: 'the guest waits', reservation: { ...BASE, status: 'waitlisted' as const, waitlist_position: 2 }, message: 'You will leave the waitlist. This cannot be undone.' },
  ])('asks before cancelling, naming the waitlist only when it applies ($case)', async ({ reservation, message }) => {
    const handlers = actions();
    const user = userEvent.setup();
    renderAt(<ReservationView reservation={reservation} actions={handlers} />);
    await user.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this reservation?' });
    expect(within(dialog).getByText(message)).toBeTruthy();
    // Keeping it does nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep my reservation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(handlers.onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect(handlers.onCancel).toHaveBeenCalledTimes(1);
  });

  it('says when the venue cancelled, with its message, in the reader’s language', async () => {
    const cancelled = {
      ...BASE,
      status: 'cancelled' as const,
      can_cancel: false,
      cancellation: { by: 'venue' as const, message: 'Terasa je zatvorena zbog kiše.', at: '2030-05-02T10:00:00.000Z' },
    };
    renderAt(<ReservationView reservation={cancelled} actions={actions()} />, { locale: 'sr' });
    const notice = screen.getByTestId('cancelled-by-venue');
    expect(notice.textContent).toContain('Organizator je otkazao ovu rezervaciju');
    expect(screen.getByTestId('venue-cancel-message').textContent).toBe('Terasa je zatvorena zbog kiše.');
    cleanup();
    // A guest's own cancellation needs no such notice.
    renderAt(<ReservationView reservation={{ ...cancelled, cancellation: { ...cancelled.cancellation, by: 'guest', message: null } }} actions={actions()} />);
    expect(screen.queryByTestId('cancelled-by-venue')).toBeNull();
  });

  it('says the answer at once after reserving', async () => {
    renderAt(<ReservationView reservation={{ ...BASE, status: 'waitlisted' }} created="waitlisted" actions={actions()} />, { locale: 'sr' });
    expect(screen.getByTestId('reservation-created').textContent).toBe('Događaj je popunjen, pa ste na listi čekanja.');
    expect(screen.getByTestId('reservation-status-header').textContent).toContain('Lista čekanja');
  });
});

describe('reservation code helpers', () => {
  it('groups the code for reading aloud', () => {
    expect(spacedCode('KX4M9TQ')).toBe('KX4 M9TQ');
    expect(spacedCode('AB12')).toBe('AB12');
  });

  it('draws each horizontal run of dark modules as one rectangle', () => {
    expect(qrPath([[true, true, false, true], [false, false, false, false]])).toBe('M0 0h2v1h-2zM3 0h1v1h-1z');
  });
});
