import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/Event';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../../shared/locales';
import type { NotificationSettings, UpdateNotificationSettings } from '../../../../shared/schemas/account-settings';
import { useLocale } from '../../../lib/use-locale';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { getNotificationSettings, resetCalendarUrl, updateNotificationSettings } from '../lib/account-settings-api';

const SWITCHES = ['email_reservations', 'email_reminders', 'email_followed', 'email_digest'] as const;
const ACCOUNT_LANGUAGE = 'account';

/** The subscribable form of an https feed URL: calendar apps open `webcal://` links as subscriptions. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

/**
 * Profile → Notifications: one switch per kind of e-mail (saved as it is flipped), the e-mails' language,
 * and the personal calendar feed's URL with copy, subscribe and reset. The URL is a secret: fetched after
 * hydration, never server-rendered.
 */
export function NotificationSettingsPanel() {
  const { t } = useTranslation('posted');
  const { t: common } = useTranslation('common');
  const locale = useLocale();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);

  useEffect(() => {
    void getNotificationSettings().then((answer) => (answer.ok ? setSettings(answer.data) : setFailed(true)));
  }, []);

  const save = async (change: UpdateNotificationSettings) => {
    if (!settings) return;
    const before = settings;
    // Shown at once; put back if the server refuses.
    setSettings({ ...settings, ...change });
    setSaving(true);
    const answer = await updateNotificationSettings(change);
    setSaving(false);
    if (answer.ok) {
      setSettings(answer.data);
      showSnackbar(t('settings.saved'));
    } else {
      setSettings(before);
      showSnackbar(t('settings.save_failed'));
    }
  };

  const copy = async () => {
    if (!settings) return;
    await navigator.clipboard.writeText(settings.calendar_url).then(
      () => showSnackbar(t('settings.calendar.copied')),
      () => undefined,
    );
  };

  const reset = async () => {
    setConfirmReset(false);
    const answer = await resetCalendarUrl();
    if (answer.ok && settings) {
      setSettings({ ...settings, calendar_url: answer.data.calendar_url });
      showSnackbar(t('settings.calendar.reset_done'));
    }
  };

  if (failed) return <Alert severity="warning">{t('settings.save_failed')}</Alert>;
  if (!settings) return <CircularProgress size={24} aria-label={t('settings.title')} />;
  return (
    <Stack spacing={3}>
      <FormGroup>
        {SWITCHES.map((key) => (
          <FormControlLabel
            key={key}
            control={<Switch checked={settings[key]} disabled={saving} onChange={(event) => void save({ [key]: event.target.checked })} name={key} />}
            label={t(`settings.${key}`)}
          />
        ))}
      </FormGroup>
      <TextField
        select
        label={t('settings.language')}
        value={settings.email_locale ?? ACCOUNT_LANGUAGE}
        disabled={saving}
        onChange={(event) => void save({ email_locale: event.target.value === ACCOUNT_LANGUAGE ? null : (event.target.value as Locale) })}
        sx={{ maxWidth: 360 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'email-locale' } } }}
      >
        <MenuItem value={ACCOUNT_LANGUAGE}>{t('settings.language_account', { language: common(`language.name.${locale}`) })}</MenuItem>
        {LOCALES.map((code) => (
          <MenuItem key={code} value={code} lang={code}>
            {common(`language.name.${code}`)}
          </MenuItem>
        ))}
      </TextField>
      <Stack spacing={1.5} component="section" aria-labelledby="calendar-feed-title">
        <Typography id="calendar-feed-title" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
          {t('settings.calendar.title')}
        </Typography>
        <Typography color="textSecondary">{t('settings.calendar.description')}</Typography>
        <TextField
          label={t('settings.calendar.url')}
          value={settings.calendar_url}
          fullWidth
          slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'calendar-url', onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select() } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {t('settings.calendar.copy')}
          </Button>
          <Button variant="outlined" startIcon={<EventIcon />} href={webcalUrl(settings.calendar_url)}>
            {t('settings.calendar.subscribe')}
          </Button>
          <Button color="warning" onClick={() => setConfirmReset(true)}>
            {t('settings.calendar.reset')}
          </Button>
        </Stack>
      </Stack>
      <Dialog open={confirmReset} onClose={() => setConfirmReset(false)} aria-labelledby="calendar-reset-title">
        <DialogTitle id="calendar-reset-title">{t('settings.calendar.reset_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('settings.calendar.reset_body')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmReset(false)}>{t('settings.calendar.cancel')}</Button>
          <Button color="warning" variant="contained" onClick={() => void reset()}>
            {t('settings.calendar.reset_confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
