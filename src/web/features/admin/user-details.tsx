import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import {
  USER_ROLES,
  type AdminUserDetail,
  type UserRole,
} from '../../../shared/schemas/admin-users';
import { ReservationStatusChip } from '../../components/reservation-status-chip';
import type { ApiResult } from '../../lib/api-client';
import { formatEventDate } from '../../lib/format';
import { formatPhoneNumber } from '../../../shared/phone-format';
import { useLocale } from '../../lib/use-locale';
import { useDialogStore } from '../../stores/dialog-store';
import { SuspendDialog } from './suspend-dialog';
import { UserStatusChip } from './user-search';

export interface UserActions {
  suspend: (reason: string) => Promise<ApiResult<unknown>>;
  unsuspend: () => void;
  changeRole: (role: UserRole) => void;
}

/**
 * One person as an admin sees them: profile, standing, role, teams and latest reservations, and what an admin
 * may do — except to themself (`self`): the server refuses it, so the controls are not offered.
 */
export function UserDetails({
  user,
  self,
  actions,
}: {
  user: AdminUserDetail;
  self: boolean;
  actions: UserActions;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const showDialog = useDialogStore((state) => state.show);
  const [suspending, setSuspending] = useState(false);
  const who = user.name ?? user.email ?? t('users.anonymous');
  const when = (iso: string) => formatEventDate(iso, DEFAULT_TIME_ZONE, locale);
  const deleted = user.status === 'deleted';

  const confirmRole = (role: UserRole) => {
    if (role === user.role) return;
    showDialog({
      title: t('user.role.confirmTitle'),
      message: t('user.role.confirmMessage', {
        name: who,
        role: t(`users.roles.${role}`),
      }),
      status: 'warning',
      action: 'admin:user.role.confirm',
      onConfirm: () => actions.changeRole(role),
    });
  };

  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {who}
          </Typography>
          <UserStatusChip status={user.status} />
        </Stack>
        <Typography color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {[
            user.email
              ? `${user.email} (${t(user.email_verified ? 'user.verified' : 'user.unverified')})`
              : null,
            user.phone_number
              ? `${formatPhoneNumber(user.phone_number)} (${t(user.phone_verified ? 'user.verified' : 'user.unverified')})`
              : null,
            t('user.since', { date: when(user.created_at) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Stack>

      {user.suspension ? (
        <Alert severity="warning" data-testid="suspension">
          {t('user.suspendedBecause', {
            reason: user.suspension.reason ?? '',
            by:
              user.suspension.by?.name ??
              user.suspension.by?.email ??
              t('audit.system'),
            date: user.suspension.at ? when(user.suspension.at) : '',
          })}
        </Alert>
      ) : null}

      {!self && !deleted ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <TextField
            select
            label={t('user.role.label')}
            value={user.role}
            onChange={(event) => confirmRole(event.target.value as UserRole)}
            sx={{ minWidth: 200 }}
          >
            {USER_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {t(`users.roles.${role}`)}
              </MenuItem>
            ))}
          </TextField>
          {user.status === 'suspended' ? (
            <Button variant="outlined" onClick={actions.unsuspend}>
              {t('user.unsuspend')}
            </Button>
          ) : (
            <Button
              variant="outlined"
              color="warning"
              onClick={() => setSuspending(true)}
            >
              {t('user.suspend.open')}
            </Button>
          )}
        </Stack>
      ) : (
        <Typography color="textSecondary">
          {t(self ? 'user.self' : 'user.deleted', {
            role: t(`users.roles.${user.role}`),
          })}
        </Typography>
      )}

      <Stack
        spacing={1.5}
        component="section"
        aria-labelledby="user-teams-heading"
      >
        <Typography variant="h2" id="user-teams-heading">
          {t('user.teams')}
        </Typography>
        {user.memberships.length === 0 ? (
          <Typography color="textSecondary">{t('user.noTeams')}</Typography>
        ) : (
          <Paper variant="outlined">
            <List disablePadding>
              {user.memberships.map((membership, index) => (
                <ListItem
                  key={membership.organizer_id}
                  divider={index < user.memberships.length - 1}
                >
                  <ListItemText
                    primary={membership.organizer_name}
                    secondary={t(`user.teamRoles.${membership.role}`)}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Stack>

      <Stack
        spacing={1.5}
        component="section"
        aria-labelledby="user-reservations-heading"
      >
        <Typography variant="h2" id="user-reservations-heading">
          {t('user.reservations')}
        </Typography>
        {user.reservations.length === 0 ? (
          <Typography color="textSecondary">
            {t('user.noReservations')}
          </Typography>
        ) : (
          <Paper variant="outlined">
            <List disablePadding data-testid="user-reservations">
              {user.reservations.map((reservation, index) => (
                <ListItem
                  key={reservation.id}
                  divider={index < user.reservations.length - 1}
                  sx={{ gap: 1, flexWrap: 'wrap' }}
                >
                  <ListItemText
                    sx={{ flex: '1 1 220px', minWidth: 0 }}
                    primary={reservation.event.title}
                    secondary={t('user.reservationLine', {
                      count: reservation.party_size,
                      date: when(reservation.event.starts_at),
                    })}
                  />
                  <ReservationStatusChip status={reservation.status} />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Stack>

      <SuspendDialog
        open={suspending}
        name={who}
        onClose={() => setSuspending(false)}
        onSubmit={actions.suspend}
      />
    </Stack>
  );
}
