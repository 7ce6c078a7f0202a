import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A form's submit button: busy while the form is submitting, so a second press does not send twice, and
 * disabled until the page is hydrated (see useHydrated).
 */
export function SubmitButton({ busy, children, ...props }: ButtonProps & { busy: boolean }) {
  const hydrated = useHydrated();
  return (
    <Button
      variant="contained"
      size="large"
      fullWidth
      {...props}
      type="submit"
      disabled={busy || !hydrated || props.disabled}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : props.startIcon}
    >
      {children}
    </Button>
  );
}
