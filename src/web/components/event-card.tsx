import EventAvailableIcon from '@mui/icons-material/EventAvailable';
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
import { CARD } from './event-card-styles';
import { EventCardSlot } from './event-card-slot';
import { Tag } from './pill';
import { ResponsiveImage } from './responsive-image';

export function EventPrice({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (event.is_free) return <>{t('event.free')}</>;
  const { min, max, currency } = event.price;
  // No top price = not announced yet (never "free", which a reader would take at its word).
  if (max === null) return <>{t('event.priceNotAnnounced')}</>;
  if (min === null || min === max) return <>{formatMoney(max, currency, locale)}</>;
  return <>{t('event.priceFrom', { price: formatMoney(min, currency, locale) })}</>;
}

/** Cancelled and postponed events are marked on the card itself, not only on their page. */
export function StatusChip({ status }: { status: EventSummary['status'] }) {
  const { t } = useTranslation();
  if (status === 'scheduled') return null;
  const serious = status === 'cancelled' || status === 'postponed';
  return (
    <Tag color={status === 'cancelled' ? 'error' : serious ? 'warning' : 'info'} label={t(`event.status.${status}`)} data-testid="event-status" />
  );
}

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

/** "+ 3 more dates": a series is listed once, at its next date. */
export function MoreDatesChip({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count < 1) return null;
  return (
    <Tag label={t('event.moreDates', { count })} sx={{ alignSelf: 'flex-start' }} data-testid="more-dates" />
  );
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
  // listing draws dozens of cards: the card's own `t` serves its parts, and parts with nothing to say are not
  // mounted at all.
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
            {event.status === 'scheduled' ? null : <StatusChip status={event.status} />}
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
          {event.more_dates > 0 ? <MoreDatesChip count={event.more_dates} /> : null}
          {typeof event.distance_km === 'number' ? (
            <p className={CARD.meta} data-testid="event-distance" data-km={event.distance_km}>
              {t('discovery:map.distance', { distance: formatDistanceNumber(event.distance_km, locale) })}
            </p>
          ) : null}
          <div className={CARD.foot}>
            <p className={CARD.price}>
              <EventPrice event={event} />
            </p>
            {event.reservable && !cancelled ? (
              <p className={CARD.reservable}>
                <EventAvailableIcon fontSize="inherit" aria-hidden />
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
