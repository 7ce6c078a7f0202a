import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Reservation } from '../../../shared/schemas/reservations';

/**
 * The reminder e-mail's one-tap links open `/{lang}/reservation/{id}?action=confirm|cancel`
 * (notifications-service composeEmail). They are read here, on the page, not by the server: the person
 * may have to sign in first (the sign-in prompt keeps the query in `next`), and the token lives in the browser.
 */
export const LINK_ACTIONS = ['confirm', 'cancel'] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];

export function linkActionOf(params: URLSearchParams): LinkAction | null {
  const value = params.get('action');
  return (LINK_ACTIONS as readonly string[]).includes(value ?? '') ? (value as LinkAction) : null;
}

/** The same URL without `action`, so that a reload or a shared link does not repeat it. */
export function withoutLinkAction(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('action');
  return next;
}

export interface LinkActionHandlers {
  /** "I'm coming": the server decides whether it still can be (its refusal reaches the snackbar). */
  confirm: () => void;
  /** Cancelling is destructive, so the link only opens the usual confirmation dialog: one more tap. */
  askCancel: () => void;
  /** The link asked for something this reservation no longer allows. */
  unavailable: (action: LinkAction) => void;
}

/**
 * Runs the link's action once the reservation is loaded (so after sign-in too), then drops `action` from the
 * URL with a replace. The ref keeps a re-render (or React's double effect in development) from running it twice.
 */
export function useReservationLinkAction(reservation: Reservation | null, handlers: LinkActionHandlers): void {
  const [params, setParams] = useSearchParams();
  const action = linkActionOf(params);
  const handled = useRef<string | null>(null);

  const run = useEffectEvent((current: Reservation, requested: LinkAction) => {
    setParams((search) => withoutLinkAction(search), { replace: true, preventScrollReset: true });
    if (requested === 'confirm') handlers.confirm();
    else if (current.can_cancel) handlers.askCancel();
    else handlers.unavailable(requested);
  });

  useEffect(() => {
    if (!reservation || !action) return;
    const key = `${reservation.id}:${action}`;
    if (handled.current === key) return;
    handled.current = key;
    run(reservation, action);
  }, [action, reservation]);
}
