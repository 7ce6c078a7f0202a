import CheckIcon from '@mui/icons-material/CheckCircle';
import EmptyIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../shared/locales';
import { EVENT_TEXT_LIMITS } from '../../../shared/schemas/organizer-workspace';
import { FormTextField } from '../../components/form-text-field';
import type { EventForm } from './event-editor-types';

/** A language is complete when its title is written, and its summary too where the source language has one (as the API says). */
export function completeness(values: { title: Partial<Record<Locale, string>>; summary: Partial<Record<Locale, string>>; source_locale: Locale }): Record<Locale, boolean> {
  const sourceHasSummary = Boolean(values.summary[values.source_locale]?.trim());
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, Boolean(values.title[locale]?.trim()) && (!sourceHasSummary || Boolean(values.summary[locale]?.trim()))]),
  ) as Record<Locale, boolean>;
}

/** Title, summary and description per language, one tab each, with what is written marked on the tab. */
export function EventTextFields({ form, tab, onTab }: { form: EventForm; tab: Locale; onTab: (locale: Locale) => void }) {
  const { t } = useTranslation('workspace');
  const [title, summary, source] = useWatch({ control: form.control, name: ['title', 'summary', 'source_locale'] });
  const complete = completeness({ title, summary, source_locale: source });
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="source-locale-label">{t('text.source')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="source-locale-label"
          value={source}
          onChange={(event) => form.setValue('source_locale', event.target.value as Locale, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
        >
          {LOCALES.map((locale) => (
            <FormControlLabel key={locale} value={locale} control={<Radio size="small" />} label={t(`languages.${locale}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_event, value: Locale) => onTab(value)} variant="fullWidth" aria-label={t('text.languages')}>
          {LOCALES.map((locale) => (
            <Tab
              key={locale}
              value={locale}
              id={`text-tab-${locale}`}
              aria-controls={`text-panel-${locale}`}
              iconPosition="end"
              icon={complete[locale] ? <CheckIcon fontSize="small" color="success" /> : <EmptyIcon fontSize="small" sx={{ opacity: 0.5 }} />}
              label={locale.toUpperCase()}
              aria-label={t('common:language.coded', { code: locale.toUpperCase(), label: `${t(`languages.${locale}`)}: ${complete[locale] ? t('text.complete') : t('text.empty')}` })}
              sx={{ minHeight: 48, minWidth: 0 }}
              data-testid={`text-tab-${locale}`}
              data-complete={complete[locale]}
            />
          ))}
        </Tabs>
      </Box>
      {LOCALES.map((locale) => (
        // Stack's display: flex would override the hidden attribute, so the style hides the panel too.
        <Stack key={locale} spacing={2} role="tabpanel" id={`text-panel-${locale}`} aria-labelledby={`text-tab-${locale}`} hidden={tab !== locale} sx={{ display: tab === locale ? undefined : 'none' }}>
          <FormTextField
            form={form}
            name={`title.${locale}`}
            label={t('text.title', { language: t(`languages.${locale}`) })}
            required={locale === source}
            slotProps={{ htmlInput: { maxLength: EVENT_TEXT_LIMITS.title, lang: locale } }}
          />
          <FormTextField
            form={form}
            name={`summary.${locale}`}
            label={t('text.summary', { language: t(`languages.${locale}`) })}
            multiline
            minRows={2}
            helperText={t('text.summaryHint')}
            slotProps={{ htmlInput: { maxLength: EVENT_TEXT_LIMITS.summary, lang: locale } }}
          />
          <FormTextField
            form={form}
            name={`description.${locale}`}
            label={t('text.description', { language: t(`languages.${locale}`) })}
            multiline
            minRows={5}
            slotProps={{ htmlInput: { maxLength: EVENT_TEXT_LIMITS.description, lang: locale } }}
          />
        </Stack>
      ))}
    </Stack>
  );
}
