import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import type { OrganizerEventListItem } from '../../../shared/schemas/organizer-workspace';
import type { CheckInAnswer, GuestList } from '../../../shared/schemas/organizer-door';
import { formatEventDate } from '../../lib/format';
import { localePath, useLocale } from '../../lib/use-locale';
import { CheckInResult, type CheckInOutcome } from './check-in-result';
import { checkIn, fetchGuestList, isNetworkFailure, syncScans } from './door-api';
import { doorStorage } from './door-storage';
import { checkInLocally, enqueueScan, markCheckedIn, mergeSyncResults, type QueuedScan, type SyncResult } from './offline-door';

const DoorScanner = lazy(() => import('./door-scanner').then((module) => ({ default: module.DoorScanner })));

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** The event a door most likely works tonight: the first that has not ended (or started within 12 hours). */
function tonightsEvent(events: readonly OrganizerEventListItem[], now: number): OrganizerEventListItem | undefined {
  return events.find((event) => Date.parse(event.ends_at ?? event.starts_at) + (event.ends_at ? 0 : 12 * 3600_000) > now) ?? events[0];
}

function outcomeOf(answer: CheckInAnswer, code: string, seq: number): CheckInOutcome {
  const { reservation } = answer;
  return {
    kind: answer.result,
    offline: false,
    code,
    name: reservation.guest_name,
    partySize: reservation.party_size,
    at: reservation.checked_in_at,
    by: reservation.checked_in_by_name,
    eventTitle: reservation.event_title,
    status: reservation.status,
    seq,
  };
}

/**
 * The door, phone first (DESIGN §14): pick tonight's event, then scan with the camera, a USB scanner (it types
 * the code and presses Enter) or by hand. The event's guest list is kept on the device; without a network a
 * code is checked against it, marked there and queued, and the queue is sent when the network is back.
 * `events` is null when the person's role cannot list events (door staff): codes are then checked for any
 * event of the organizer, online only.
 */
