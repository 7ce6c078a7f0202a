import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { CreateSeriesSchema, DuplicateEventSchema, PostponeEventSchema, PublishEventSchema } from '../../../shared/schemas/organizer-workspace';
import type { Problem } from '../../../shared/schemas/problem';
import { applyProblemToForm } from '../../lib/use-schema-form';
import { buildRrule } from './rrule';
import { wallClockToIso } from './zoned-time';

/**
 * The editor dialogs' forms. A person writes a date and a time on the event's clock; the form turns them
 * into the body the API takes and checks that body with the API's own schema (PublishEventSchema,
 * PostponeEventSchema, DuplicateEventSchema, CreateSeriesSchema), its issues landing on the inputs.
 */

export const COPY_PARTS = ['description', 'image', 'tags', 'performers', 'reservation'] as const;

const WallClockInput = z.object({ date: z.string(), time: z.string() });
type Issues = z.core.$RefinementCtx;

/** The ISO instant of a wall-clock input, or an issue on its date input. */
function instantOf(wallClock: { date: string; time: string }, timeZone: string, path: string, ctx: Issues): string | undefined {
  const iso = wallClockToIso(wallClock, timeZone);
  if (!iso) ctx.addIssue({ code: 'custom', message: wallClock.date && wallClock.time ? 'field.datetime' : 'field.required', path: [path, wallClock.date ? 'time' : 'date'] });
  return iso ?? undefined;
}

/** Checks the body with the API's schema; an issue at a body path shows on the form field `fieldOf` names. */
function checkBody(schema: z.ZodType, body: unknown, ctx: Issues, fieldOf: (path: string) => string) {
  const checked = schema.safeParse(body);
  if (checked.success) return;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: fieldOf(issue.path.join('.')).split('.') });
}

/** Which form field shows a server field error (paths of the API body). */
const DATE_FIELDS: Record<string, string> = { publish_at: 'publish_at.date', starts_at: 'starts_at.date', ends_at: 'starts_at.date' };
const fieldOfBodyPath = (path: string) => DATE_FIELDS[path] ?? path;

export const scheduleFormSchema = (timeZone: string) =>
  z.object({ publish_at: WallClockInput }).transform((values, ctx) => {
    const body = { publish_at: instantOf(values.publish_at, timeZone, 'publish_at', ctx) };
    if (body.publish_at) checkBody(PublishEventSchema, body, ctx, fieldOfBodyPath);
    return { publish_at: body.publish_at ?? '' };
  });

export const postponeFormSchema = (timeZone: string) =>
  z.object({ date_tba: z.boolean(), starts_at: WallClockInput, message: z.string() }).transform((values, ctx) => {
    const message = values.message.trim() || undefined;
    const body = values.date_tba ? { date_tba: true, message } : { starts_at: instantOf(values.starts_at, timeZone, 'starts_at', ctx), message };
    if (values.date_tba || body.starts_at) checkBody(PostponeEventSchema, body, ctx, fieldOfBodyPath);
    return body;
  });

export const duplicateFormSchema = (timeZone: string) =>
  z.object({ starts_at: WallClockInput, copy: z.record(z.enum(COPY_PARTS), z.boolean()) }).transform((values, ctx) => {
    const body = { starts_at: instantOf(values.starts_at, timeZone, 'starts_at', ctx) ?? '', copy: values.copy };
    if (body.starts_at) checkBody(DuplicateEventSchema, body, ctx, fieldOfBodyPath);
    return body;
  });

export const SeriesFrequencySchema = z.enum(['weekly', 'monthly_date', 'monthly_weekday']);
const SeriesFields = z.object({
  frequency: SeriesFrequencySchema,
  interval: z.string(),
  end_kind: z.enum(['count', 'until']),
  count: z.string(),
  until: z.string(),
  /** The date being typed into "skip"; `exdates` holds the ones added. */
  exdate: z.string(),
  exdates: z.array(z.string()),
});
export type SeriesFormValues = z.input<typeof SeriesFields>;

/** The RRULE the series dialog's choices make, from the event's first local date ('' without one). */
export function seriesRrule(values: SeriesFormValues, firstDate: string): string {
  if (!firstDate) return '';
  return buildRrule({
    frequency: values.frequency,
    interval: Math.max(1, Number(values.interval) || 1),
    firstDate,
    end: values.end_kind === 'count' ? { kind: 'count', count: Number(values.count) || 1 } : { kind: 'until', until: values.until || firstDate },
  });
}

/** Which series input shows an issue at a path of the API body. */
const seriesFieldOf = (path: string) => (path.startsWith('exdates') ? 'exdate' : path === 'rrule' ? 'frequency' : path);

export const seriesFormSchema = (firstDate: string) =>
  SeriesFields.transform((values, ctx) => {
    if (!firstDate) ctx.addIssue({ code: 'custom', message: 'field.required', path: ['frequency'] });
    if (values.end_kind === 'count' ? !(Number(values.count) > 0) : !values.until) {
      ctx.addIssue({ code: 'custom', message: 'field.required', path: [values.end_kind] });
    }
    const body = { rrule: seriesRrule(values, firstDate), exdates: values.exdates };
    // The event id is the editor's; any valid one lets the API's schema check the rest.
    if (firstDate) checkBody(CreateSeriesSchema, { event_id: 1, ...body }, ctx, seriesFieldOf);
    return body;
  });

export const CancelFormSchema = z.object({ message: z.string().trim().min(1, 'field.required').max(1000, 'field.too_long') });

/**
 * Puts a problem's field errors on the dialog's inputs: a date the API names (`starts_at`) shows on the
 * date input. Answers whether any landed.
 */
export function applyDialogProblem<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, problem: Problem, fields: readonly Path<T>[]): boolean {
  const errors: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(problem.errors ?? {})) errors[seriesFieldOf(fieldOfBodyPath(path))] = messages;
  return applyProblemToForm(form, { ...problem, errors }, fields);
}
