import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function clampPartySize(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * Party size within the event's limits: − and + buttons for thumbs, a number field for keyboards. The
 * field accepts anything while typing and settles on a value within the limits when it loses focus.
 */
export function PartySizeStepper({
  value,
  min,
  max,
  onChange,
  error,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  const { t } = useTranslation('reservations');
  const [draft, setDraft] = useState<string | null>(null);
  const helpId = useId();
  const commit = (text: string) => {
    setDraft(null);
    onChange(clampPartySize(Number.parseInt(text, 10), min, max));
  };
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label={t('reserve.decrease')}
          onClick={() => onChange(clampPartySize(value - 1, min, max))}
          disabled={value <= min}
          sx={{ border: 1, borderColor: 'divider', width: 48, height: 48 }}
        >
          <RemoveIcon />
        </IconButton>
        <TextField
          label={t('reserve.partySize')}
          value={draft ?? String(value)}
          onChange={(event) => setDraft(event.target.value.replace(/\D+/g, '').slice(0, 3))}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit((event.target as HTMLInputElement).value);
          }}
          error={Boolean(error)}
          sx={{ width: 140 }}
          slotProps={{
            htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'aria-describedby': helpId, min, max, style: { textAlign: 'center', fontSize: '1.25rem' } },
          }}
        />
        <IconButton
          aria-label={t('reserve.increase')}
          onClick={() => onChange(clampPartySize(value + 1, min, max))}
          disabled={value >= max}
          sx={{ border: 1, borderColor: 'divider', width: 48, height: 48 }}
        >
          <AddIcon />
        </IconButton>
      </Stack>
      <Typography id={helpId} variant="body2" color={error ? 'error' : 'textSecondary'} aria-live="polite">
        {error ?? `${t('partySize', { count: value })} · ${t('reserve.limits', { min, max })}`}
      </Typography>
    </Stack>
  );
}
