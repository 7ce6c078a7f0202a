import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../../../shared/schemas/account-settings';
import { formatEventDate } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { useSnackbarStore } from '../../../stores/snackbar-store';
import { listSessions, revokeSession } from '../lib/account-settings-api';

const CITY_TIME_ZONE = 'Europe/Belgrade';

/** Profile → Sessions: the devices signed in to the account; any but this one can be signed out here. */
export function SessionsList() {
  const { t } = useTranslation('posted');
  const locale = useLocale();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    const answer = await listSessions();
    if (answer.ok) setSessions(answer.data.items);
    else setFailed(true);
  }, []);

  useEffect(() => {
    // Personal state: fetched in the browser after hydration, never server-rendered.
    void listSessions().then((answer) => (answer.ok ? setSessions(answer.data.items) : setFailed(true)));
  }, []);

  const signOut = async (id: string) => {
    setBusyId(id);
    const answer = await revokeSession(id);
    setBusyId(null);
    // Gone already (404) is what was wanted too: the list is read again either way.
    if (answer.ok || answer.status === 404) showSnackbar(t('account.sessions.signed_out'));
    await load();
  };

  if (failed) return <Alert severity="warning">{t('account.sessions.load_failed')}</Alert>;
  if (!sessions) return <CircularProgress size={24} aria-label={t('account.sessions.title')} />;
  const when = (iso: string) => formatEventDate(iso, CITY_TIME_ZONE, locale);
  return (
    <List disablePadding data-testid="sessions-list">
      {sessions.map((session) => (
        <ListItem
          key={session.id}
          divider
          disableGutters
          data-testid="session"
          data-current={session.current}
          sx={{ flexWrap: 'wrap', gap: 1 }}
        >
          <ListItemText
            sx={{ flex: '1 1 220px' }}
            primary={
              <>
                {session.device ?? t('account.sessions.unknown_device')}
                {session.current ? <Chip size="small" color="primary" label={t('account.sessions.this_device')} sx={{ ml: 1 }} /> : null}
              </>
            }
            secondary={[
              t('account.sessions.signed_in', { date: when(session.created_at) }),
              session.last_seen_at ? t('account.sessions.last_seen', { date: when(session.last_seen_at) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
          {session.current ? null : (
            <Button variant="outlined" size="small" disabled={busyId === session.id} onClick={() => void signOut(session.id)}>
              {t('account.sessions.sign_out')}
            </Button>
          )}
        </ListItem>
      ))}
    </List>
  );
}
