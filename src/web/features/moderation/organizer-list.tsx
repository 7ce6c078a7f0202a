import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrganizer } from '../../../shared/schemas/admin-moderation';

/** Organizers with their trusted switch: trusted ones publish at once, the others go through review. */
export function OrganizerList({
  items,
  onSearch,
  onTrustedChange,
}: {
  items: AdminOrganizer[];
  onSearch: (q: string) => void;
  onTrustedChange: (organizer: AdminOrganizer, trusted: boolean) => void;
}) {
  const { t } = useTranslation('moderation');
  const [q, setQ] = useState('');
  return (
    <Stack spacing={1.5}>
      <Stack
        component="form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(q.trim());
        }}
      >
        <TextField type="search" size="small" label={t('organizers.search')} value={q} onChange={(event) => setQ(event.target.value)} sx={{ maxWidth: { sm: 360 } }} />
      </Stack>
      {items.length === 0 ? <Typography color="textSecondary">{t('organizers.empty')}</Typography> : null}
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((organizer) => (
          <Paper key={organizer.id} component="li" variant="outlined" sx={{ p: 1.5 }} data-testid="organizer">
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
              <Stack sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{organizer.name}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {t('organizers.members', { count: organizer.members })}
                </Typography>
              </Stack>
              <FormControlLabel
                control={
                  <Switch
                    checked={organizer.trusted}
                    onChange={(_event, checked) => onTrustedChange(organizer, checked)}
                    slotProps={{ input: { 'aria-label': t('organizers.trustedOf', { name: organizer.name }) } }}
                  />
                }
                label={organizer.trusted ? t('organizers.trusted') : t('organizers.untrusted')}
                slotProps={{ typography: { variant: 'body2' } }}
              />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
