import { CursorSchema, IdValueSchema } from './common';
import { multiLineText, z } from './zod';

/**
 * Reports (issue 10, DESIGN §14): anyone, a guest too, reports an event, a venue or an organizer for one of
 * a fixed list of reasons; the admin's queue groups them by what they are about and resolves or dismisses them.
 * The same schemas check the dialog in the browser and the request on the server.
 */

export const REPORT_TARGET_TYPES = ['event', 'venue', 'organizer'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The one list of reasons: the dialog's radio buttons, the server's check and the queue's tally. */
export const REPORT_REASONS = ['spam', 'fake', 'offensive', 'wrong_information', 'cancelled_not_marked', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_MESSAGE_MAX = 1000;
export const REPORT_NOTE_MAX = 1000;

const messageText = (max: number) => multiLineText().max(max, 'field.too_long');

/** "Other" says nothing by itself: the message is what the admin reads. */
function messageRequiredForOther(value: { reason?: string; message?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.reason === 'other' && !value.message) ctx.addIssue({ code: 'custom', path: ['message'], message: 'field.required' });
}

const reportFields = {
  reason: z.enum(REPORT_REASONS, { error: 'field.required' }),
  /** Empty means none (the dialog's untouched field). */
  message: messageText(REPORT_MESSAGE_MAX)
    .optional()
    .transform((value) => value || undefined),
};

/** The dialog's fields. */
export const ReportFormSchema = z.strictObject(reportFields).superRefine(messageRequiredForOther);

/** `POST /reports`. */
export const CreateReportSchema = z
  .strictObject({
    target_type: z.enum(REPORT_TARGET_TYPES, { error: 'field.invalid_value' }),
    target_id: IdValueSchema,
    ...reportFields,
  })
  .superRefine(messageRequiredForOther);
export type CreateReport = z.output<typeof CreateReportSchema>;

export const ReportCreatedSchema = z.object({ id: z.number().int() });

/** `GET /admin/reports?status=&cursor=`. */
export const ReportQueueQuerySchema = z.strictObject({
  status: z.enum(REPORT_STATUSES, { error: 'field.invalid_value' }).default('open'),
  cursor: CursorSchema.optional(),
});

export const QueuedReportSchema = z.object({
  id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  message: z.string().nullable(),
  /**
   * Whether a guest or a signed-in user sent it, never who: the admin judges the content, not the person,
   * and a reporter's address in a back office invites retaliation. The user id stays in the table for abuse.
   */
  reporter: z.enum(['guest', 'user']),
  status: z.enum(REPORT_STATUSES),
  note: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type QueuedReport = z.infer<typeof QueuedReportSchema>;

/** One item of the queue: every report of one status about one target. */
export const ReportGroupSchema = z.object({
  target: z.object({
    type: z.enum(REPORT_TARGET_TYPES),
    id: z.number().int(),
    /** The event's title, the venue's or organizer's name; null when the target no longer exists. */
    title: z.string().nullable(),
    /** Its public page; null for an organizer (no page of its own) or a target that is gone. */
    url: z.string().nullable(),
    /** An event already taken off the site by moderation. */
    removed: z.boolean(),
  }),
  count: z.number().int(),
  reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number().int()),
  latest_at: z.string(),
  reports: z.array(QueuedReportSchema),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

export const ReportQueueSchema = z.object({ items: z.array(ReportGroupSchema), next_cursor: z.string().nullable() });
export type ReportQueue = z.infer<typeof ReportQueueSchema>;

/** `POST /admin/reports/{id}/resolve`: `unpublish` takes a reported event off the site (resolving only). */
export const ResolveReportSchema = z
  .strictObject({
    status: z.enum(['resolved', 'dismissed'], { error: 'field.invalid_value' }),
    note: messageText(REPORT_NOTE_MAX)
      .optional()
      .transform((value) => value || undefined),
    unpublish: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.unpublish && value.status !== 'resolved') ctx.addIssue({ code: 'custom', path: ['unpublish'], message: 'field.invalid' });
  });
export type ResolveReport = z.output<typeof ResolveReportSchema>;

export const ReportResolutionSchema = z.object({
  status: z.enum(['resolved', 'dismissed']),
  /** Every report this decision closed: the one named and the other open ones on the same target. */
  report_ids: z.array(z.number().int()),
  unpublished: z.boolean(),
});
export type ReportResolution = z.infer<typeof ReportResolutionSchema>;
