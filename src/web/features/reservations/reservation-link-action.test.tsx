// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reservation } from '../../../shared/schemas/reservations';
import { linkActionOf, useReservationLinkAction, type LinkActionHandlers } from './reservation-link-action';

afterEach(cleanup);

const RESERVATION = { id: 12, status: 'accepted', can_cancel: true } as Reservation;

function handlers() {
  return { confirm: vi.fn<() => void>(), askCancel: vi.fn<() => void>(), unavailable: vi.fn<LinkActionHandlers['unavailable']>() };
}

function renderAt(path: string, reservation: Reservation | null, spies: LinkActionHandlers) {
  const seen: string[] = [];
  function Page() {
    useReservationLinkAction(reservation, spies);
    const location = useLocation();
    seen.push(`${location.pathname}${location.search}`);
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/en/reservations', path], initialIndex: 1 });
  // StrictMode runs effects twice in development: the action must still run once.
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { router, seen };
}

describe('the reminder e-mail links on the reservation page', () => {
  it('confirms once for ?action=confirm and drops the parameter with a replace', async () => {
    const spies = handlers();
    const { router } = renderAt('/en/reservation/12?action=confirm&utm=mail', RESERVATION, spies);
    await waitFor(() => expect(router.state.location.search).toBe('?utm=mail'));
    expect(spies.confirm).toHaveBeenCalledTimes(1);
    expect(spies.askCancel).not.toHaveBeenCalled();
    // Replaced, not pushed: Back leads to where the person was, not to the link again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('only opens the cancel confirmation for ?action=cancel', async () => {
    const spies = handlers();
    const { router } = renderAt('/en/reservation/12?action=cancel', RESERVATION, spies);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(spies.askCancel).toHaveBeenCalledTimes(1);
    expect(spies.confirm).not.toHaveBeenCalled();
  });

  it('says so when the reservation can no longer be cancelled', async () => {
    const spies = handlers();
    renderAt('/en/reservation/12?action=cancel', { ...RESERVATION, status: 'cancelled', can_cancel: false }, spies);
    await waitFor(() => expect(spies.unavailable).toHaveBeenCalledWith('cancel'));
    expect(spies.askCancel).not.toHaveBeenCalled();
  });

  it('waits for the reservation (sign-in first) and keeps the parameter until then', async () => {
    const spies = handlers();
    const { router, seen } = renderAt('/en/reservation/12?action=confirm', null, spies);
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(router.state.location.search).toBe('?action=confirm');
    expect(spies.confirm).not.toHaveBeenCalled();
  });

  it('ignores anything but confirm and cancel', () => {
    expect(linkActionOf(new URLSearchParams('action=delete'))).toBeNull();
    expect(linkActionOf(new URLSearchParams('action=confirm'))).toBe('confirm');
    expect(linkActionOf(new URLSearchParams(''))).toBeNull();
  });
});
