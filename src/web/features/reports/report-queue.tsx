import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants';
import { dateTimeFormat } from '../../../shared/intl-format';
import type { Locale } from '../../../shared/locales';
import { REPORT_NOTE_MAX, type ReportGroup, type ReportQueue, type ReportResolution, type ReportStatus, ResolveReportSchema } from '../../../shared/schemas/reports';
import { FormTextField } from '../../components/form-text-field';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';
import { useSnackbarStore } from '../../stores/snackbar-store';
import { fetchReportQueue, resolveReport } from './reports-api';
import { useMorePages } from '../../lib/use-more-pages';

/** On the city's clock, as the other admin screens show their times (not the admin's browser's zone). */
function formatWhen(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: DEFAULT_TIME_ZONE }).format(new Date(iso));
}

type Decision = { group: ReportGroup; status: 'resolved' | 'dismissed' };

/**
 * The admin's queue: one card per reported target with its reports; "Show more" follows the cursor.
 * Deciding a card closes all of its open reports (the server does so); `onDecided` reloads the page.
 */
export function ReportQueueList({ first, status, locale, onDecided }: { first: ReportQueue; status: ReportStatus; locale: Locale; onDecided: () => void }) {
  const { t } = useTranslation('reports');
  const [decision, setDecision] = useState<Decision | null>(null);
  const { items: groups, cursor, loading, loadMore: more } = useMorePages(first, (next) => fetchReportQueue(status, next));

  if (groups.length === 0) return <Typography color="textSecondary">{t('admin.empty')}</Typography>;
  return (
    <Stack spacing={2}>
      {groups.map((group) => (
        <ReportGroupCard key={`${group.target.type}-${group.target.id}`} group={group} locale={locale} onDecide={(next) => setDecision({ group, status: next })} />
      ))}
      {cursor ? (
        <Button onClick={() => void more()} disabled={loading} aria-busy={loading} sx={{ alignSelf: 'flex-start' }}>
          {t('admin.more')}
        </Button>
      ) : null}
      {decision ? (
        <DecideDialog
          key={`${decision.group.target.type}-${decision.group.target.id}-${decision.status}`}
          decision={decision}
          onClose={() => setDecision(null)}
          onDone={() => {
            setDecision(null);
            onDecided();
          }}
        />
      ) : null}
    </Stack>
  );
}

function ReportGroupCard({ group, locale, onDecide }: { group: ReportGroup; locale: Locale; onDecide: (status: 'resolved' | 'dismissed') => void }) {
  const { t } = useTranslation('reports');
  const headingId = useId();
  const { target } = group;
  const open = group.reports.some((report) => report.status === 'open');
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId} data-testid="report-group">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Chip size="small" label={t(`admin.targetType.${target.type}`)} />
          <Chip size="small" color={open ? 'warning' : 'default'} label={t('admin.count', { count: group.count })} />
          {target.removed ? <Chip size="small" color="error" variant="outlined" label={t('admin.removedChip')} /> : null}
        </Stack>
        <Typography variant="h3" id={headingId} sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
          {target.url && target.title ? (
            <Link component={RouterLink} to={target.url}>
              {target.title}
            </Link>
          ) : (
            (target.title ?? t('admin.targetGone'))
          )}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {[
            Object.entries(group.reasons)
              .map(([reason, count]) => `${t(`reason.${reason}`)} × ${count}`)
              .join(' · '),
            t('admin.latest', { date: formatWhen(group.latest_at, locale) }),
          ].join(' — ')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1 }}>
          {group.reports.map((report) => (
            <Box component="li" key={report.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {`${t(`reason.${report.reason}`)} · ${t(`admin.reporter.${report.reporter}`)} · ${formatWhen(report.created_at, locale)}`}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} color={report.message ? 'textPrimary' : 'textSecondary'}>
                {report.message ?? t('admin.noMessage')}
              </Typography>
              {report.note ? (
                <Typography variant="body2" color="textSecondary">
                  {t('admin.note', { note: report.note })}
                </Typography>
              ) : null}
            </Box>
          ))}
        </Box>
      </CardContent>
      {open ? (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
          <Button variant="contained" onClick={() => onDecide('resolved')}>
            {t('admin.resolve')}
          </Button>
          <Button onClick={() => onDecide('dismissed')}>{t('admin.dismiss')}</Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

function DecideDialog({ decision, onClose, onDone }: { decision: Decision; onClose: () => void; onDone: (resolution: ReportResolution) => void }) {
  const { t } = useTranslation('reports');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const { group, status } = decision;
  const canUnpublish = status === 'resolved' && group.target.type === 'event' && !group.target.removed;
  const form = useSchemaForm(ResolveReportSchema, { defaultValues: { status, note: '', unpublish: false } });
  const title = group.target.title ?? t('admin.targetGone');
  const submit = form.handleSubmit(async (values) => {
    const reportId = group.reports[0]?.id;
    if (reportId === undefined) return;
    const result = await resolveReport(reportId, { ...values, unpublish: canUnpublish ? values.unpublish : undefined });
    if (!result.ok) {
      applyProblemToForm(form, result.problem, ['note', 'unpublish']);
      return;
    }
    showSnackbar(
      [t('admin.decide.done', { count: result.data.report_ids.length }), result.data.unpublished ? t('admin.decide.unpublished') : ''].filter(Boolean).join(' '),
      'success',
    );
    onDone(result.data);
  });
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: (event: FormEvent) => void submit(event) } as object }}
    >
      <DialogTitle id={titleId}>{t(status === 'resolved' ? 'admin.decide.resolveTitle' : 'admin.decide.dismissTitle', { title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{t('admin.decide.closes', { count: group.count })}</Typography>
          <FormTextField form={form} name="note" label={t('admin.decide.note')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: REPORT_NOTE_MAX } }} />
          {canUnpublish ? (
            <Box>
              <Controller
                control={form.control}
                name="unpublish"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                    label={t('admin.decide.unpublish')}
                  />
                )}
              />
              <FormHelperText>{t('admin.decide.unpublishHelp')}</FormHelperText>
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.decide.cancel')}</Button>
        <Button type="submit" variant="contained" color={status === 'resolved' ? 'primary' : 'inherit'} disabled={form.formState.isSubmitting} aria-busy={form.formState.isSubmitting}>
          {t(status === 'resolved' ? 'admin.resolve' : 'admin.dismiss')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
