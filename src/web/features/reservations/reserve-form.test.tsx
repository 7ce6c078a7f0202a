// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReservationOptions } from '../../../shared/schemas/reservations';
import type { ApiResult } from '../../lib/api-client';
import { ReserveForm, type ReserveValues } from './reserve-form';
import { renderAt } from '../../test-support/render';

afterEach(cleanup);

const OPTIONS: ReservationOptions = {
  event_id: 7,
  reservable: true,
  open: true,
  closed_reason: null,
  mode: 'approval',
  party_min: 1,
  party_max: 4,
  deadline: '2030-06-01T16:00:00.000Z',
  capacity: 40,
  remaining: 12,
  my_reservation: null,
};

const ok: ApiResult<unknown> = { ok: true, status: 201, data: {} };

function setup(options: Partial<ReservationOptions> = {}, answer: ApiResult<unknown> = ok, locale: 'en' | 'sr' | 'ru' = 'en') {
  const onSubmit = vi.fn<(values: ReserveValues) => Promise<ApiResult<unknown>>>().mockResolvedValue(answer);
  renderAt(<ReserveForm options={{ ...OPTIONS, ...options }} timeZone="Europe/Belgrade" onSubmit={onSubmit} />, { locale });
  return { onSubmit };
}

describe('ReserveForm', () => {
  it('sends the chosen party size and the note', async () => {
    const user = userEvent.setup();
    const { onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'More people' }));
    await user.click(screen.getByLabelText('Note for the venue (optional)'));
    await user.paste('  A table near the stage  ');
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(onSubmit).toHaveBeenCalledWith({ party_size: 3, note: 'A table near the stage' });
  });

  it('leaves the note out when it is empty', async () => {
    const user = userEvent.setup();
    const { onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(onSubmit).toHaveBeenCalledWith({ party_size: 2 });
  });

  it('keeps the party size within the event limits', async () => {
    const user = userEvent.setup();
    const { onSubmit } = setup({ party_min: 2, party_max: 3 });
    const more = screen.getByRole('button', { name: 'More people' });
    await user.click(more);
    expect(more).toHaveProperty('disabled', true);
    expect(screen.getByText('3 people · From 2 to 3')).toBeTruthy();
    // Typing beyond the limit settles on the limit when the field is left.
    const field = screen.getByLabelText('Party size');
    await user.clear(field);
    await user.type(field, '40');
    await user.tab();
    expect(field).toHaveProperty('value', '3');
    await user.clear(field);
    await user.type(field, '1');
    await user.tab();
    expect(field).toHaveProperty('value', '2');
    expect(screen.getByRole('button', { name: 'Fewer people' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(onSubmit).toHaveBeenCalledWith({ party_size: 2 });
  });

  it('says what happens: approval mode, places left and the deadline', async () => {
    setup();
    expect(screen.getByText('The venue confirms each request')).toBeTruthy();
    expect(screen.getByText('12 places left')).toBeTruthy();
    expect(screen.getByText(/^Reservations close /)).toBeTruthy();
  });

  it('offers the waitlist when the party is larger than the places left', async () => {
    setup({ remaining: 0, mode: 'instant' });
    expect(screen.getByText('Fully booked — you will join the waitlist')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeTruthy();
    expect(screen.getByText('Confirmed instantly')).toBeTruthy();
  });

  it('puts a party-size refusal from the server on the party-size field', async () => {
    const user = userEvent.setup();
    const refusal: ApiResult<unknown> = {
      ok: false,
      status: 422,
      problem: { type: 'about:blank', title: 'Unprocessable', status: 422, detail: 'This event takes at most 4 people per reservation.', code: 'party_too_large' },
    };
    setup({}, refusal);
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(screen.getByText('This event takes at most 4 people per reservation.')).toBeTruthy());
    expect(screen.getByLabelText('Party size').getAttribute('aria-invalid')).toBe('true');
  });

  it('puts a field error from the server on the note, and only there', async () => {
    const user = userEvent.setup();
    const invalid: ApiResult<unknown> = {
      ok: false,
      status: 400,
      problem: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'Some fields need attention.',
        code: 'validation_failed',
        errors: { note: ['Notes may not contain links.'] },
      },
    };
    setup({}, invalid);
    await user.click(screen.getByLabelText('Note for the venue (optional)'));
    await user.paste('see https://example.test');
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    const note = screen.getByLabelText('Note for the venue (optional)');
    await waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Notes may not contain links.');
    expect(screen.queryByText('Some fields need attention.')).toBeNull();
    expect(document.activeElement).toBe(note);
  });

  it('writes party sizes with the plural forms of Russian', async () => {
    const user = userEvent.setup();
    setup({ party_max: 6 }, ok, 'ru');
    expect(screen.getByText('2 человека · От 1 до 6')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Больше человек' }));
    await user.click(screen.getByRole('button', { name: 'Больше человек' }));
    await user.click(screen.getByRole('button', { name: 'Больше человек' }));
    expect(screen.getByText('5 человек · От 1 до 6')).toBeTruthy();
  });

  it('writes party sizes with the plural forms of Serbian', async () => {
    const user = userEvent.setup();
    setup({ party_max: 6 }, ok, 'sr');
    expect(screen.getByText('2 osobe · Od 1 do 6')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Manje osoba' }));
    expect(screen.getByText('1 osoba · Od 1 do 6')).toBeTruthy();
  });
});
