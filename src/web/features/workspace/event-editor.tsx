import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isLocale, type Locale } from '../../../shared/locales';
import type { Category, Tag } from '../../../shared/schemas/catalog';
import type { OrganizerEvent, UploadedImage } from '../../../shared/schemas/organizer-workspace';
import type { OrganizerVenue } from '../../../shared/schemas/organizer-venues';
import type { Problem } from '../../../shared/schemas/problem';
import { formatEventDate } from '../../lib/format';
import { applyProblemToForm, useSchemaForm } from '../../lib/use-schema-form';
import { useLocale } from '../../lib/use-locale';
import { useSnackbarStore } from '../../stores/snackbar-store';
import { CoverImage } from './cover-image';
import { type EditorDialog, EventDialogs } from './event-dialogs';
import type { EventForm, EventFormOutput } from './event-editor-types';
import { EVENT_FORM_FIELDS, EventFormSchema, type EventFormValues, emptyEventForm, eventToForm, formFieldOfServerPath, toEventBody } from './event-form';
import { editorPath } from './event-list';
import { CategorySection, PerformersSection, PriceSection, ReservationSection, Section, WhenSection, WhereSection } from './event-editor-sections';
import { EventPreview } from './event-preview';
import { EventStatusChip } from './event-status-chip';
import { EventTextFields } from './event-text-fields';
import { cancelEvent, createEvent, createSeries, duplicateEvent, postponeEvent, publishEvent, unpublishEvent, updateEvent } from './workspace-api';

interface EventEditorProps {
  event: OrganizerEvent | null;
  venues: OrganizerVenue[];
  categories: Category[];
  tags: Tag[];
}

/** Puts a problem's field errors (server paths) on the editor's fields; answers whether any landed, and where the first is. */
function applyEventProblem(form: EventForm, problem: Problem): string | null {
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(problem.errors ?? {})) {
    const field = formFieldOfServerPath(path);
    if (field) errors[field] = messages;
  }
  const landed = applyProblemToForm(form, { ...problem, errors }, EVENT_FORM_FIELDS as unknown as Path<EventFormValues>[]);
  return landed ? (Object.keys(errors)[0] ?? null) : null;
}

