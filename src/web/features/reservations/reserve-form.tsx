import EventBusyIcon from '@mui/icons-material/EventBusy';
import FlashOnIcon from '@mui/icons-material/FlashOn';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PeopleIcon from '@mui/icons-material/People';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateReservationSchema, NOTE_MAX_LENGTH, type ReservationOptions } from '../../../shared/schemas/reservations';
import { FormTextField } from '../../components/form-text-field';
import type { ApiResult } from '../../lib/api-client';
import { formatEventDate } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { applyProblemToForm, useFieldErrorText, useSchemaForm } from '../../lib/use-schema-form';
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

/** The form's own fields: the event comes from the page, so the shared request schema without it. */
const ReserveFormSchema = CreateReservationSchema.omit({ event_id: true });

/** Party-size refusals (422 party_too_large/party_too_small) belong on the party-size field. */
const PARTY_CODES = { party_too_large: 'party_size', party_too_small: 'party_size' } as const;

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
  const errorText = useFieldErrorText();
  const form = useSchemaForm(ReserveFormSchema, {
    defaultValues: { party_size: clampPartySize(Math.min(2, options.party_max), options.party_min, options.party_max), note: '' },
  });
  const [generalError, setGeneralError] = useState<string | null>(null);
  const partySize = form.watch('party_size');
  const note = form.watch('note') ?? '';

  const toWaitlist = options.remaining < partySize;
  const submit = form.handleSubmit(async ({ party_size, note: text }) => {
    setGeneralError(null);
    const result = await onSubmit({ party_size, ...(text ? { note: text } : {}) });
    if (!result.ok && !applyProblemToForm(form, result.problem, ['party_size', 'note'], { codeFields: PARTY_CODES })) {
      setGeneralError(result.problem.detail);
    }
  });

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
          form.setValue('party_size', value);
          form.clearErrors('party_size');
        }}
        error={errorText(form.formState.errors.party_size)}
      />
      <FormTextField
        form={form}
        name="note"
        label={t('reserve.note')}
        multiline
        minRows={3}
        fullWidth={false}
        helperText={`${t('reserve.noteHelp')} ${note.length}/${NOTE_MAX_LENGTH}`}
        slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
      />
      {generalError ? (
        <Alert severity="error" role="alert">
          {generalError}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting} sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 200, minHeight: 48 }}>
        {form.formState.isSubmitting ? t('reserve.submitting') : toWaitlist ? t('reserve.joinWaitlist') : t('reserve.submit')}
      </Button>
    </Stack>
  );
}
