import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '../../../shared/schemas/reservations';
import type { ApiResult } from '../../lib/api-client';

/** The guest's answer to the venue's "action needed" question; sending it returns the reservation to pending. */
export function RespondForm({ onSubmit }: { onSubmit: (message: string) => Promise<ApiResult<unknown>> }) {
  const { t } = useTranslation('reservations');
  const { t: te } = useTranslation('errors');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError(te('field.required'));
      return;
    }
    setSending(true);
    const result = await onSubmit(message.trim());
    setSending(false);
    if (result.ok) setMessage('');
    else setError(result.problem.errors?.message?.[0] ?? result.problem.detail);
  };
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <TextField
        label={t('detail.answer')}
        value={message}
        onChange={(event) => {
          setMessage(event.target.value.slice(0, MESSAGE_MAX_LENGTH));
          setError(null);
        }}
        multiline
        minRows={3}
        required
        error={Boolean(error)}
        helperText={error ?? `${message.length}/${MESSAGE_MAX_LENGTH}`}
        slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
      />
      <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={sending} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
        {t('detail.sendAnswer')}
      </Button>
    </Stack>
  );
}
