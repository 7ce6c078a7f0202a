import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useRevalidator } from 'react-router';
import type { UserRole } from '../../../shared/schemas/admin-users';
import type { Route } from './+types/user';
import { changeUserRole, fetchUser, suspendUser, unsuspendUser } from '../../features/admin/admin-api';
import { UserDetails } from '../../features/admin/user-details';
import { loadRefusal } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { AdminNav } from '../../components/admin-nav';
import { getApiClient } from '../../lib/api-client';
import { localePath, useLocale } from '../../lib/use-locale';
import { useSnackbarStore } from '../../stores/snackbar-store';
import { useUserStore } from '../../stores/user-store';

/** `/{lang}/admin/users/{id}`: one person, with suspension and the Kuda-wide role. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const user = await fetchUser(params.id);
  if (user.ok) return { kind: 'ready' as const, user: user.data };
  return loadRefusal(user);
}

export function HydrateFallback() {
  const { t } = useTranslation('admin');
  return <PageSkeleton title={t('user.title')} />;
}

export default function AdminUserPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const selfId = useUserStore((state) => state.user?.id ?? null);

  const done = async (message: string) => {
    showSnackbar(message, 'success');
    await revalidator.revalidate();
  };

  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 960 }}>
      <title>{t('user.title')}</title>
      <NoIndex />
      <AdminNav />
      <Button component={RouterLink} to={localePath(locale, '/admin/users')} sx={{ alignSelf: 'flex-start' }}>
        {t('user.back')}
      </Button>
      <AccessState state={loaderData} title={t('user.title')} signInBody={t('signInBody')} forbidden={t('forbidden')} />
      {loaderData.kind === 'ready' ? (
        <UserDetails
          user={loaderData.user}
          self={loaderData.user.id === selfId}
          actions={{
            suspend: async (reason) => {
              const result = await suspendUser(loaderData.user.id, reason);
              if (result.ok) await done(t('user.suspend.done'));
              return result;
            },
            unsuspend: () =>
              void unsuspendUser(loaderData.user.id).then(async (result) => {
                if (result.ok) await done(t('user.unsuspended'));
              }),
            changeRole: (role: UserRole) =>
              void changeUserRole(loaderData.user.id, role).then(async (result) => {
                if (result.ok) await done(t('user.role.changed', { role: t(`users.roles.${role}`) }));
              }),
          }}
        />
      ) : null}
    </Stack>
  );
}
