import BusinessIcon from '@mui/icons-material/Business';
import LanguageIcon from '@mui/icons-material/Language';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/organizer-page';
import { EmptyState } from '../components/event-grid';
import { JsonLd, SeoHead } from '../features/catalog/seo';
import { CalendarFeedLinks } from '../features/calendar/calendar-feed-links';
import { CalendarSubscribe } from '../features/calendar/calendar-subscribe';
import { FollowButton } from '../features/follows/follow-button';
import { OrganizerEvents } from '../features/follows/organizer-events';
import { ReportButton } from '../features/reports/report-button';
import { loadBySlugId } from '../lib/slug-id-loader';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { origin } = context;
  const { locale, found: detail } = await loadBySlugId(request, params.slugId, (id, language) => context.services.follows.organizerPage(id, language, { origin }));
  return { locale, detail, origin };
}

/** An organizer's public page (issue 12): who they are, their website, their upcoming events, Follow. */
export default function OrganizerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('posted');
  const { locale, detail, origin } = loaderData;
  const { organizer, events } = detail;
  const description = t('follows.organizer.description', { name: organizer.name });

  return (
    <Stack spacing={3} sx={{ py: 3 }} data-testid="organizer-page">
      <SeoHead
        locale={locale}
        title={t('follows.organizer.metaTitle', { name: organizer.name })}
        description={description}
        canonical={detail.canonical_url}
        alternates={detail.alternates}
        origin={origin}
        image={events[0]?.image ?? null}
      />
      <CalendarFeedLinks target={{ kind: 'organizer', id: organizer.id }} name={organizer.name} origin={origin} locale={locale} />
      <Box component="header" sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, p: { xs: 2, sm: 3 } }}>
        <Typography variant="overline" color="textSecondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <BusinessIcon fontSize="small" aria-hidden />
          {t('follows.organizer.overline')}
        </Typography>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {organizer.name}
        </Typography>
        <Typography sx={{ mt: 1, maxWidth: '70ch' }} color="textSecondary">
          {description}
        </Typography>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <FollowButton target={{ kind: 'organizer', id: organizer.id, name: organizer.name, slug: organizer.slug }} />
          {organizer.website ? (
            <Button variant="outlined" href={organizer.website} target="_blank" rel="noopener noreferrer" startIcon={<LanguageIcon />}>
              {t('follows.organizer.website')}
            </Button>
          ) : null}
          <ReportButton targets={[{ type: 'organizer', id: organizer.id, label: organizer.name }]} />
        </Stack>
      </Box>
      <Stack component="section" spacing={2} aria-labelledby="organizer-upcoming">
        <Typography id="organizer-upcoming" variant="h2">
          {t('follows.organizer.upcoming')}
        </Typography>
        {events.length ? (
          <OrganizerEvents organizerId={organizer.id} first={{ items: events, next_cursor: detail.next_cursor }} label={t('follows.organizer.upcoming')} />
        ) : (
          <EmptyState title={t('follows.organizer.upcoming')} body={t('follows.organizer.none')} />
        )}
      </Stack>
      <CalendarSubscribe kind="organizer" id={organizer.id} origin={origin} />
      <JsonLd data={detail.json_ld} />
    </Stack>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../features/catalog/route-error';
