import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Problem } from '../../../shared/schemas/problem';
import { FormTextField } from '../../components/form-text-field';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  applyDialogProblem,
  CancelFormSchema,
  COPY_PARTS,
  duplicateFormSchema,
  postponeFormSchema,
  scheduleFormSchema,
  seriesFormSchema,
  seriesRrule,
} from './event-dialog-forms';
import { weekdayOrdinal } from './rrule';

/** Spec §9: a modal is at most 720 px wide. */
const MODAL_MAX_WIDTH = 720;

/** The schema checks the fields and says why in the person's language; the browser's own bubbles stay away. */
const NO_NATIVE_VALIDATION = { noValidate: true } as object;

export type EditorDialog = 'schedule' | 'postpone' | 'duplicate' | 'series' | 'cancel';

/**
 * A dialog's call: `true` once the server agreed (the dialog closes), else the dialog stays open, showing
 * the problem's field errors (if any) on its inputs.
 */
type Send<B> = (body: B) => Promise<true | { problem?: Problem }>;

interface ShellProps {
  open: boolean;
  title: string;
  submitLabel: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler;
  busy: boolean;
  children: ReactNode;
}

function DialogShell({ open, title, submitLabel, danger, onClose, onSubmit, busy, children }: ShellProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth slotProps={{ paper: { component: 'form', onSubmit, sx: { maxWidth: MODAL_MAX_WIDTH }, ...NO_NATIVE_VALIDATION } }} aria-labelledby="editor-dialog-title">
      <DialogTitle id="editor-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" color={danger ? 'error' : 'primary'} disabled={busy} aria-busy={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Submits a dialog's form: the body goes to `send`; the dialog closes when the server agreed, else shows its field errors. */
function submitWith<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, fields: readonly Path<T>[], send: Send<O>, onClose: () => void) {
  return form.handleSubmit(async (body) => {
    const outcome = await send(body);
    if (outcome === true) onClose();
    else if (outcome.problem) applyDialogProblem(form, outcome.problem, fields);
  });
}

function DateTimeInputs<T extends FieldValues, O>({ form, name, label }: { form: UseFormReturn<T, unknown, O>; name: string; label: string }) {
  const { t } = useTranslation('workspace');
  return (
    <Stack direction="row" spacing={1.5}>
      <FormTextField form={form} name={`${name}.date` as Path<T>} type="date" label={`${label} — ${t('when.date')}`} slotProps={{ inputLabel: { shrink: true } }} required />
      <FormTextField form={form} name={`${name}.time` as Path<T>} type="time" label={t('when.time')} slotProps={{ inputLabel: { shrink: true } }} sx={{ minWidth: 120 }} required />
    </Stack>
  );
}

const newWhen = () => ({ date: '', time: '20:00' });

interface DialogProps<B> {
  open: boolean;
  onClose: () => void;
  send: Send<B>;
}

function ScheduleDialog({ open, onClose, send, timeZone }: DialogProps<{ publish_at: string }> & { timeZone: string }) {
  const { t } = useTranslation('workspace');
  const form = useSchemaForm(scheduleFormSchema(timeZone), { defaultValues: { publish_at: newWhen() } });
  return (
    <DialogShell open={open} title={t('dialogs.schedule.title')} submitLabel={t('dialogs.schedule.submit')} onClose={onClose} busy={form.formState.isSubmitting} onSubmit={submitWith(form, ['publish_at.date'], send, onClose)}>
      <Typography color="textSecondary">{t('dialogs.schedule.body')}</Typography>
      <DateTimeInputs form={form} name="publish_at" label={t('dialogs.schedule.at')} />
    </DialogShell>
  );
}

export type PostponeBody = { starts_at?: string; date_tba?: boolean; message?: string };

function PostponeDialog({ open, onClose, send, timeZone }: DialogProps<PostponeBody> & { timeZone: string }) {
  const { t } = useTranslation('workspace');
  const form = useSchemaForm(postponeFormSchema(timeZone), { defaultValues: { date_tba: false, starts_at: newWhen(), message: '' } });
  const tba = useWatch({ control: form.control, name: 'date_tba' });
  return (
    <DialogShell
      open={open}
      title={t('dialogs.postpone.title')}
      submitLabel={t('dialogs.postpone.submit')}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      onSubmit={submitWith(form, ['starts_at.date', 'date_tba', 'message'], send, onClose)}
    >
      <Controller
        control={form.control}
        name="date_tba"
        render={({ field }) => (
          <RadioGroup value={field.value ? 'tba' : 'date'} onChange={(event) => field.onChange(event.target.value === 'tba')}>
            <FormControlLabel value="date" control={<Radio />} label={t('dialogs.postpone.newDate')} />
            <FormControlLabel value="tba" control={<Radio />} label={t('dialogs.postpone.tba')} />
          </RadioGroup>
        )}
      />
      {tba ? null : <DateTimeInputs form={form} name="starts_at" label={t('dialogs.postpone.startsAt')} />}
      <FormTextField form={form} name="message" label={t('dialogs.message')} helperText={t('dialogs.messageHint')} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 1000 } }} />
    </DialogShell>
  );
}

