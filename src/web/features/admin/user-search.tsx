import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  AdminUserQuerySchema,
  type AdminUserPage,
  type AdminUserSummary,
} from '../../../shared/schemas/admin-users';
import { formatPhoneNumber } from '../../../shared/phone-format';
import { FormTextField } from '../../components/form-text-field';
import { SubmitButton } from '../../components/submit-button';
import { localePath, useLocale } from '../../lib/use-locale';
import { useSchemaForm } from '../../lib/use-schema-form';
import { searchUsers } from './admin-api';
import { useMorePages } from '../../lib/use-more-pages';

const SearchSchema = AdminUserQuerySchema.pick({ q: true });

/** The search box: what it holds goes into the URL (`?q=`), so a search can be shared and reloaded. */
export function UserSearchForm({
  q,
  onSearch,
}: {
  q: string;
  onSearch: (q: string) => void;
}) {
  const { t } = useTranslation('admin');
  const form = useSchemaForm(SearchSchema, { defaultValues: { q } });
  const submit = form.handleSubmit((values) => onSearch(values.q ?? ''));
  return (
    <Stack
      component="form"
      role="search"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <FormTextField
        form={form}
        name="q"
        type="search"
        label={t('users.search.label')}
        helperText={t('users.search.help')}
        autoComplete="off"
        sx={{ flex: 1 }}
      />
      <SubmitButton
        busy={form.formState.isSubmitting}
        fullWidth={false}
        sx={{ minHeight: 56 }}
      >
        {t('users.search.submit')}
      </SubmitButton>
    </Stack>
  );
}

export function UserStatusChip({
  status,
}: {
  status: AdminUserSummary['status'];
}) {
  const { t } = useTranslation('admin');
  if (status === 'active') return null;
  return (
    <Chip
      size="small"
      color={status === 'suspended' ? 'warning' : 'default'}
      label={t(`users.status.${status}`)}
    />
  );
}

/** The people found, newest first; "More" reads the next page of the same search. */
export function UserResults({ q, first }: { q: string; first: AdminUserPage }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const { items, cursor, loading, loadMore } = useMorePages(first, (next) => searchUsers(q, next));

  if (items.length === 0)
    return (
      <Typography color="textSecondary">
        {q ? t('users.noneFound', { q }) : t('users.none')}
      </Typography>
    );
  return (
    <>
      <Paper variant="outlined">
        <List
          disablePadding
          aria-label={t('users.results')}
          data-testid="admin-users"
        >
          {items.map((user, index) => (
            <ListItemButton
              key={user.id}
              component={RouterLink}
              to={localePath(locale, `/admin/users/${user.id}`)}
              divider={index < items.length - 1}
              sx={{ gap: 1, flexWrap: 'wrap' }}
            >
              <ListItemText
                sx={{ flex: '1 1 220px', minWidth: 0 }}
                primary={user.name ?? user.email ?? t('users.anonymous')}
                secondary={[
                  user.name ? user.email : null,
                  user.phone_number ? formatPhoneNumber(user.phone_number) : null,
                  t(`users.roles.${user.role}`),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{
                  primary: { noWrap: true },
                  secondary: { sx: { overflowWrap: 'anywhere' } },
                }}
              />
              <UserStatusChip status={user.status} />
            </ListItemButton>
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
