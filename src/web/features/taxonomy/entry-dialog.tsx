import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FieldError, get, type Path } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CATEGORY_ICONS, type CategoryIconName } from '../../../shared/category-icons';
import { LOCALES } from '../../../shared/locales';
import { CategoryInputSchema, type CategoryInput } from '../../../shared/schemas/admin-taxonomy';
import type { z } from '../../../shared/schemas/zod';
import { CategoryIcon } from '../../components/category-icon';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import type { ApiResult } from '../../lib/api-client';
import { applyProblemToForm, useFieldErrorText, useSchemaForm } from '../../lib/use-schema-form';
import { writtenCount } from './name-completeness';
import type { TaxonomyKind } from './taxonomy-api';

type EntryFields = z.input<typeof CategoryInputSchema>;
const FIELDS = ['name.sr', 'name.en', 'name.uk', 'name.ru', 'slug', 'icon'] as const satisfies readonly Path<EntryFields>[];

/** What the dialog edits: names per language and the slug, and the icon of a category. */
export interface EntryDraft {
  name: Partial<Record<(typeof LOCALES)[number], string>>;
  slug: string;
  icon?: string;
}

/**
 * Adds or edits a category, subcategory or tag. One shared schema validates all three (a category's
 * rules: Serbian name required, the slug's pattern, the icon list); the icon is only shown and sent for a
 * category. On a phone the dialog takes the whole screen.
 */
export function EntryDialog({
  kind,
  entry,
  onClose,
  onSubmit,
}: {
  kind: TaxonomyKind;
  /** null: a new entry. */
  entry: EntryDraft | null;
  onClose: () => void;
  onSubmit: (values: CategoryInput) => Promise<ApiResult<unknown>>;
}) {
  const { t } = useTranslation('taxonomy');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const errorText = useFieldErrorText();
  const icon = CATEGORY_ICONS.find((candidate) => candidate === entry?.icon) ?? 'event';
  const form = useSchemaForm(CategoryInputSchema, {
    defaultValues: {
      name: { sr: entry?.name.sr ?? '', en: entry?.name.en ?? '', uk: entry?.name.uk ?? '', ru: entry?.name.ru ?? '' },
      slug: entry?.slug ?? '',
      icon,
    },
  });
  const names = form.watch('name');
  const submit = form.handleSubmit(async (values) => {
    const result = await onSubmit(values);
    if (result.ok) return;
    applyProblemToForm(form, result.problem, FIELDS, { codeFields: { slug_taken: 'slug' } });
  });
  const title = t(`dialog.${entry ? 'edit' : 'add'}.${kind}`);

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="taxonomy-entry-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="taxonomy-entry-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="textSecondary" aria-live="polite">
              {t('names.written', { written: writtenCount(names), total: LOCALES.length })}
            </Typography>
            {LOCALES.map((language) => (
              <FormTextField
                key={language}
                form={form}
                name={`name.${language}`}
                label={t('names.label', { language: t(`common:language.name.${language}`) })}
                required={language === 'sr'}
                helperText={language === 'sr' ? t('names.srRequired') : undefined}
                slotProps={{ htmlInput: { lang: language } }}
              />
            ))}
            <FormTextField
              form={form}
              name="slug"
              label={t('slug.label')}
              helperText={entry ? t('slug.redirectNote') : t('slug.derivedNote')}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            />
            {kind === 'category' ? (
              <Controller
                control={form.control}
                name="icon"
                render={({ field }) => (
                  <TextField
                    select
                    fullWidth
                    label={t('icon.label')}
                    value={field.value ?? 'event'}
                    onChange={(event) => field.onChange(event.target.value as CategoryIconName)}
                    error={Boolean(get(form.formState.errors, 'icon'))}
                    helperText={errorText(get(form.formState.errors, 'icon') as FieldError | undefined)}
                  >
                    {CATEGORY_ICONS.map((candidate) => (
                      <MenuItem key={candidate} value={candidate}>
                        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                          <CategoryIcon icon={candidate} fontSize="small" />
                          <span>{t(`icon.names.${candidate}`)}</span>
                        </Stack>
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <SubmitButton busy={form.formState.isSubmitting} fullWidth={false} size="medium">
            {t('dialog.save')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
