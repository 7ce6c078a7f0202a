import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import {
  AuditQuerySchema,
  type AuditEntry,
  type AuditPage,
} from '../../../shared/schemas/admin-audit';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { formatEventDate } from '../../lib/format';
import { useLocale } from '../../lib/use-locale';
import { useSchemaForm } from '../../lib/use-schema-form';
import { type AuditFilters, fetchAuditLog } from './admin-api';
import { useMorePages } from '../../lib/use-more-pages';

const FilterSchema = AuditQuerySchema.omit({ cursor: true });

/** Actor and target filters; they live in the URL, so a filtered view can be shared and reloaded. */
export function AuditFilterForm({
  filters,
  onFilter,
}: {
  filters: AuditFilters;
  onFilter: (filters: AuditFilters) => void;
}) {
  const { t } = useTranslation('admin');
  const form = useSchemaForm(FilterSchema, {
    defaultValues: {
      actor: filters.actor,
      target_type: filters.target_type,
      target_id: filters.target_id,
    },
  });
  // An emptied field means "any": it leaves the query instead of failing its minimum length.
  const blankIsAny = {
    setValueAs: (value: unknown) =>
      typeof value === 'string' && value.trim() === '' ? undefined : value,
  };
  const submit = form.handleSubmit((values) => onFilter(values));
  return (
    <Stack
      component="form"
      role="search"
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ alignItems: { md: 'flex-start' } }}
    >
      <FormTextField
        form={form}
        name="actor"
        label={t('audit.filters.actor')}
        registerOptions={blankIsAny}
        autoComplete="off"
      />
      <FormTextField
        form={form}
        name="target_type"
        label={t('audit.filters.targetType')}
        registerOptions={blankIsAny}
        autoComplete="off"
      />
      <FormTextField
        form={form}
        name="target_id"
        label={t('audit.filters.targetId')}
        registerOptions={blankIsAny}
        autoComplete="off"
      />
      <SubmitButton
        busy={form.formState.isSubmitting}
        fullWidth={false}
        sx={{ minHeight: 56, flexShrink: 0 }}
      >
        {t('audit.filters.apply')}
      </SubmitButton>
    </Stack>
  );
}

const shown = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
};

/** Every field either side names, with its value before and after ("—" where a side has none). */
export function changesOf(
  entry: Pick<AuditEntry, 'before' | 'after'>,
): { field: string; from: string; to: string }[] {
  const fields = [
    ...new Set([
      ...Object.keys(entry.before ?? {}),
      ...Object.keys(entry.after ?? {}),
    ]),
  ];
  return fields.map((field) => ({
    field,
    from: shown(entry.before?.[field]),
    to: shown(entry.after?.[field]),
  }));
}

/** Who did what to what, before → after, why and when; newest first, "More" reads on. */
export function AuditList({
  filters,
  first,
}: {
  filters: AuditFilters;
  first: AuditPage;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const { items, cursor, loading, loadMore } = useMorePages(first, (next) => fetchAuditLog(filters, next));

  if (items.length === 0)
    return <Typography color="textSecondary">{t('audit.empty')}</Typography>;
  return (
    <>
      <Paper variant="outlined">
        <List
          disablePadding
          aria-label={t('audit.heading')}
          data-testid="audit-log"
        >
          {items.map((entry, index) => (
            <ListItem
              key={entry.id}
              divider={index < items.length - 1}
              sx={{ display: 'block', py: 1.5 }}
              data-testid="audit-entry"
            >
              <Typography sx={{ fontWeight: 600 }}>
                {t(`audit.actions.${entry.action.replace(/\./g, '_')}`, {
                  defaultValue: entry.action,
                })}
                {' · '}
                {t('audit.target', {
                  type: entry.target_type,
                  id: entry.target_id,
                })}
              </Typography>
              {changesOf(entry).map((change) => (
                <Box
                  key={change.field}
                  component="p"
                  sx={{ m: 0, overflowWrap: 'anywhere' }}
                >
                  {t('audit.change', change)}
                </Box>
              ))}
              {entry.reason ? (
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {t('audit.reason', { reason: entry.reason })}
                </Typography>
              ) : null}
              <Typography
                variant="body2"
                color="textSecondary"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {[
                  entry.actor
                    ? (entry.actor.name ?? entry.actor.email ?? entry.actor.id)
                    : t('audit.system'),
                  entry.actor?.name ? entry.actor.email : null,
                  formatEventDate(entry.created_at, DEFAULT_TIME_ZONE, locale),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </ListItem>
          ))}
        </List>
      </Paper>
      {cursor ? (
        <Button
          variant="outlined"
          onClick={() => void loadMore()}
          disabled={loading}
          sx={{ alignSelf: 'center' }}
        >
          {t('more')}
        </Button>
      ) : null}
    </>
  );
}
