import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import EventIcon from '@mui/icons-material/Event';
import Button from '@mui/material/Button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventIcsPath } from '../../../shared/calendar-paths';
import type { Locale } from '../../../shared/locales';
import type { EventDetail } from '../../../shared/schemas/catalog';
import { LazyPart, lazyOnIntent, useMountOnIntent } from '../../lib/lazy-on-intent';
import type { CalendarLinkEvent } from './calendar-links';

const AddToCalendarMenu = lazyOnIntent(() => import('./add-to-calendar-menu'));

function linkEvent(event: EventDetail): CalendarLinkEvent {
  const venue = event.venue ? [event.venue.name, event.venue.street_address, event.venue.locality].filter(Boolean).join(', ') : null;
  return {
    title: event.title,
    startsAt: event.starts_at,
    endsAt: event.ends_at,
    details: [event.summary, event.canonical_url].filter(Boolean).join('\n\n'),
    location: venue ?? event.online_url,
  };
}

/**
 * The event page's "Add to calendar": a menu of the server's calendar file (a URL, so a calendar app that
 * opens it can come back for changes), Google Calendar and Outlook. Until the app hydrates, and without
 * JavaScript, the button is a plain link to the calendar file. The page decides whether to show it (no
 * calendar for a date to be announced or a cancelled event).
 */
export function AddToCalendar({ event, locale }: { event: EventDetail; locale: Locale }) {
  const { t } = useTranslation('discovery');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { mounted, intent } = useMountOnIntent(Boolean(anchor), AddToCalendarMenu.preload);
  const icsUrl = eventIcsPath(event.id, locale);
  return (
    <>
      <Button
        component="a"
        href={icsUrl}
        variant="outlined"
        size="large"
        startIcon={<EventIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={intent}
        onFocus={intent}
        onClick={(click: React.MouseEvent<HTMLElement>) => {
          click.preventDefault();
          setAnchor(click.currentTarget);
        }}
        data-testid="add-to-calendar"
      >
        {t('event.addToCalendar')}
      </Button>
      {mounted ? (
        <LazyPart>
          <AddToCalendarMenu id={menuId} anchor={anchor} onClose={() => setAnchor(null)} icsUrl={icsUrl} event={linkEvent(event)} />
        </LazyPart>
      ) : null}
    </>
  );
}
