import { CursorSchema } from './common';
import { OrganizerEventSchema, PUBLICATION_STATES } from './organizer-workspace';
import { multiLineText, singleLineText, z } from './zod';

/**
 * Organizer applications, trusted organizers and event review with its note thread (issue 10, DESIGN §14).
 * One schema validates each form in the browser and again at the API's edge.
 */

// ---------------------------------------------------------------------------------------------------------
// Applications
// ---------------------------------------------------------------------------------------------------------

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'needs_info'] as const;
export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

export const APPLICATION_LIMITS = { name: 200, contact: 200, website: 300, venues: 1000, message: 2000 } as const;

const line = (max: number) => singleLineText().max(max, 'field.too_long');
const lines = (max: number) => multiLineText().max(max, 'field.too_long');

/** What a signed-in user sends to ask to publish; optional fields may be empty strings (an empty form field). */
export const ApplicationInputSchema = z.strictObject({
  name: line(APPLICATION_LIMITS.name).min(1, 'field.required'),
  contact: line(APPLICATION_LIMITS.contact).min(1, 'field.required'),
  website: line(APPLICATION_LIMITS.website).optional(),
  venues: lines(APPLICATION_LIMITS.venues).optional(),
  message: lines(APPLICATION_LIMITS.message).optional(),
});
export type ApplicationInput = z.output<typeof ApplicationInputSchema>;

/** An application as its applicant sees it: what they wrote, where it stands, and the admin's message. */
export const OrganizerApplicationSchema = z.object({
  id: z.number().int(),
  status: ApplicationStatusSchema,
  name: z.string(),
  contact: z.string(),
  website: z.string().nullable(),
  venues: z.string().nullable(),
  message: z.string().nullable(),
  decision_message: z.string().nullable(),
  decided_at: z.string().nullable(),
  organizer_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrganizerApplication = z.infer<typeof OrganizerApplicationSchema>;

export const MyApplicationsSchema = z.object({ items: z.array(OrganizerApplicationSchema) });

/** As the admin sees it: with who applied. */
export const AdminApplicationSchema = OrganizerApplicationSchema.extend({
  applicant: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }),
});
export type AdminApplication = z.infer<typeof AdminApplicationSchema>;

export const AdminApplicationListSchema = z.object({ items: z.array(AdminApplicationSchema), next_cursor: z.string().nullable() });
export type AdminApplicationList = z.infer<typeof AdminApplicationListSchema>;

export const ApplicationListQuerySchema = z.strictObject({
  status: ApplicationStatusSchema.optional(),
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The admin's decision; asking for more and rejecting say why (the applicant reads it). */
export const ApplicationDecisionSchema = z
  .strictObject({
    status: z.enum(['approved', 'rejected', 'needs_info']),
    message: lines(APPLICATION_LIMITS.message).optional(),
  })
  .refine((input) => input.status === 'approved' || Boolean(input.message), { message: 'field.required', path: ['message'] });
export type ApplicationDecision = z.output<typeof ApplicationDecisionSchema>;

// ---------------------------------------------------------------------------------------------------------
// Organizers (trusted or not)
// ---------------------------------------------------------------------------------------------------------

export const AdminOrganizerSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  /** Publishes directly; otherwise every "publish" goes to the review queue. */
  trusted: z.boolean(),
  members: z.number().int(),
  created_at: z.string(),
});
export type AdminOrganizer = z.infer<typeof AdminOrganizerSchema>;

export const AdminOrganizerListSchema = z.object({ items: z.array(AdminOrganizerSchema), next_cursor: z.string().nullable() });
export type AdminOrganizerList = z.infer<typeof AdminOrganizerListSchema>;

export const OrganizerListQuerySchema = z.strictObject({
  q: line(100).optional(),
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const OrganizerTrustSchema = z.strictObject({ trusted: z.boolean() });

// ---------------------------------------------------------------------------------------------------------
// Event review and the note thread
// ---------------------------------------------------------------------------------------------------------

export const NOTE_LIMIT = 4000;

export const ReviewQuerySchema = z.strictObject({
  status: z.enum(PUBLICATION_STATES).default('pending_review'),
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const ReviewListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(PUBLICATION_STATES),
  organizer: z.object({ id: z.number().int(), name: z.string(), trusted: z.boolean() }).nullable(),
  starts_at: z.string(),
  publish_at: z.string().nullable(),
  updated_at: z.string(),
});
export type ReviewListItem = z.infer<typeof ReviewListItemSchema>;

export const ReviewListSchema = z.object({ items: z.array(ReviewListItemSchema), next_cursor: z.string().nullable() });
export type ReviewList = z.infer<typeof ReviewListSchema>;

export const MODERATION_DECISIONS = ['approve', 'reject', 'request_changes'] as const;
export type ModerationDecisionKind = (typeof MODERATION_DECISIONS)[number];

/** Rejecting and asking for changes say why (the organizer reads it in the editor). */
export const ModerationDecisionSchema = z
  .strictObject({
    decision: z.enum(MODERATION_DECISIONS),
    message: lines(NOTE_LIMIT).optional(),
  })
  .refine((input) => input.decision === 'approve' || Boolean(input.message), { message: 'field.required', path: ['message'] });
export type ModerationDecision = z.output<typeof ModerationDecisionSchema>;

export const NoteInputSchema = z.strictObject({ body: lines(NOTE_LIMIT).min(1, 'field.required') });
export type NoteInput = z.output<typeof NoteInputSchema>;

export const EventNoteSchema = z.object({
  id: z.number().int(),
  author_side: z.enum(['admin', 'organizer']),
  /** The author's name; null for a deleted account or an admin without one. */
  author_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type EventNote = z.infer<typeof EventNoteSchema>;

/** The last review decision, shown prominently in the editor while it stands. */
export const ReviewDecisionSchema = z.object({
  decision: z.enum(MODERATION_DECISIONS),
  message: z.string().nullable(),
  at: z.string(),
});
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;

export const NoteThreadSchema = z.object({ items: z.array(EventNoteSchema), last_decision: ReviewDecisionSchema.nullable() });
export type NoteThread = z.infer<typeof NoteThreadSchema>;

/** `GET /admin/events/{id}`: the event as its organizer wrote it (every language), who runs it, and the thread. */
export const ReviewEventSchema = z.object({
  event: OrganizerEventSchema,
  organizer: z.object({ id: z.number().int(), name: z.string(), trusted: z.boolean() }).nullable(),
  venue_name: z.string().nullable(),
  thread: NoteThreadSchema,
});
export type ReviewEvent = z.infer<typeof ReviewEventSchema>;
