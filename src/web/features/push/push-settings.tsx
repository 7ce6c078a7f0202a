import BlockIcon from '@mui/icons-material/Block';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbarStore } from '../../stores/snackbar-store';
import { type PushState, readPushState, turnPushOff, turnPushOn } from './push-device';

/**
 * "Push notifications on this device" on the profile (loaded lazily by PushToggle): the state this browser
 * is in, and one button to change it. Permission is asked only when the person presses "Turn on".
 */
export default function PushSettings({ userId }: { userId: string }) {
  const { t } = useTranslation('posted');
  const showSnackbar = useSnackbarStore((state) => state.show);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    readPushState(userId).then(
      (read) => current && setState(read),
      () => current && setState('off'),
    );
    return () => {
      current = false;
    };
  }, [userId]);

  if (state === null || state === 'unsupported') return null;

  const change = async () => {
    setBusy(true);
    try {
      const next = state === 'on' ? await turnPushOff() : await turnPushOn(userId);
      setState(next);
      if (next !== state && next !== 'blocked') showSnackbar(t(next === 'on' ? 'push.turnedOn' : 'push.turnedOff'));
    } catch {
      showSnackbar(t('push.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const Icon = state === 'on' ? NotificationsActiveIcon : state === 'blocked' ? BlockIcon : NotificationsOffIcon;
  return (
    <Paper
      component="section"
      id="push"
      aria-labelledby="push-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, borderColor: 'divider', scrollMarginTop: 80 }}
    >
      <Stack spacing={2}>
        <div>
          <Typography id="push-title" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            {t('push.title')}
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 0.5 }}>
            {t('push.description')}
          </Typography>
        </div>
        {state === 'blocked' ? (
          <Alert severity="warning" icon={<Icon fontSize="inherit" />}>
            {t('push.blocked')}
          </Alert>
        ) : (
          // Laid out like the phone section above it: the button under the state on a phone, beside it wider.
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
              <Icon color={state === 'on' ? 'primary' : 'action'} aria-hidden />
              <Typography>{t(state === 'on' ? 'push.on' : 'push.off')}</Typography>
            </Stack>
            <Button variant={state === 'on' ? 'outlined' : 'contained'} disabled={busy} onClick={() => void change()}>
              {t(state === 'on' ? 'push.turnOff' : 'push.turnOn')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
