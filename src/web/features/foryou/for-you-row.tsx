import { type ComponentType, type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '../../../shared/schemas/catalog';
import { ForYouIcon, ForYouReasonNote } from './for-you-reason';
import { closeForYouRoom, FOR_YOU_ROW_ID, rememberForYouRoom } from './for-you-room-memory';
import { useForYou } from './use-for-you';

/** What the home page's row component takes (the catalogue's EventRow, handed in by the page). */
export interface PickedRowProps {
  title: string;
  icon: ReactNode;
  events: EventSummary[];
  note: (event: EventSummary) => ReactNode;
  testId: string;
}

/**
 * The home page's "For you" row (issue 12; the spec's *tailored events*): the person's picks with "why
 * this" under each card. Rendered in the browser only and nothing at all until there are items, so a
 * person without signals (and every server-rendered, shared page) has no row and nothing moves.
 * The region is named "For you" (its heading) and carries data-testid="for-you-row".
 */
export function ForYouRow({ locale, size, Row }: { locale: string; size: number; Row: ComponentType<PickedRowProps> }) {
  const { t } = useTranslation('posted');
  const items = useForYou(locale, size);
  useLayoutEffect(() => {
    if (items === undefined) return; // still asking
    // The room this row takes, kept for the next visit's first paint (for-you-room.tsx); no row this time:
    // the room closes, and is forgotten when there are no picks at all (not when the answer failed).
    const row = items?.length ? document.querySelector(`[data-testid="${FOR_YOU_ROW_ID}"]`) : null;
    if (row) rememberForYouRoom(row);
    else closeForYouRoom({ forget: items !== null });
  }, [items]);
  if (!items?.length) return null;
  const reasons = new Map(items.map((item) => [item.event.id, item.reason]));
  return (
    <Row
      title={t('forYou.title')}
      icon={<ForYouIcon />}
      events={items.map((item) => item.event)}
      note={(event) => {
        const reason = reasons.get(event.id);
        return reason ? <ForYouReasonNote reason={reason} /> : null;
      }}
      testId={FOR_YOU_ROW_ID}
    />
  );
}
