import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { eventImageSrcSet } from '../../shared/event-images';
import { eventPath } from '../../shared/paths';
import type { EventSummary } from '../../shared/schemas/catalog';
import type { Locale } from '../../shared/locales';
import { dateToBeAnnounced, movedFrom } from '../lib/date-change';
import { formatDistanceNumber, formatEventDate, formatMoney } from '../lib/format';
import { useLocale } from '../lib/use-locale';
import { useUiStore } from '../stores/ui-store';
import { CARD, type CardTagColor } from './event-card-styles';
import { EventCardSlot } from './event-card-slot';
import { ResponsiveImage } from './responsive-image';

/** What an event costs, in words: "Free", "From 1.200 RSD", "Price not announced yet". */
export function eventPriceText(t: TFunction, event: EventSummary, locale: Locale): string {
  if (event.is_free) return t('event.free');
  const { min, max, currency } = event.price;
  // No top price = not announced yet (never "free", which a reader would take at its word).
  if (max === null) return t('event.priceNotAnnounced');
  if (min === null || min === max) return formatMoney(max, currency, locale);
  return t('event.priceFrom', { price: formatMoney(min, currency, locale) });
}

const statusTagColor = (status: EventSummary['status']): CardTagColor =>
  status === 'cancelled' ? 'error' : status === 'postponed' ? 'warning' : 'info';

/** Cancelled and postponed events are marked on the card itself, not only on their page (the card's tag). */
function statusTag(t: TFunction, status: EventSummary['status']) {
  if (status === 'scheduled') return null;
  return (
    <span className={CARD.tag} data-color={statusTagColor(status)} data-testid="event-status">
      <span>{t(`event.status.${status}`)}</span>
    </span>
  );
}

/** The same mark on the event page. */
export function StatusChip({ status }: { status: EventSummary['status'] }) {
  const { t } = useTranslation();
  return statusTag(t, status);
}

/**
 * EventAvailable of @mui/icons-material (event-card.test.tsx compares them), drawn as a plain icon: a home
 * page has a reservable mark on some twenty cards, and MUI's SvgIcon resolved its styles for each.
 */
export const RESERVABLE_ICON_PATH =
  'M16.53 11.06 15.47 10l-4.88 4.88-2.12-2.12-1.06 1.06L10.59 17zM19 3h-1V1h-2v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H5V8h14z';

type DateFields = Pick<EventSummary, 'starts_at' | 'time_zone' | 'status' | 'date_tba' | 'previous_starts_at'>;

/**
 * What a reader must know about the date of a postponed or moved event, in words: "Postponed — date to
 * be announced", or "Moved to <new date> (was <old date>)"; null when the date stands as first announced.
 */
export function dateChangeNote(t: TFunction, event: DateFields, locale: Locale): string | null {
  if (event.status === 'cancelled') return null;
  if (dateToBeAnnounced(event)) return t('event.dateTba');
  const previous = movedFrom(event);
  if (previous) {
    return t('event.movedTo', {
      date: formatEventDate(event.starts_at, event.time_zone, locale),
      previous: formatEventDate(previous, event.time_zone, locale),
      interpolation: { escapeValue: false },
    });
  }
  return null;
}

/** `dateChangeNote` for a component that has no `t` of its own at hand. */
export function useDateChangeNote(event: DateFields, locale: Locale): string | null {
  const { t } = useTranslation();
  return dateChangeNote(t, event, locale);
}

/**
 * How wide a card's picture is drawn, for the browser's choice among its widths: two to four cards side by
 * side on wider screens; on phones a grid card spans the page inside its 16-px margins and a home row's card
 * 82 % of that (event-row.tsx), so the row asks for the 600-px picture where the grid's needs 800.
 */
const WIDER_SCREENS = '(min-width: 1536px) 22vw, (min-width: 1200px) 28vw, (min-width: 600px) 45vw';
export const EVENT_CARD_IMAGE_SIZES = `${WIDER_SCREENS}, calc(100vw - 32px)`;
export const ROW_CARD_IMAGE_SIZES = `${WIDER_SCREENS}, calc(0.82 * (100vw - 32px))`;

