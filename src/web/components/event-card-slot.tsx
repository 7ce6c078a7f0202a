import { createContext, type ReactNode, useContext } from 'react';

/**
 * What the app draws on every event card beside its link (the heart, issue 12). The card is a shared
 * component and may not import a feature; the app provides the feature's control here instead.
 */
export const EventCardSlotContext = createContext<((eventId: number) => ReactNode) | null>(null);

export function EventCardSlot({ eventId }: { eventId: number }) {
  const render = useContext(EventCardSlotContext);
  return render ? <>{render(eventId)}</> : null;
}