export type DuplicateBody = { starts_at: string; copy: Record<string, boolean> };

function DuplicateDialog({ open, onClose, send, timeZone }: DialogProps<DuplicateBody> & { timeZone: string }) {
  const { t } = useTranslation('workspace');
  const form = useSchemaForm(duplicateFormSchema(timeZone), {
    defaultValues: { starts_at: newWhen(), copy: Object.fromEntries(COPY_PARTS.map((part) => [part, true])) as Record<(typeof COPY_PARTS)[number], boolean> },
  });
  return (
    <DialogShell open={open} title={t('dialogs.duplicate.title')} submitLabel={t('dialogs.duplicate.submit')} onClose={onClose} busy={form.formState.isSubmitting} onSubmit={submitWith(form, ['starts_at.date'], send, onClose)}>
      <DateTimeInputs form={form} name="starts_at" label={t('dialogs.duplicate.startsAt')} />
      <Typography variant="subtitle2">{t('dialogs.duplicate.copy')}</Typography>
      <Stack>
        {COPY_PARTS.map((part) => (
          <Controller
            key={part}
            control={form.control}
            name={`copy.${part}`}
            render={({ field }) => <FormControlLabel control={<Checkbox checked={field.value ?? true} onChange={(event) => field.onChange(event.target.checked)} />} label={t(`dialogs.duplicate.parts.${part}`)} />}
          />
        ))}
      </Stack>
    </DialogShell>
  );
}