/** The organizer's event editor: the form on the left, what readers see on the right, the actions in a bar at the bottom. */
export function EventEditor({ event, venues, categories, tags }: EventEditorProps) {
  const { t } = useTranslation('workspace');
  const locale = useLocale();
  const navigate = useNavigate();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const form = useSchemaForm(EventFormSchema, { defaultValues: event ? eventToForm(event) : emptyEventForm(locale) });
  const [current, setCurrent] = useState<OrganizerEvent | null>(event);
  const [image, setImage] = useState<UploadedImage | null>(event?.image ?? null);
  const [tab, setTab] = useState<Locale>(event?.source_locale ?? locale);
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [zone, start] = useWatch({ control: form.control, name: ['time_zone', 'start'] });

  const onImage = useCallback(
    (next: UploadedImage | null) => {
      setImage(next);
      form.setValue('image_id', next?.id ?? null, { shouldDirty: true });
    },
    [form],
  );

  /** Saves (POST the first time, PATCH after); answers the saved event, or null after showing why not. */
  const save = async (values: EventFormOutput): Promise<OrganizerEvent | null> => {
    const body = toEventBody(values);
    const result = current ? await updateEvent(current.id, body) : await createEvent(body);
    if (!result.ok) {
      const first = applyEventProblem(form, result.problem);
      const language = first?.split('.')[1];
      if (first && /^(title|summary|description)\./.test(first) && isLocale(language)) setTab(language);
      return null;
    }
    setCurrent(result.data.event);
    form.reset(eventToForm(result.data.event));
    if (!current) void navigate(editorPath(locale, result.data.event.id), { replace: true });
    return result.data.event;
  };

  const run = (then?: (saved: OrganizerEvent) => Promise<void>) =>
    form.handleSubmit(
      async (values) => {
        setBusy(true);
        try {
          const saved = await save(values);
          if (!saved) return;
          if (then) await then(saved);
          else showSnackbar(t('actions.saved'), 'success');
        } finally {
          setBusy(false);
        }
      },
      (errors) => {
        const firstTextError = (['title', 'summary', 'description'] as const)
          .flatMap((field) => Object.keys(errors[field] ?? {}))
          .find((language) => isLocale(language));
        if (firstTextError && isLocale(firstTextError)) setTab(firstTextError);
      },
    );

  const afterPublish = (published: OrganizerEvent) => {
    setCurrent(published);
    showSnackbar(t(`actions.done.${published.status === 'scheduled' ? 'scheduled' : published.status === 'pending_review' ? 'review' : 'published'}`), 'success');
  };

  const publish = async (saved: OrganizerEvent) => {
    const result = await publishEvent(saved.id);
    if (!result.ok) applyEventProblem(form, result.problem);
    else afterPublish(result.data.event);
  };

  const afterMove = (moved: OrganizerEvent, message: string) => {
    setCurrent(moved);
    form.reset(eventToForm(moved));
    showSnackbar(message, 'success');
  };

  const status = current?.status ?? 'draft';
  const isPublic = Boolean(current?.url);
  const canPublish = status === 'draft';

  return (
    <Box component="form" noValidate onSubmit={run()} sx={{ pb: 12 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2, rowGap: 1 }}>
        <Typography variant="h1">{current ? t('editor.editHeading') : t('editor.newHeading')}</Typography>
        <EventStatusChip status={status} removed={current?.removed_by_moderation} />
        {isPublic && current?.url ? (
          <Link href={current.url} target="_blank" rel="noopener">
            {t('editor.publicPage')}
          </Link>
        ) : null}
        {current?.publish_at && status === 'scheduled' ? <Typography color="textSecondary">{t('editor.publishAt', { when: formatEventDate(current.publish_at, current.time_zone, locale) })}</Typography> : null}
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px', lg: 'minmax(0, 1fr) 400px' }, alignItems: 'start' }}>
        <Stack spacing={3}>
          <Section title={t('sections.text')}>
            <EventTextFields form={form} tab={tab} onTab={setTab} />
          </Section>

          <CategorySection form={form} categories={categories} tags={tags} />
          <WhereSection form={form} venues={venues} />
          <WhenSection form={form} />
          <PriceSection form={form} />
          <PerformersSection form={form} />
          <Section title={t('sections.image')}>
            <CoverImage image={image} onImage={onImage} />
          </Section>
          <ReservationSection form={form} />
        </Stack>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
          <EventPreview form={form} venues={venues} image={image} />
        </Box>
      </Box>

      <Paper
        elevation={8}
        sx={{ position: 'sticky', bottom: 0, mt: 3, p: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', zIndex: 2, mx: { xs: -2, sm: 0 } }}
        data-testid="editor-actions"
      >
        <Button type="submit" variant={canPublish ? 'outlined' : 'contained'} disabled={busy} aria-busy={busy}>
          {canPublish ? t('actions.saveDraft') : t('actions.save')}
        </Button>
        {canPublish ? (
          <>
            <Button variant="contained" disabled={busy} onClick={run(publish)}>
              {t('actions.publish')}
            </Button>
            <Button disabled={busy} onClick={() => void form.handleSubmit(() => setDialog('schedule'))()}>
              {t('actions.schedule')}
            </Button>
          </>
        ) : null}
        {current && (status === 'published' || status === 'scheduled' || status === 'pending_review') ? (
          <Button disabled={busy} onClick={async () => {
            const result = await unpublishEvent(current.id);
            if (result.ok) afterMove(result.data.event, t('actions.done.unpublished'));
          }}>
            {t('actions.unpublish')}
          </Button>
        ) : null}
        {current ? (
          <>
            {status === 'published' || status === 'postponed' ? <Button onClick={() => setDialog('postpone')}>{t('actions.postpone')}</Button> : null}
            <Button onClick={() => setDialog('duplicate')}>{t('actions.duplicate')}</Button>
            {current.series_id ? null : <Button onClick={() => setDialog('series')}>{t('actions.series')}</Button>}
            {status !== 'cancelled' && status !== 'draft' ? (
              <Button color="error" onClick={() => setDialog('cancel')}>
                {t('actions.cancel')}
              </Button>
            ) : null}
          </>
        ) : null}
      </Paper>

      <EventDialogs
        open={dialog}
        onClose={() => setDialog(null)}
        timeZone={zone}
        firstDate={start.date}
        onSchedule={async (publishAt) => {
          // Saved first, as "Publish" does; an unsaved or incomplete event shows why on the editor's fields.
          let outcome: true | { problem?: Problem } = {};
          await run(async (saved) => {
            const result = await publishEvent(saved.id, publishAt);
            if (!result.ok) {
              applyEventProblem(form, result.problem);
              outcome = { problem: result.problem };
            } else {
              afterPublish(result.data.event);
              outcome = true;
            }
          })();
          return outcome;
        }}
        onPostpone={async (body) => {
          if (!current) return {};
          const result = await postponeEvent(current.id, body);
          if (!result.ok) return { problem: result.problem };
          afterMove(result.data.event, t('actions.done.postponed'));
          return true;
        }}
        onDuplicate={async (body) => {
          if (!current) return {};
          const result = await duplicateEvent(current.id, body);
          if (!result.ok) return { problem: result.problem };
          showSnackbar(t('actions.done.duplicated'), 'success');
          void navigate(editorPath(locale, result.data.event.id));
          return true;
        }}
        onSeries={async (body) => {
          if (!current) return {};
          const result = await createSeries({ event_id: current.id, ...body });
          if (!result.ok) return { problem: result.problem };
          showSnackbar(t('actions.done.series', { count: result.data.events.length }), 'success');
          return true;
        }}
        onCancel={async (message) => {
          if (!current) return {};
          const result = await cancelEvent(current.id, message);
          if (!result.ok) return { problem: result.problem };
          setCurrent({ ...current, status: 'cancelled' });
          showSnackbar(t('actions.done.cancelled', { count: result.data.cancelled_reservations }), 'success');
          return true;
        }}
      />
    </Box>
  );
}

