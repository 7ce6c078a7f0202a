import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { DEFAULT_TIME_ZONE, POPOVER_MARGIN_PX } from '../../../shared/constants';
import type { Notification, NotificationAction } from '../../../shared/schemas/reservations';
import { formatEventDate } from '../../lib/format';
import { reservationLink, useLocale } from '../../lib/use-locale';
import { useSnackbarStore } from '../../stores/snackbar-store';
import { useUserStore } from '../../stores/user-store';
import { STATUS_STYLE } from '../../components/reservation-status';
import { runNotificationAction } from './notifications-api';
import { useNotifications } from './use-notifications';

function NotificationIcon({ notification }: { notification: Notification }) {
  const style = notification.status ? STATUS_STYLE[notification.status] : null;
  const Icon = style?.Icon ?? NotificationsIcon;
  return <Icon sx={{ color: style?.color ?? 'text.secondary', mt: 0.25 }} aria-hidden />;
}

/**
 * The app bar's bell: unread count on a badge; the latest notifications in a popover, each opening its
 * reservation (an organizer's: the organizer area on it), with the reminder's one-tap "I'm coming" /
 * "Cancel" right there. Signed-in users only.
 */
export function NotificationsBell() {
  const loggedIn = useUserStore((state) => state.loggedIn);
  const { pathname } = useLocation();
  const notifications = useNotifications(loggedIn, pathname);
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  if (!loggedIn) return null;
  const { items, unread } = notifications;

  const open = (notification: Notification) => {
    setAnchor(null);
    if (!notification.read_at) void notifications.markRead([notification.id]);
    // The server says where a notification leads (an organizer's opens the organizer area on the reservation).
    if (notification.link) void navigate(notification.link);
    else if (notification.reservation_id !== null) void navigate(reservationLink(locale, notification.reservation_id));
  };

  const act = async (notification: Notification, action: NotificationAction) => {
    setBusy(notification.id);
    const result = await runNotificationAction(action);
    setBusy(null);
    if (result.ok) {
      showSnackbar(t('notifications.done'), 'success');
      if (!notification.read_at) await notifications.markRead([notification.id]);
      await notifications.refresh();
      // The page behind may show the same reservation.
      void revalidator.revalidate();
    }
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.label')}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          void notifications.refresh();
        }}
        data-testid="notifications-bell"
      >
        <Badge badgeContent={unread} color="error" max={99} data-testid="notifications-badge">
          {unread > 0 ? <NotificationsIcon /> : <NotificationsNoneIcon />}
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        marginThreshold={POPOVER_MARGIN_PX}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('notifications.heading'),
            sx: { width: 380, maxWidth: `calc(100vw - ${POPOVER_MARGIN_PX * 2}px)`, maxHeight: '70vh' },
          },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography variant="h3" component="h2">
            {t('notifications.heading')}
          </Typography>
          {unread > 0 ? (
            <Button size="small" onClick={() => void notifications.markRead()}>
              {t('notifications.markAllRead')}
            </Button>
          ) : null}
        </Stack>
        <Divider />
        {items.length === 0 ? (
          <Typography color="textSecondary" sx={{ p: 2 }}>
            {t('notifications.empty')}
          </Typography>
        ) : (
          <List disablePadding data-testid="notifications-list">
            {items.map((notification) => (
              <ListItem key={notification.id} disablePadding divider sx={{ display: 'block' }} data-testid="notification" data-unread={!notification.read_at} data-status={notification.status ?? undefined} data-type={notification.type} data-reservation-id={notification.reservation_id ?? undefined}>
                <ListItemButton onClick={() => open(notification)} sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5 }}>
                  <NotificationIcon notification={notification} />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: notification.read_at ? 400 : 700 }}>
                      {notification.title}
                    </Typography>
                    <Typography
                      variant="body2"
                      color="textSecondary"
                      sx={{ overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                    >
                      {notification.body}
                    </Typography>
                    <Typography variant="caption" color="textSecondary">
                      {formatEventDate(notification.created_at, notification.time_zone ?? DEFAULT_TIME_ZONE, locale)}
                    </Typography>
                  </Box>
                  {!notification.read_at ? (
                    <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mt: 0.75, flexShrink: 0 }} aria-hidden />
                  ) : null}
                </ListItemButton>
                {notification.actions.length > 0 ? (
                  <Stack direction="row" spacing={1} sx={{ px: 2, pb: 1.5, pl: 6.5 }}>
                    {notification.actions.map((action) => (
                      <Button
                        key={action.kind}
                        size="small"
                        variant={action.kind === 'confirm' ? 'contained' : 'outlined'}
                        color={action.kind === 'confirm' ? 'success' : 'error'}
                        disabled={busy === notification.id}
                        onClick={() => void act(notification, action)}
                      >
                        {action.label}
                      </Button>
                    ))}
                  </Stack>
                ) : null}
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
