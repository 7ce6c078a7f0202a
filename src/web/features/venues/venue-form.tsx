import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useState } from 'react';
import { Controller, type DefaultValues, type FieldError, get, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../shared/locales';
import { MAX_CAPACITY, type UploadedImage } from '../../../shared/schemas/organizer-workspace';
import { type OrganizerVenue, VenueInputSchema } from '../../../shared/schemas/organizer-venues';
import type { z } from '../../../shared/schemas/zod';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import type { ApiResult } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';
import { applyProblemToForm, type SchemaForm, useFieldErrorText, useSchemaForm } from '../../lib/use-schema-form';
import { CITIES, CITY_SLUGS, isCitySlug, openStreetMapUrl } from './cities';
import { VenueMapPicker } from './venue-map-picker';
import { VenuePhotos } from './venue-photos';
import type { VenueInput } from './venues-api';

type VenueForm = SchemaForm<typeof VenueInputSchema>;
type VenueFields = z.input<typeof VenueInputSchema>;

const FIELDS = ['name.sr', 'name.en', 'name.uk', 'name.ru', 'address', 'city', 'lat', 'lng', 'accessibility', 'capacity', 'image_ids'] as const satisfies readonly Path<VenueFields>[];

const blankToNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
const blankToUndefined = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

function defaults(venue: OrganizerVenue | null): DefaultValues<VenueFields> {
  const name = Object.fromEntries(LOCALES.map((language) => [language, venue?.name[language] ?? ''])) as Record<Locale, string>;
  return {
    name,
    address: venue?.address ?? '',
    city: venue?.city ?? 'beograd',
    lat: venue?.lat,
    lng: venue?.lng,
    accessibility: venue?.accessibility ?? '',
    capacity: venue?.capacity ?? null,
  };
}

/** A number field bound to the form: an empty field is "no value", the rest a number checked by the schema. */
function NumberField({ form, name, empty, ...props }: Omit<TextFieldProps, 'name' | 'error'> & { form: VenueForm; name: 'lat' | 'lng' | 'capacity'; empty: 'null' | 'undefined' }) {
  return (
    <FormTextField
      {...props}
      form={form}
      name={name}
      registerOptions={{ setValueAs: empty === 'null' ? blankToNull : blankToUndefined }}
      type="text"
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

/**
 * A venue: its name in each language (tabs marked written or not), address, city, the map point and what a
 * guest needs to know about access. The point is typed, set to the city centre or picked on a map (loaded
 * only when that dialog opens), and checked on OpenStreetMap. Photos are uploaded at once and belong to
 * the venue, in their order, once it is saved.
 */
export function VenueForm({
  venue,
  locale,
  onSubmit,
}: {
  venue: OrganizerVenue | null;
  locale: Locale;
  onSubmit: (values: VenueInput) => Promise<ApiResult<OrganizerVenue>>;
}) {
  const { t } = useTranslation('team');
  const errorText = useFieldErrorText();
  const form = useSchemaForm(VenueInputSchema, { defaultValues: defaults(venue) });
  const [language, setLanguage] = useState<Locale>(locale);
  const [failed, setFailed] = useState<string | null>(null);
  const [photos, setPhotos] = useState<UploadedImage[]>(venue?.images ?? []);
  const photosChanged = photos.map((photo) => photo.id).join() !== (venue?.images ?? []).map((photo) => photo.id).join();
  const names = form.watch('name');
  const [lat, lng] = form.watch(['lat', 'lng']);
  const nameErrors = form.formState.errors.name;

  const submit = form.handleSubmit(
    async (values) => {
      setFailed(null);
      const accessibility = values.accessibility?.trim() ? values.accessibility.trim() : null;
      const result = await onSubmit({ ...values, accessibility, capacity: values.capacity ?? null, image_ids: photos.map((photo) => photo.id) });
      if (result.ok) return;
      const placed = applyProblemToForm(form, result.problem, FIELDS);
      const wrongName = LOCALES.find((candidate) => result.problem.errors?.[`name.${candidate}`]);
      if (wrongName) setLanguage(wrongName);
      if (!placed) setFailed(result.problem.detail);
    },
    (errors) => {
      const wrongName = LOCALES.find((candidate) => errors.name?.[candidate]);
      if (wrongName) setLanguage(wrongName);
    },
  );

  const city = form.watch('city');
  const centre = isCitySlug(city) ? CITIES[city] : CITIES.beograd;
  const setPoint = (point: { lat: number; lng: number }) => {
    form.setValue('lat', point.lat, { shouldValidate: true, shouldDirty: true });
    form.setValue('lng', point.lng, { shouldValidate: true, shouldDirty: true });
  };
  const useCentre = () => setPoint(centre);
  const mapStyleUrl = useRootData()?.mapStyleUrl;

  const pointKnown = typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng);

  return (
    <Stack component="form" spacing={3} noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="h2" sx={{ mb: 1 }}>
          {t('venues.form.name')}
        </Typography>
        <Tabs value={language} onChange={(_event, next: Locale) => setLanguage(next)} variant="scrollable" aria-label={t('venues.form.languages')}>
          {LOCALES.map((candidate) => {
            const written = Boolean(names?.[candidate]?.trim());
            const wrong = Boolean(nameErrors?.[candidate]);
            return (
              <Tab
                key={candidate}
                value={candidate}
                id={`venue-name-tab-${candidate}`}
                aria-controls={`venue-name-panel-${candidate}`}
                iconPosition="end"
                icon={
                  written ? (
                    <CheckCircleIcon fontSize="small" color="success" titleAccess={t('venues.form.written')} />
                  ) : (
                    <RadioButtonUncheckedIcon fontSize="small" color={wrong ? 'error' : 'disabled'} titleAccess={t('venues.form.missing')} />
                  )
                }
                label={t(`common:language.name.${candidate}`)}
                sx={{ minHeight: 48 }}
              />
            );
          })}
        </Tabs>
        {LOCALES.map((candidate) => (
          <Box key={candidate} role="tabpanel" id={`venue-name-panel-${candidate}`} aria-labelledby={`venue-name-tab-${candidate}`} hidden={candidate !== language}>
            <FormTextField form={form} name={`name.${candidate}`} label={t('venues.form.nameIn', { language: t(`common:language.name.${candidate}`) })} autoComplete="off" />
          </Box>
        ))}
        <Typography variant="body2" color="textSecondary">
          {t('venues.form.nameHelp')}
        </Typography>
      </Stack>

      <Stack spacing={2}>
        <FormTextField form={form} name="address" label={t('venues.form.address')} autoComplete="street-address" />
        <Controller
          control={form.control}
          name="city"
          render={({ field, fieldState }) => (
            <TextField
              select
              label={t('venues.form.city')}
              {...field}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={errorText(fieldState.error)}
            >
              {CITY_SLUGS.map((slug) => (
                <MenuItem key={slug} value={slug}>
                  {t(`venues.cities.${slug}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>

      <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="h2" sx={{ mb: 1 }}>
          {t('venues.form.point')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <NumberField form={form} name="lat" empty="undefined" label={t('venues.form.lat')} />
          <NumberField form={form} name="lng" empty="undefined" label={t('venues.form.lng')} />
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" startIcon={<MyLocationIcon />} onClick={useCentre}>
            {t('venues.form.useCentre')}
          </Button>
          {mapStyleUrl ? <VenueMapPicker styleUrl={mapStyleUrl} point={pointKnown ? { lat, lng } : null} city={centre} onPick={setPoint} /> : null}
          {pointKnown ? (
            <Link href={openStreetMapUrl(lat, lng)} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              {t('venues.form.checkOnMap')}
              <OpenInNewIcon fontSize="inherit" aria-hidden />
            </Link>
          ) : null}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {t('venues.form.pointHelp')}
        </Typography>
      </Stack>

      <Stack spacing={2}>
        <FormTextField form={form} name="accessibility" label={t('venues.form.accessibility')} helperText={t('venues.form.accessibilityHelp')} multiline minRows={2} />
        <NumberField form={form} name="capacity" empty="null" label={t('venues.form.capacity')} helperText={t('venues.form.capacityHelp', { max: MAX_CAPACITY })} sx={{ maxWidth: 260 }} />
      </Stack>

      <Stack spacing={1}>
        <VenuePhotos photos={photos} onPhotos={setPhotos} locale={locale} error={errorText(get(form.formState.errors, 'image_ids') as FieldError | undefined)} />
        {photosChanged ? (
          <Typography variant="body2" color="textSecondary" role="status">
            {t('venues.photos.unsaved')}
          </Typography>
        ) : null}
      </Stack>

      {failed ? <Alert severity="error">{failed}</Alert> : null}
      <SubmitButton busy={form.formState.isSubmitting} fullWidth={false} sx={{ alignSelf: 'flex-start' }}>
        {venue ? t('venues.form.save') : t('venues.form.create')}
      </SubmitButton>
    </Stack>
  );
}
