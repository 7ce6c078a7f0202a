import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OrganizerEventStatusSchema, type OrganizerEventListItem } from '../../../shared/schemas/organizer-workspace';
import type { Route } from './+types/events';
import { loadRefusal } from '../../features/reservations/api-result';
import { LoadFailed, NoIndex, PageSkeleton, rememberPageLocale, SignInPrompt } from '../../features/reservations/page-parts';
import { EventList, type EventListFilter } from '../../features/workspace/event-list';
import { fetchEventList } from '../../features/workspace/workspace-api';
import { OrganizerNav } from '../../components/organizer-nav';
import { getApiClient } from '../../lib/api-client';

function readFilters(search: URLSearchParams): EventListFilter {
  const status = OrganizerEventStatusSchema.safeParse(search.get('status'));
  const when = search.get('when');
  return {
    status: status.success ? status.data : null,
    query: (search.get('q') ?? '').slice(0, 100),
    when: when === 'upcoming' || when === 'past' ? when : null,
  };
}

/** `/{lang}/organizer/events` (`?status=&q=&when=upcoming|past`): the organizer's events, every state, newest work first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  const filters = readFilters(new URL(request.url).searchParams);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const, filters };
  const result = await fetchEventList({ status: filters.status ?? undefined, q: filters.query, when: filters.when ?? undefined });
  if (result.ok) return { kind: 'ready' as const, filters, items: result.data.items, cursor: result.data.next_cursor };
  return { ...loadRefusal(result), filters };
}

export function HydrateFallback() {
  const { t } = useTranslation('workspace');
  return <PageSkeleton title={t('list.title')} />;
}

export default function OrganizerEvents({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('workspace');
  const [, setSearchParams] = useSearchParams();
  const { filters } = loaderData;
  const listKey = `${filters.status ?? ''}:${filters.query}:${filters.when ?? ''}`;
  const [more, setMore] = useState<{ key: string; items: OrganizerEventListItem[]; cursor: string | null } | null>(null);

  const onFilter = useCallback(
    (next: EventListFilter) => {
      const params = new URLSearchParams();
      if (next.status) params.set('status', next.status);
      if (next.when) params.set('when', next.when);
      if (next.query) params.set('q', next.query);
      setSearchParams(params, { preventScrollReset: true, replace: true });
    },
    [setSearchParams],
  );

  const extra = more && more.key === listKey ? more : null;
  const items = loaderData.kind === 'ready' ? [...loaderData.items, ...(extra?.items ?? [])] : [];
  const cursor = extra ? extra.cursor : loaderData.kind === 'ready' ? loaderData.cursor : null;
  const loadMore = async () => {
    if (!cursor) return;
    const result = await fetchEventList({ status: filters.status ?? undefined, q: filters.query, when: filters.when ?? undefined, cursor });
    if (result.ok) setMore({ key: listKey, items: [...(extra?.items ?? []), ...result.data.items], cursor: result.data.next_cursor });
  };

  return (
    <Stack spacing={2} sx={{ py: 3 }}>
      <title>{t('list.title')}</title>
      <NoIndex />
      <OrganizerNav />
      {loaderData.kind === 'sign_in' ? <SignInPrompt title={t('list.heading')} body={t('forbidden')} /> : null}
      {loaderData.kind === 'forbidden' ? <Alert severity="warning">{t('forbidden')}</Alert> : null}
      {loaderData.kind === 'failed' ? <LoadFailed detail={loaderData.detail} /> : null}
      {loaderData.kind === 'ready' ? (
        <EventList
          items={items}
          status={filters.status}
          query={filters.query}
          when={filters.when}
          onFilter={onFilter}
          more={
            cursor ? (
              <Button variant="outlined" onClick={() => void loadMore()} sx={{ alignSelf: 'center' }}>
                {t('list.loadMore')}
              </Button>
            ) : null
          }
        />
      ) : null}
    </Stack>
  );
}
