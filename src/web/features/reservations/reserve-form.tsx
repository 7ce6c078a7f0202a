import EventBusyIcon from '@mui/icons-material/EventBusy';
import FlashOnIcon from '@mui/icons-material/FlashOn';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PeopleIcon from '@mui/icons-material/People';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from '../../../shared/schemas/problem';
import { NOTE_MAX_LENGTH, type ReservationOptions } from '../../../shared/schemas/reservations';
import type { ApiResult } from '../../lib/api-client';
import { formatEventDate } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { clampPartySize, PartySizeStepper } from './party-size-stepper';

export interface ReserveValues {
  party_size: number;
  note?: string;
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/** Party-size refusals (422 party_too_large/party_too_small) belong on the party-size field. */
function partyError(problem: Problem): string | undefined {
  if (problem.code.startsWith('party_')) return problem.detail;
  return problem.errors?.party_size?.[0];
}

/**
 * The Reserve form: party size within the event's limits, an optional note, and what will happen on
 * submit (instant, venue approval, or the waitlist when the places left are fewer than the party).
 */
export function ReserveForm({
  options,
  timeZone,
  onSubmit,
}: {
  options: ReservationOptions;
  timeZone: string;
  onSubmit: (values: ReserveValues) => Promise<ApiResult<unknown>>;
}) {
  const { t } = useTranslation('reservations');
  const locale = useLocale();
  const [partySize, setPartySize] = useState(() => clampPartySize(Math.min(2, options.party_max), options.party_min, options.party_max));
  const [note, setNote] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const toWaitlist = options.remaining < partySize;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setProblem(null);
    const trimmed = note.trim();
    const result = await onSubmit({ party_size: partySize, ...(trimmed ? { note: trimmed } : {}) });
    setSubmitting(false);
    if (!result.ok) setProblem(result.problem);
  };

  const fieldPartyError = problem ? partyError(problem) : undefined;
  const noteError = problem?.errors?.note?.[0];
  const generalError = problem && !fieldPartyError && !noteError ? problem.detail : null;

  return (
    <Stack component="form" spacing={3} onSubmit={submit} noValidate aria-label={t('reserve.heading')}>
      <Stack spacing={0.75}>
        <Fact icon={options.mode === 'instant' ? <FlashOnIcon fontSize="small" aria-hidden /> : <HowToRegIcon fontSize="small" aria-hidden />}>
          {options.mode === 'instant' ? t('reserve.modeInstant') : t('reserve.modeApproval')}
        </Fact>
        <Fact icon={options.remaining > 0 ? <PeopleIcon fontSize="small" aria-hidden /> : <HourglassEmptyIcon fontSize="small" aria-hidden />}>
          {options.remaining > 0 ? t('reserve.remaining', { count: options.remaining }) : t('reserve.full')}
        </Fact>
        <Fact icon={<EventBusyIcon fontSize="small" aria-hidden />}>
          {t('reserve.deadline', { date: formatEventDate(options.deadline, timeZone, locale) })}
        </Fact>
      </Stack>
      <PartySizeStepper
        value={partySize}
        min={options.party_min}
        max={options.party_max}
        onChange={(value) => {
          setPartySize(value);
          if (problem && fieldPartyError) setProblem(null);
        }}
        error={fieldPartyError}
      />
      <TextField
        label={t('reserve.note')}
        value={note}
        onChange={(event) => setNote(event.target.value.slice(0, NOTE_MAX_LENGTH))}
        multiline
        minRows={3}
        error={Boolean(noteError)}
        helperText={noteError ?? `${t('reserve.noteHelp')} ${note.length}/${NOTE_MAX_LENGTH}`}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
      />
      {generalError ? (
        <Alert severity="error" role="alert">
          {generalError}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={submitting} sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 200, minHeight: 48 }}>
        {submitting ? t('reserve.submitting') : toWaitlist ? t('reserve.joinWaitlist') : t('reserve.submit')}
      </Button>
    </Stack>
  );
}
