import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useRevalidator } from 'react-router';
import type { OrganizerRole } from '../../../shared/schemas/organizer-workspace';
import type { Route } from './+types/team';
import { needsSignIn } from '../../features/reservations/api-result';
import { AccessState, NoIndex, PageSkeleton, rememberPageLocale } from '../../features/reservations/page-parts';
import { ActivityLog } from '../../features/team/activity-log';
import { InviteForm } from '../../features/team/invite-form';
import { changeMemberRole, fetchActivity, fetchMembers, inviteMember, type Member, removeMember } from '../../features/team/team-api';
import { TeamMembers } from '../../features/team/team-members';
import { OrganizerNav } from '../../components/organizer-nav';
import { getApiClient } from '../../lib/api-client';
import { localePath, useLocale } from '../../lib/use-locale';
import { useSnackbarStore } from '../../stores/snackbar-store';
import { useUserStore } from '../../stores/user-store';

/**
 * `/{lang}/organizer/team`: members and open invitations, invitations, roles, and the activity log. Owners
 * change the team; managers and viewers read it; door staff (who read nothing but the door) are sent there.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  rememberPageLocale(request.url);
  if (!getApiClient().isLoggedIn()) return { kind: 'sign_in' as const };
  const [members, activity] = await Promise.all([fetchMembers(), fetchActivity()]);
  if (members.ok && activity.ok) return { kind: 'ready' as const, members: members.data.items, activity: activity.data };
  const failure = !members.ok ? members : !activity.ok ? activity : null;
  if (!failure) return { kind: 'failed' as const, detail: '' };
  if (needsSignIn(failure)) return { kind: 'sign_in' as const };
  if (failure.status === 403 && failure.problem.code === 'organizer_role_required') return { kind: 'door_only' as const };
  if (failure.status === 403) return { kind: 'forbidden' as const };
  return { kind: 'failed' as const, detail: failure.problem.detail };
}

export function HydrateFallback() {
  const { t } = useTranslation('team');
  return <PageSkeleton title={t('title')} />;
}

export default function OrganizerTeam({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('team');
  const locale = useLocale();
  const revalidator = useRevalidator();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const selfEmail = useUserStore((state) => state.user?.email ?? null);
  const members = loaderData.kind === 'ready' ? loaderData.members : [];
  const self = members.find((member) => member.status === 'active' && selfEmail !== null && member.email.toLowerCase() === selfEmail.toLowerCase());
  // Only owners change the team; until we know who is reading (user not loaded), the server decides.
  const canManage = self ? self.role === 'owner' : selfEmail === null;

  const changeRole = async (member: Member, role: OrganizerRole) => {
    if (role === member.role) return;
    const result = await changeMemberRole(member.id, role);
    if (!result.ok) return;
    showSnackbar(t('members.roleChanged', { name: member.name ?? member.email, role: t(`roles.${role}.name`) }), 'success');
    await revalidator.revalidate();
  };
  const remove = async (member: Member) => {
    const result = await removeMember(member.id);
    if (!result.ok) return;
    showSnackbar(t(member.status === 'invited' ? 'members.withdrawn' : 'members.removed', { name: member.name ?? member.email }), 'success');
    await revalidator.revalidate();
  };

  return (
    <Stack spacing={3} sx={{ py: 3, maxWidth: 960 }}>
      <title>{t('title')}</title>
      <NoIndex />
      <OrganizerNav />
      <Box>
        <Typography variant="h1">{t('heading')}</Typography>
        <Typography color="textSecondary">{t('subheading')}</Typography>
      </Box>
      <AccessState state={loaderData} title={t('heading')} signInBody={t('signInBody')} forbidden={t('forbidden')} />
      {loaderData.kind === 'door_only' ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={localePath(locale, '/organizer/door')} color="inherit" size="small">
              {t('doorOnly.action')}
            </Button>
          }
        >
          {t('doorOnly.body')}
        </Alert>
      ) : null}
      {loaderData.kind === 'ready' ? (
        <>
          <Stack spacing={1.5} component="section" aria-labelledby="team-members-heading">
            <Typography variant="h2" id="team-members-heading">
              {t('members.heading')}
            </Typography>
            {!canManage ? <Typography color="textSecondary">{t('members.readOnly', { role: t(`roles.${self?.role ?? 'viewer'}.name`) })}</Typography> : null}
            <TeamMembers members={members} canManage={canManage} selfEmail={selfEmail} onRoleChange={(member, role) => void changeRole(member, role)} onRemove={(member) => void remove(member)} />
          </Stack>
          {canManage ? (
            <Stack spacing={1.5} component="section" aria-labelledby="team-invite-heading">
              <Typography variant="h2" id="team-invite-heading">
                {t('invite.heading')}
              </Typography>
              <Typography color="textSecondary">{t('invite.help')}</Typography>
              <InviteForm
                onSubmit={async (input) => {
                  const result = await inviteMember(input);
                  if (result.ok) {
                    showSnackbar(t('invite.sent', { email: input.email }), 'success');
                    await revalidator.revalidate();
                  }
                  return result;
                }}
              />
            </Stack>
          ) : null}
          <Stack spacing={1.5} component="section" aria-labelledby="team-activity-heading">
            <Typography variant="h2" id="team-activity-heading">
              {t('activity.heading')}
            </Typography>
            <ActivityLog key={loaderData.activity.items[0]?.id ?? 0} first={loaderData.activity} />
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
