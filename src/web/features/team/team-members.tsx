import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { ORGANIZER_ROLES, type OrganizerRole } from '../../../shared/schemas/organizer-workspace';
import { useDialogStore } from '../../stores/dialog-store';
import type { Member } from './team-api';

/** A role picker whose options say, in one line each, what the role may do. */
export function RoleSelect({ value, onChange, label, disabled, size }: { value: OrganizerRole; onChange: (role: OrganizerRole) => void; label: string; disabled?: boolean; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('team');
  return (
    <TextField
      select
      label={label}
      value={value}
      disabled={disabled}
      size={size}
      onChange={(event) => onChange(event.target.value as OrganizerRole)}
      sx={{ minWidth: 180 }}
      slotProps={{ select: { renderValue: (role) => t(`roles.${role as OrganizerRole}.name`) } }}
    >
      {ORGANIZER_ROLES.map((role) => (
        <MenuItem key={role} value={role} sx={{ display: 'block', whiteSpace: 'normal', maxWidth: 360 }}>
          <Typography sx={{ fontWeight: 600 }}>{t(`roles.${role}.name`)}</Typography>
          <Typography variant="body2" color="textSecondary">
            {t(`roles.${role}.hint`)}
          </Typography>
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Members and open invitations. An owner changes roles and removes people (after a confirmation); everyone
 * else sees the team as it is.
 */
export function TeamMembers({
  members,
  canManage,
  selfEmail,
  onRoleChange,
  onRemove,
}: {
  members: readonly Member[];
  canManage: boolean;
  selfEmail: string | null;
  onRoleChange: (member: Member, role: OrganizerRole) => void;
  onRemove: (member: Member) => void;
}) {
  const { t } = useTranslation('team');
  const showDialog = useDialogStore((state) => state.show);
  const confirmRemove = (member: Member) =>
    showDialog({
      title: t(member.status === 'invited' ? 'members.withdrawTitle' : 'members.removeTitle'),
      message: t(member.status === 'invited' ? 'members.withdrawMessage' : 'members.removeMessage', { name: member.name ?? member.email }),
      status: 'warning',
      action: member.status === 'invited' ? 'team:members.withdraw' : 'team:members.remove',
      onConfirm: () => onRemove(member),
    });

  return (
    <Paper variant="outlined">
      <List disablePadding aria-label={t('members.heading')} data-testid="team-members">
        {members.map((member, index) => {
          const self = selfEmail !== null && member.email.toLowerCase() === selfEmail.toLowerCase();
          const who = member.name ?? member.email;
          return (
            <ListItem key={member.id} divider={index < members.length - 1} sx={{ flexWrap: 'wrap', gap: 1.5, py: 1.5 }} data-testid="team-member">
              <ListItemText
                sx={{ flex: '1 1 220px', minWidth: 0 }}
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {who}
                    </Typography>
                    {self ? <Chip size="small" label={t('members.you')} /> : null}
                    {member.status === 'invited' ? <Chip size="small" color="info" variant="outlined" label={t('members.invited')} /> : null}
                  </Stack>
                }
                secondary={member.name ? member.email : null}
              />
              {canManage ? (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <RoleSelect size="small" label={t('members.roleOf', { name: who })} value={member.role} onChange={(role) => onRoleChange(member, role)} />
                  <IconButton
                    aria-label={t(member.status === 'invited' ? 'members.withdrawOf' : 'members.removeOf', { name: who })}
                    onClick={() => confirmRemove(member)}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Stack>
              ) : (
                <Chip label={t(`roles.${member.role}.name`)} variant="outlined" />
              )}
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