/**
 * One event as a card. `priority` marks the first cards of a page: their pictures are the largest
 * thing on the first screen, so they load at once and first instead of lazily.
 *
 * Memoised: a listing puts its server page into the session's list store right after hydration and draws
 * again with the very same event objects; without this every card of the page would be drawn a second
 * time then, one long task on a phone.
 */
export const EventCard = memo(function EventCard({
  event,
  headingLevel = 3,
  priority = false,
  imageSizes = EVENT_CARD_IMAGE_SIZES,
}: {
  event: EventSummary;
  headingLevel?: 2 | 3;
  priority?: boolean;
  /** The picture's drawn width (`sizes`): a grid card's unless the card sits in a home row. */
  imageSizes?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setLastEventId = useUiStore((state) => state.setLastEventId);
  const cancelled = event.status === 'cancelled';
  // Each useTranslation() copies the i18n instance on a component's first render (react-i18next 17), and a
  // listing draws dozens of cards: the card's own `t` serves all its parts (the price, the tags, the notes).
  const dateNote = dateChangeNote(t, event, locale);
  const uploaded = event.image?.variants?.length ? event.image : null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    // Plain elements drawn by the page's card styles (event-card-styles.ts), not MUI components: a listing
    // hydrates dozens of cards, and each MUI part resolved its styles again for every one of them.
    <article className={CARD.root} data-cancelled={cancelled || undefined} data-testid="event-card" data-event-id={event.id}>
      <RouterLink className={CARD.link} to={eventPath(locale, event)} onClick={() => setLastEventId(event.id)}>
        {uploaded ? (
          <ResponsiveImage
            image={{ ...uploaded, dominant_color: uploaded.dominant_color ?? null, placeholder: uploaded.placeholder ?? null }}
            alt=""
            crop="card"
            sizes={imageSizes}
            priority={priority}
            className={CARD.media}
            style={{ aspectRatio: '16 / 9' }}
          />
        ) : event.image ? (
          <img
            className={CARD.media}
            src={event.image.url}
            srcSet={eventImageSrcSet(event.image.url)}
            sizes={imageSizes}
            alt=""
            width={event.image.width}
            height={event.image.height}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        ) : null}
        <div className={CARD.body}>
          <div className={CARD.kicker}>
            {statusTag(t, event.status)}
            <span className={CARD.category}>{event.category.name}</span>
          </div>
          <Heading className={CARD.title}>{event.title}</Heading>
          <p className={CARD.meta}>
            {dateNote ? (
              <span className={CARD.note} data-testid="date-note">
                {dateNote}
              </span>
            ) : (
              <time dateTime={event.starts_at}>{formatEventDate(event.starts_at, event.time_zone, locale)}</time>
            )}
            {event.venue ? ` · ${event.venue.name}` : event.attendance_mode === 'online' ? ` · ${t('event.online')}` : ''}
            {event.venue?.city.name ? <span data-testid="event-city">{`, ${event.venue.city.name}`}</span> : null}
          </p>
          {/* "+ 3 more dates": a series is listed once, at its next date. */}
          {event.more_dates > 0 ? (
            <span className={CARD.tag} data-testid="more-dates">
              <span>{t('event.moreDates', { count: event.more_dates })}</span>
            </span>
          ) : null}
          {typeof event.distance_km === 'number' ? (
            <p className={CARD.meta} data-testid="event-distance" data-km={event.distance_km}>
              {t('discovery:map.distance', { distance: formatDistanceNumber(event.distance_km, locale) })}
            </p>
          ) : null}
          <div className={CARD.foot}>
            <p className={CARD.price}>{eventPriceText(t, event, locale)}</p>
            {event.reservable && !cancelled ? (
              <p className={CARD.reservable}>
                <svg className={CARD.icon} viewBox="0 0 24 24" focusable="false" aria-hidden="true">
                  <path d={RESERVABLE_ICON_PATH} />
                </svg>
                {t('event.reservable')}
              </p>
            ) : null}
          </div>
        </div>
      </RouterLink>
      {/* Beside the link, not inside it: a control within a link is neither valid nor reachable. */}
      <EventCardSlot eventId={event.id} />
    </article>
  );
});
