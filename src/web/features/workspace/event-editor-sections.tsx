import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import WarningIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Category, Tag } from '../../../shared/schemas/catalog';
import type { OrganizerVenue } from '../../../shared/schemas/organizer-venues';
import { FormTextField } from '../../components/form-text-field';
import { useFieldErrorText } from '../../lib/use-schema-form';
import { useLocale } from '../../lib/use-locale';
import type { EventForm } from './event-editor-types';
import { PRICE_KINDS, RESERVATION_MODES } from './event-form';
import { EDITOR_TIME_ZONES, startWarnings } from './zoned-time';

/** The editor's form, one section of the page each (the text fields are event-text-fields.tsx). */

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

export function CategorySection({ form, categories, tags }: { form: EventForm; categories: Category[]; tags: Tag[] }) {
  const { t } = useTranslation('workspace');
  const [categoryId, tagIds] = useWatch({ control: form.control, name: ['category_id', 'tag_ids'] });
  const category = categories.find((candidate) => String(candidate.id) === categoryId);
  return (
    <Section title={t('sections.category')}>
      <FormTextField form={form} name="category_id" select required label={t('category.category')} value={categoryId} onChange={(changed) => {
        form.setValue('category_id', changed.target.value, { shouldDirty: true, shouldValidate: true });
        form.setValue('subcategory_id', '', { shouldDirty: true });
      }}>
        {categories.map((candidate) => (
          <MenuItem key={candidate.id} value={String(candidate.id)}>
            {candidate.name}
          </MenuItem>
        ))}
      </FormTextField>
      <Controller
        control={form.control}
        name="subcategory_id"
        render={({ field }) => (
          <TextField select label={t('category.subcategory')} {...field} disabled={!category || category.subcategories.length === 0}>
            <MenuItem value="">{t('category.none')}</MenuItem>
            {(category?.subcategories ?? []).map((sub) => (
              <MenuItem key={sub.id} value={String(sub.id)}>
                {sub.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Box role="group" aria-labelledby="tags-label">
        <FormLabel id="tags-label">{t('category.tags')}</FormLabel>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {tags.map((tag) => {
            const on = tagIds.includes(tag.id);
            return (
              <Chip
                key={tag.id}
                label={tag.name}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                aria-pressed={on}
                onClick={() => form.setValue('tag_ids', on ? tagIds.filter((id) => id !== tag.id) : [...tagIds, tag.id], { shouldDirty: true })}
              />
            );
          })}
        </Box>
      </Box>
    </Section>
  );
}

export function WhereSection({ form, venues }: { form: EventForm; venues: OrganizerVenue[] }) {
  const { t } = useTranslation('workspace');
  const locale = useLocale();
  const errorText = useFieldErrorText();
  const place = useWatch({ control: form.control, name: 'place' });
  return (
    <Section title={t('sections.where')}>
      <Controller
        control={form.control}
        name="place"
        render={({ field }) => (
          <ToggleButtonGroup exclusive value={field.value} onChange={(_event, value: 'venue' | 'online' | null) => value && field.onChange(value)} aria-label={t('where.kind')} size="small">
            <ToggleButton value="venue">{t('where.venue')}</ToggleButton>
            <ToggleButton value="online">{t('where.online')}</ToggleButton>
          </ToggleButtonGroup>
        )}
      />
      {place === 'venue' ? (
        <>
          <Controller
            control={form.control}
            name="venue_id"
            render={({ field, fieldState }) => (
              <TextField select label={t('where.venue')} {...field} error={Boolean(fieldState.error)} helperText={errorText(fieldState.error) ?? (venues.length === 0 ? t('where.noVenues') : undefined)}>
                <MenuItem value="">{t('where.chooseVenue')}</MenuItem>
                {venues.map((venue) => (
                  <MenuItem key={venue.id} value={String(venue.id)}>
                    {venue.display_name} · {venue.city}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Link component={RouterLink} to={`/${locale}/organizer/venues/new`} sx={{ alignSelf: 'flex-start' }}>
            {t('where.addVenue')}
          </Link>
        </>
      ) : (
        <FormTextField form={form} name="online_url" type="url" label={t('where.url')} placeholder="https://" />
      )}
    </Section>
  );
}

function TimeFields({ form, name, label }: { form: EventForm; name: 'start' | 'end'; label: string }) {
  const { t } = useTranslation('workspace');
  return (
    <Stack direction="row" spacing={1.5}>
      <FormTextField form={form} name={`${name}.date`} type="date" label={`${label} — ${t('when.date')}`} required={name === 'start'} slotProps={{ inputLabel: { shrink: true } }} />
      <FormTextField form={form} name={`${name}.time`} type="time" label={t('when.time')} required={name === 'start'} slotProps={{ inputLabel: { shrink: true } }} sx={{ maxWidth: 140 }} />
    </Stack>
  );
}

export function WhenSection({ form }: { form: EventForm }) {
  const { t } = useTranslation('workspace');
  const [zone, start] = useWatch({ control: form.control, name: ['time_zone', 'start'] });
  const warnings = startWarnings(start, zone);
  return (
    <Section title={t('sections.when')}>
      <Controller
        control={form.control}
        name="time_zone"
        render={({ field }) => (
          <TextField select label={t('when.zone')} {...field}>
            {EDITOR_TIME_ZONES.map((candidate) => (
              <MenuItem key={candidate} value={candidate}>
                {t(`when.zones.${candidate.replace('/', '_')}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TimeFields form={form} name="start" label={t('when.start')} />
      <TimeFields form={form} name="end" label={t('when.end')} />
      {warnings.map((warning) => (
        <Alert key={warning} severity="warning" icon={<WarningIcon />} data-testid={`warning-${warning}`}>
          {t(`when.warnings.${warning}`)}
        </Alert>
      ))}
    </Section>
  );
}

export function PriceSection({ form }: { form: EventForm }) {
  const { t } = useTranslation('workspace');
  const priceKind = useWatch({ control: form.control, name: 'price_kind' });
  return (
    <Section title={t('sections.price')}>
      <Controller
        control={form.control}
        name="price_kind"
        render={({ field }) => (
          <RadioGroup {...field} aria-label={t('sections.price')}>
            {PRICE_KINDS.map((kind) => (
              <FormControlLabel key={kind} value={kind} control={<Radio />} label={t(`price.${kind}`)} />
            ))}
          </RadioGroup>
        )}
      />
      {priceKind === 'fixed' || priceKind === 'range' ? (
        <Stack direction="row" spacing={1.5}>
          <FormTextField form={form} name="price.min" label={priceKind === 'range' ? t('price.from') : t('price.amount')} slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <Typography color="textSecondary">RSD</Typography> } }} />
          {priceKind === 'range' ? (
            <FormTextField form={form} name="price.max" label={t('price.to')} slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <Typography color="textSecondary">RSD</Typography> } }} />
          ) : null}
        </Stack>
      ) : null}
    </Section>
  );
}

export function PerformersSection({ form }: { form: EventForm }) {
  const { t } = useTranslation('workspace');
  const performers = useFieldArray({ control: form.control, name: 'performers' });
  return (
    <Section title={t('sections.performers')}>
      {performers.fields.map((performer, index) => (
        <Stack key={performer.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField form={form} name={`performers.${index}.name`} label={t('performers.name', { number: index + 1 })} slotProps={{ htmlInput: { maxLength: 120 } }} />
          <IconButton aria-label={t('performers.remove', { number: index + 1 })} onClick={() => performers.remove(index)} sx={{ mt: 1 }}>
            <CloseIcon />
          </IconButton>
        </Stack>
      ))}
      <Button startIcon={<AddIcon />} onClick={() => performers.append({ name: '' })} sx={{ alignSelf: 'flex-start' }} disabled={performers.fields.length >= 30}>
        {t('performers.add')}
      </Button>
    </Section>
  );
}

export function ReservationSection({ form }: { form: EventForm }) {
  const { t } = useTranslation('workspace');
  const reservationMode = useWatch({ control: form.control, name: 'reservation_mode' });
  return (
    <Section title={t('sections.reservations')}>
      <Controller
        control={form.control}
        name="reservation_mode"
        render={({ field }) => (
          <RadioGroup {...field} aria-label={t('sections.reservations')}>
            {RESERVATION_MODES.map((mode) => (
              <FormControlLabel key={mode} value={mode} control={<Radio />} label={t(`reservation.${mode}`)} />
            ))}
          </RadioGroup>
        )}
      />
      {reservationMode !== 'none' ? (
        <>
          <FormTextField form={form} name="reservation.capacity" label={t('reservation.capacity')} required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <Stack direction="row" spacing={1.5}>
            <FormTextField form={form} name="reservation.party_min" label={t('reservation.partyMin')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <FormTextField form={form} name="reservation.party_max" label={t('reservation.partyMax')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          </Stack>
          <Stack direction="row" spacing={1.5}>
            <FormTextField form={form} name="reservation.deadline.date" type="date" label={t('reservation.deadline')} slotProps={{ inputLabel: { shrink: true } }} />
            <FormTextField form={form} name="reservation.deadline.time" type="time" label={t('when.time')} slotProps={{ inputLabel: { shrink: true } }} sx={{ maxWidth: 140 }} />
          </Stack>
          <Controller
            control={form.control}
            name="reservation.waitlist"
            render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(changed) => field.onChange(changed.target.checked)} />} label={t('reservation.waitlist')} />}
          />
        </>
      ) : null}
    </Section>
  );
}