function SeriesDialog({ open, onClose, send, firstDate }: DialogProps<{ rrule: string; exdates: string[] }> & { firstDate: string }) {
  const { t } = useTranslation('workspace');
  const form = useSchemaForm(seriesFormSchema(firstDate), {
    defaultValues: { frequency: 'weekly', interval: '1', end_kind: 'count', count: '8', until: '', exdate: '', exdates: [] },
  });
  const values = useWatch({ control: form.control });
  const { frequency = 'weekly', end_kind: endKind = 'count', exdate = '', exdates = [] } = values;
  const rrule = seriesRrule({ frequency, interval: values.interval ?? '1', end_kind: endKind, count: values.count ?? '', until: values.until ?? '', exdate, exdates: exdates.filter(Boolean) as string[] }, firstDate);
  const ordinal = firstDate ? weekdayOrdinal(firstDate) : null;
  const setExdates = (next: string[]) => form.setValue('exdates', next, { shouldDirty: true });

  return (
    <DialogShell open={open} title={t('dialogs.series.title')} submitLabel={t('dialogs.series.submit')} onClose={onClose} busy={form.formState.isSubmitting} onSubmit={submitWith(form, ['frequency', 'exdate'], send, onClose)}>
      {!firstDate ? <Typography color="warning">{t('dialogs.series.needsDate')}</Typography> : null}
      <Controller
        control={form.control}
        name="frequency"
        render={({ field }) => (
          <FormTextField form={form} name="frequency" select label={t('dialogs.series.frequency')} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
            <MenuItem value="weekly">{t('dialogs.series.weekly')}</MenuItem>
            <MenuItem value="monthly_date">{t('dialogs.series.monthlyDate', { day: firstDate ? Number(firstDate.slice(8, 10)) : '' })}</MenuItem>
            <MenuItem value="monthly_weekday">
              {ordinal ? t('dialogs.series.monthlyWeekday', { ordinal: t(`dialogs.series.ordinal.${ordinal.ordinal === 5 ? 'last' : ordinal.ordinal}`), weekday: t(`dialogs.series.weekday.${ordinal.weekday}`) }) : t('dialogs.series.monthlyWeekdayPlain')}
            </MenuItem>
          </FormTextField>
        )}
      />
      <FormTextField form={form} name="interval" type="number" label={frequency === 'weekly' ? t('dialogs.series.everyWeeks') : t('dialogs.series.everyMonths')} slotProps={{ htmlInput: { min: 1, max: 12 } }} />
      <Controller
        control={form.control}
        name="end_kind"
        render={({ field }) => (
          <RadioGroup row value={field.value} onChange={(event) => field.onChange(event.target.value)}>
            <FormControlLabel value="count" control={<Radio />} label={t('dialogs.series.byCount')} />
            <FormControlLabel value="until" control={<Radio />} label={t('dialogs.series.byUntil')} />
          </RadioGroup>
        )}
      />
      {endKind === 'count' ? (
        <FormTextField form={form} name="count" type="number" label={t('dialogs.series.count')} slotProps={{ htmlInput: { min: 1, max: 60 } }} />
      ) : (
        <FormTextField form={form} name="until" type="date" label={t('dialogs.series.until')} slotProps={{ inputLabel: { shrink: true } }} />
      )}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <FormTextField form={form} name="exdate" type="date" label={t('dialogs.series.skip')} slotProps={{ inputLabel: { shrink: true } }} />
        <Button
          onClick={() => {
            const current = form.getValues('exdates');
            if (exdate && !current.includes(exdate)) setExdates([...current, exdate].sort());
            form.setValue('exdate', '');
          }}
        >
          {t('dialogs.series.addSkip')}
        </Button>
      </Stack>
      {exdates.length > 0 ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {exdates.map((date) => (
            <Chip key={date} label={date} onDelete={() => setExdates(form.getValues('exdates').filter((other) => other !== date))} />
          ))}
        </Stack>
      ) : null}
      <Typography variant="body2" color="textSecondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="rrule">
        {rrule}
      </Typography>
    </DialogShell>
  );
}

function CancelDialog({ open, onClose, send }: DialogProps<string>) {
  const { t } = useTranslation('workspace');
  const form = useSchemaForm(CancelFormSchema, { defaultValues: { message: '' } });
  return (
    <DialogShell
      open={open}
      title={t('dialogs.cancel.title')}
      submitLabel={t('dialogs.cancel.submit')}
      danger
      onClose={onClose}
      busy={form.formState.isSubmitting}
      onSubmit={submitWith(form, ['message'], ({ message }) => send(message), onClose)}
    >
      <Typography color="textSecondary">{t('dialogs.cancel.body')}</Typography>
      <FormTextField form={form} name="message" label={t('dialogs.message')} required multiline minRows={3} slotProps={{ htmlInput: { maxLength: 1000 } }} />
    </DialogShell>
  );
}

interface DialogsProps {
  open: EditorDialog | null;
  onClose: () => void;
  timeZone: string;
  /** The event's first local date, for the series' weekday and day of the month. */
  firstDate: string;
  onSchedule: Send<string>;
  onPostpone: Send<PostponeBody>;
  onDuplicate: Send<DuplicateBody>;
  onSeries: Send<{ rrule: string; exdates: string[] }>;
  onCancel: Send<string>;
}

/** The editor's dialogs for the moves that need more than one click; each a schema form (use-schema-form.ts). */
export function EventDialogs({ open, onClose, timeZone, firstDate, ...send }: DialogsProps) {
  return (
    <>
      <ScheduleDialog open={open === 'schedule'} onClose={onClose} timeZone={timeZone} send={({ publish_at }) => send.onSchedule(publish_at)} />
      <PostponeDialog open={open === 'postpone'} onClose={onClose} timeZone={timeZone} send={send.onPostpone} />
      <DuplicateDialog open={open === 'duplicate'} onClose={onClose} timeZone={timeZone} send={send.onDuplicate} />
      <SeriesDialog open={open === 'series'} onClose={onClose} firstDate={firstDate} send={send.onSeries} />
      <CancelDialog open={open === 'cancel'} onClose={onClose} send={send.onCancel} />
    </>
  );
}
