import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/taxonomy';
import { loadRefusal } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { fetchCategories, fetchTags } from '../../features/taxonomy/taxonomy-api';
import { TaxonomyScreen } from '../../features/taxonomy/taxonomy-screen';
import { AdminNav } from '../../components/admin-nav';
import { getApiClient } from '../../lib/api-client';

/**
 * `/{lang}/admin/taxonomy`: categories with their subcategories, and tags (issue 10). Read in the browser
 * with the admin's token; a guest is asked to sign in, anyone but an admin is told the area is not theirs
 * (403 `admin_required`).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const [categories, tags] = await Promise.all([fetchCategories(), fetchTags()]);
  if (categories.ok && tags.ok) return { kind: 'ready' as const, categories: categories.data.items, tags: tags.data.items };
  const failure = !categories.ok ? categories : !tags.ok ? tags : null;
  return failure ? loadRefusal(failure) : { kind: 'failed' as const, detail: '' };
}

export function HydrateFallback() {
  const { t } = useTranslation('taxonomy');
  return <PageSkeleton title={t('title')} />;
}

export default function AdminTaxonomy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('taxonomy');
  const admin = useTranslation('admin').t;
  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 1040 }}>
      <title>{t('title')}</title>
      <NoIndex />
      <AdminNav />
      <Box>
        <Typography variant="h1">{t('title')}</Typography>
        <Typography color="textSecondary">{t('subheading')}</Typography>
      </Box>
      <AccessState state={loaderData} title={t('title')} signInBody={admin('signInBody')} forbidden={admin('forbidden')} />
      {loaderData.kind === 'ready' ? <TaxonomyScreen initialCategories={loaderData.categories} initialTags={loaderData.tags} /> : null}
    </Stack>
  );
}