export function DoorStation({ events }: { events: OrganizerEventListItem[] | null }) {
  const { t } = useTranslation('door');
  const locale = useLocale();
  const [eventId, setEventId] = useState<number | null>(() => {
    const stored = doorStorage.eventId();
    if (events === null) return stored;
    if (stored && events.some((event) => event.event_id === stored)) return stored;
    return tonightsEvent(events, Date.now())?.event_id ?? null;
  });
  const [list, setList] = useState<GuestList | null>(() => (eventId ? doorStorage.guestList(eventId) : null));
  const [queue, setQueue] = useState<QueuedScan[]>(() => doorStorage.queue());
  const [online, setOnline] = useState(isOnline);
  const [outcome, setOutcome] = useState<CheckInOutcome | null>(null);
  const [syncReport, setSyncReport] = useState<{ confirmed: number; conflicts: SyncResult[] } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const syncing = useRef(false);
  const codeField = useRef<HTMLInputElement>(null);
  const event = events?.find((candidate) => candidate.event_id === eventId) ?? null;
  const timeZone = event?.time_zone ?? DEFAULT_TIME_ZONE;

  const saveList = useCallback((id: number, next: GuestList) => {
    doorStorage.setGuestList(id, next);
    setList(next);
  }, []);
  const saveQueue = useCallback((next: QueuedScan[]) => {
    doorStorage.setQueue(next);
    setQueue(next);
  }, []);

  // The guest list of the picked event, fresh from the server whenever there is a network.
  useEffect(() => {
    doorStorage.setEventId(eventId);
    if (eventId === null || !isOnline()) return;
    let current = true;
    void fetchGuestList(eventId).then((result) => {
      if (current && result.ok) saveList(eventId, result.data);
    });
    return () => {
      current = false;
    };
  }, [eventId, saveList]);

  const sync = useCallback(async () => {
    const waiting = doorStorage.queue();
    if (syncing.current || waiting.length === 0) return;
    syncing.current = true;
    try {
      const result = await syncScans(waiting);
      if (!result.ok) {
        if (isNetworkFailure(result)) setOnline(false);
        return;
      }
      const id = doorStorage.eventId();
      const stored = id ? doorStorage.guestList(id) : null;
      const merged = mergeSyncResults(stored, doorStorage.queue(), waiting, result.data.results);
      saveQueue(merged.queue);
      if (id && merged.list) saveList(id, merged.list);
      setSyncReport({ confirmed: merged.confirmed.length, conflicts: merged.conflicts });
    } finally {
      syncing.current = false;
    }
  }, [saveList, saveQueue]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    if (isOnline()) void sync();
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [sync]);

  const checkOffline = (text: string, next: number) => {
    const stored = eventId ? doorStorage.guestList(eventId) : null;
    if (!eventId || !stored) {
      setOutcome({ kind: 'no_list', offline: true, code: text, seq: next });
      return;
    }
    const now = new Date().toISOString();
    const local = checkInLocally(stored, text, now);
    if (local.result === 'checked_in') {
      saveList(eventId, local.list);
      saveQueue(enqueueScan(doorStorage.queue(), { code: text, event_id: eventId, scanned_at: now }));
    }
    const guest = local.guest;
    setOutcome({
      kind: local.result,
      offline: true,
      code: text,
      name: guest?.name,
      partySize: guest?.party_size,
      at: guest?.checked_in_at,
      by: guest?.checked_in_by,
      status: guest?.status,
      seq: next,
    });
  };

  const submit = async (raw: string) => {
    const text = raw.trim();
    if (!text) return;
    seq.current += 1;
    const next = seq.current;
    if (!isOnline() || !online) {
      setOnline(isOnline());
      checkOffline(text, next);
      return;
    }
    setBusy(true);
    const result = await checkIn(text, eventId);
    setBusy(false);
    if (result.ok) {
      setOutcome(outcomeOf(result.data, text, next));
      const { reservation } = result.data;
      if (eventId && reservation.event_id === eventId && reservation.checked_in_at) {
        const stored = doorStorage.guestList(eventId);
        if (stored) saveList(eventId, markCheckedIn(stored, reservation.code, reservation.checked_in_at, reservation.checked_in_by_name));
      }
      return;
    }
    if (isNetworkFailure(result)) {
      setOnline(false);
      checkOffline(text, next);
      return;
    }
    if (result.status === 404) setOutcome({ kind: 'not_found', offline: false, code: text, seq: next });
    else setOutcome({ kind: 'failed', offline: false, code: text, detail: result.problem.detail || undefined, seq: next });
  };

  const onSubmit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const text = code;
    setCode('');
    void submit(text).then(() => codeField.current?.focus());
  };

  return (
    <Stack spacing={2.5}>
      {events === null ? (
        list ? (
          <Typography variant="h2">{list.event.title}</Typography>
        ) : (
          <Alert severity="info">{t('station.anyEvent')}</Alert>
        )
      ) : events.length === 0 ? (
        <Alert severity="info">{t('station.noEvents')}</Alert>
      ) : (
        <TextField
          select
          label={t('station.event')}
          value={eventId ? String(eventId) : ''}
          onChange={(change) => {
            const picked = change.target.value ? Number(change.target.value) : null;
            setOutcome(null);
            setEventId(picked);
            setList(picked ? doorStorage.guestList(picked) : null);
          }}
          fullWidth
        >
          {events.map((candidate) => (
            <MenuItem key={candidate.event_id} value={String(candidate.event_id)}>
              {candidate.title} · {formatEventDate(candidate.starts_at, candidate.time_zone, locale)}
            </MenuItem>
          ))}
        </TextField>
      )}

      {!online || queue.length > 0 ? (
        <Alert severity={online ? 'info' : 'warning'} icon={online ? undefined : <CloudOffIcon />} data-testid="door-offline">
          {online ? t('offline.waiting', { count: queue.length }) : t('offline.banner', { count: queue.length })}
        </Alert>
      ) : null}

      {syncReport ? (
        <Alert severity={syncReport.conflicts.length ? 'warning' : 'success'} onClose={() => setSyncReport(null)} data-testid="door-sync-report">
          <Typography>{t('sync.done', { count: syncReport.confirmed })}</Typography>
          {syncReport.conflicts.length ? (
            <>
              <Typography>{t('sync.conflicts', { count: syncReport.conflicts.length })}</Typography>
              <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
                {syncReport.conflicts.map((conflict) => (
                  <li key={`${conflict.code}-${conflict.scanned_at}`}>
                    {conflict.reservation?.guest_name ?? conflict.code} — {t(`result.${conflict.result}`)}
                    {conflict.result === 'already_checked_in' && conflict.reservation?.checked_in_by_name
                      ? ` (${conflict.reservation.checked_in_by_name})`
                      : ''}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Stack component="form" direction="row" spacing={1} onSubmit={onSubmit} sx={{ alignItems: 'flex-start' }} noValidate>
            <TextField
              inputRef={codeField}
              label={t('station.code')}
              helperText={t('station.codeHelp')}
              value={code}
              onChange={(change) => setCode(change.target.value)}
              autoComplete="off"
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, enterKeyHint: 'go' } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ minHeight: 56, flexShrink: 0 }}>
              {t('station.check')}
            </Button>
          </Stack>
          <Suspense fallback={null}>
            <DoorScanner onCode={(scanned) => void submit(scanned)} />
          </Suspense>
        </Stack>
      </Paper>

      <CheckInResult outcome={outcome} timeZone={timeZone} />

      {list && eventId ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip
            color="success"
            variant="outlined"
            label={t('totals.inside', { count: list.totals.checked_in_people, total: list.totals.people })}
            data-testid="door-inside"
          />
          <Link component={RouterLink} to={localePath(locale, `/organizer/events/${eventId}/guests`)}>
            {t('station.guestList')}
          </Link>
        </Stack>
      ) : null}
    </Stack>
  );
}
