import FlagIcon from '@mui/icons-material/OutlinedFlag';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart, lazyOnIntent, useMountOnIntent } from '../../lib/lazy-on-intent';
import type { ReportTarget } from './report-dialog';

// Out of the page's first load (DESIGN §13): few readers ever report, so the dialog (form, radios, schema
// resolver) is fetched when the button is pointed at, focused or pressed.
const ReportDialog = lazyOnIntent(() => import('./report-dialog'));

/** The "Report" action of a public page: the event (or its organizer), or the venue. */
export function ReportButton({ targets, label }: { targets: readonly ReportTarget[]; label?: string }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  const { mounted, intent } = useMountOnIntent(open, ReportDialog.preload);
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<FlagIcon />}
        onPointerEnter={intent}
        onFocus={intent}
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start', color: 'text.secondary' }}
      >
        {label ?? t('action.report')}
      </Button>
      {mounted ? (
        <LazyPart>
          <ReportDialog open={open} onClose={() => setOpen(false)} targets={targets} />
        </LazyPart>
      ) : null}
    </>
  );
}
