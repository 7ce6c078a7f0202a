import { EventSummarySchema } from './catalog';
import { CursorSchema, IdParamsSchema, IdSchema, IdValueSchema } from './common';
import { multiLineText, z } from './zod';

/**
 * Reservations, in-app notifications and the organizer's view of them (DESIGN §6, §10). Shared by the
 * server (routes validate and serialise with these schemas) and the web (the browser calls the API).
 * Names here are stable: add, never rename.
 */

// ---------------------------------------------------------------------------------------------------------
// Statuses and the one table of allowed moves
// ---------------------------------------------------------------------------------------------------------

export const ReservationStatusSchema = z.enum(['pending', 'action_needed', 'accepted', 'rejected', 'cancelled', 'waitlisted']);
export type ReservationStatus = z.infer<typeof ReservationStatusSchema>;
export const RESERVATION_STATUSES = ReservationStatusSchema.options;

/** Who made a change: the guest who reserved, the venue (organizer or admin), or Kuda itself (waitlist). */
export const ReservationActorSchema = z.enum(['guest', 'venue', 'system']);
export type ReservationActor = z.infer<typeof ReservationActorSchema>;

/** How an event confirms reservations: `instant` accepts at once, `approval` holds places as pending. */
export const ReservationModeSchema = z.enum(['instant', 'approval']);
export type ReservationMode = z.infer<typeof ReservationModeSchema>;

/** Statuses whose party sizes are counted against the event's capacity. */
export const COUNTED_STATUSES = ['pending', 'action_needed', 'accepted'] as const satisfies readonly ReservationStatus[];
/** Statuses a reservation never leaves. */
export const FINAL_STATUSES = ['rejected', 'cancelled'] as const satisfies readonly ReservationStatus[];
/** Statuses that make a reservation "active": a user has at most one active reservation per event. */
export const ACTIVE_STATUSES = ['pending', 'action_needed', 'accepted', 'waitlisted'] as const satisfies readonly ReservationStatus[];

export interface ReservationTransition {
  /** `null` = the reservation is being created. */
  from: ReservationStatus | null;
  to: ReservationStatus;
  by: readonly ReservationActor[];
}

/**
 * Every allowed status change, in one place. The server refuses anything not listed with a 409
 * `invalid_transition` problem; the web uses the same table to decide which buttons to show.
 */
export const RESERVATION_TRANSITIONS: readonly ReservationTransition[] = [
  // Creation: the answer depends on the event's mode and its remaining capacity.
  { from: null, to: 'accepted', by: ['guest'] },
  { from: null, to: 'pending', by: ['guest'] },
  { from: null, to: 'waitlisted', by: ['guest'] },
  // The venue reviews a request. Either side may cancel: the guest before the deadline, the venue with a
  // message (a table had to close), any time.
  { from: 'pending', to: 'accepted', by: ['venue'] },
  { from: 'pending', to: 'rejected', by: ['venue'] },
  { from: 'pending', to: 'action_needed', by: ['venue'] },
  { from: 'pending', to: 'cancelled', by: ['guest', 'venue'] },
  // The venue asked something: the guest answers (back to pending), or the venue decides anyway.
  { from: 'action_needed', to: 'pending', by: ['guest'] },
  { from: 'action_needed', to: 'accepted', by: ['venue'] },
  { from: 'action_needed', to: 'rejected', by: ['venue'] },
  { from: 'action_needed', to: 'cancelled', by: ['guest', 'venue'] },
  // Accepted: the guest may still cancel before the deadline; the venue may cancel with a message.
  { from: 'accepted', to: 'cancelled', by: ['guest', 'venue'] },
  // Waitlist: a freed place promotes in order (instant → accepted, approval → pending).
  { from: 'waitlisted', to: 'accepted', by: ['system'] },
  { from: 'waitlisted', to: 'pending', by: ['system'] },
  { from: 'waitlisted', to: 'rejected', by: ['venue'] },
  { from: 'waitlisted', to: 'cancelled', by: ['guest', 'venue'] },
];

export function canTransition(from: ReservationStatus | null, to: ReservationStatus, by: ReservationActor): boolean {
  return RESERVATION_TRANSITIONS.some((move) => move.from === from && move.to === to && move.by.includes(by));
}

/** The statuses `by` may move a reservation to from `from`. */
export function nextStatuses(from: ReservationStatus, by: ReservationActor): ReservationStatus[] {
  return RESERVATION_TRANSITIONS.filter((move) => move.from === from && move.by.includes(by)).map((move) => move.to);
}

// ---------------------------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------------------------

export const NOTE_MAX_LENGTH = 500;
export const MESSAGE_MAX_LENGTH = 1000;
/** Absolute bounds; each event narrows them (`party_min`..`party_max`), refused with a problem. */
export const PARTY_SIZE_MAX = 50;
/** Reservation codes: 7 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B). */
export const RESERVATION_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const RESERVATION_CODE_LENGTH = 7;

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

const message = multiLineText().min(1, { error: 'field.required' }).max(MESSAGE_MAX_LENGTH, { error: 'field.too_big' });

/** `POST /reservations`. Party size outside the event's own limits → 422 `party_too_large`/`party_too_small`. */
export const CreateReservationSchema = z.strictObject({
  event_id: IdValueSchema,
  party_size: z.number().int().min(1, { error: 'field.too_small' }).max(PARTY_SIZE_MAX, { error: 'field.too_big' }),
  note: multiLineText().max(NOTE_MAX_LENGTH, { error: 'field.too_big' }).optional(),
});
export type CreateReservation = z.infer<typeof CreateReservationSchema>;

/** `POST /reservations/{id}/respond`: the guest answers an `action_needed` reservation → `pending`. */
export const RespondSchema = z.strictObject({ message });
export type Respond = z.infer<typeof RespondSchema>;

/** What the venue may set on a reservation (the transition table says from which statuses). */
export const DecisionStatusSchema = z.enum(['accepted', 'rejected', 'action_needed', 'cancelled']);
export type DecisionStatus = z.infer<typeof DecisionStatusSchema>;
/** Decisions the guest must be told why: what to answer, or why the venue cancelled. */
export const MESSAGE_REQUIRED_DECISIONS = ['action_needed', 'cancelled'] as const satisfies readonly DecisionStatus[];
export const decisionNeedsMessage = (status: DecisionStatus) => (MESSAGE_REQUIRED_DECISIONS as readonly DecisionStatus[]).includes(status);

/**
 * `POST /organizer/reservations/{id}/decision`. A message is required when asking for action or cancelling:
 * the server answers its absence with 422 `validation_failed` and a field error, the web checks it first.
 */
export const DecisionSchema = z
  .strictObject({
    status: DecisionStatusSchema,
    message: multiLineText().max(MESSAGE_MAX_LENGTH, { error: 'field.too_big' }).optional(),
  })
  .superRefine((decision, context) => {
    if (decisionNeedsMessage(decision.status) && !decision.message) {
      context.addIssue({ code: 'custom', path: ['message'], message: 'field.required' });
    }
  });
export type Decision = z.infer<typeof DecisionSchema>;

/** `POST /organizer/events/{id}/cancel`: the event is called off; the message goes to every guest. */
export const CancelEventSchema = z.strictObject({ message });
export type CancelEvent = z.infer<typeof CancelEventSchema>;

/** `/…/events/{id}/…` and `/…/reservations/{id}/…`: the one id rule (see IdSchema). */
export const EventIdParamsSchema = IdParamsSchema;
export const ReservationIdParamsSchema = IdParamsSchema;

/** `GET /reservations`: the user's own, newest first; `scope=upcoming` hides past events. */
export const ReservationQuerySchema = z.strictObject({
  status: ReservationStatusSchema.optional(),
  scope: z.enum(['upcoming', 'past', 'all']).optional(),
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type ReservationQuery = z.infer<typeof ReservationQuerySchema>;

/** `GET /reservations/options?event_id=`: what the Reserve form needs for one event. */
export const ReservationOptionsQuerySchema = z.strictObject({ event_id: IdSchema });

/** `GET /organizer/reservations`. */
export const OrganizerReservationQuerySchema = z.strictObject({
  status: ReservationStatusSchema.optional(),
  event_id: IdSchema.optional(),
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type OrganizerReservationQuery = z.infer<typeof OrganizerReservationQuerySchema>;

/** `GET /notifications`. */
export const NotificationQuerySchema = z.strictObject({
  unread: z.enum(['true', 'false']).optional(),
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** `POST /notifications/read`: marks the given ones read, or all of the user's when `ids` is absent. */
export const MarkNotificationsReadSchema = z.strictObject({
  ids: z.array(IdValueSchema).min(1).max(200).optional(),
});
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

/** One line of the audit trail. `from` is null for the creation; `message` is the venue's or guest's note. */
export const ReservationHistoryEntrySchema = z.object({
  from: ReservationStatusSchema.nullable(),
  to: ReservationStatusSchema,
  by: ReservationActorSchema,
  message: z.string().nullable(),
  at: z.string(),
});
export type ReservationHistoryEntry = z.infer<typeof ReservationHistoryEntrySchema>;

/** The event as a reservation shows it: the catalogue's summary fields, and the venue as two lines of text. */
export const ReservationEventSchema = EventSummarySchema.pick({
  id: true,
  slug: true,
  title: true,
  starts_at: true,
  ends_at: true,
  time_zone: true,
  image: true,
  status: true,
}).extend({
  venue_name: z.string().nullable(),
  /** Street address and locality of the venue, for "add to calendar". */
  venue_address: z.string().nullable(),
});
export type ReservationEvent = z.infer<typeof ReservationEventSchema>;

export const ReservationSchema = z.object({
  id: z.number().int(),
  /** Short code to show at the door (and encode in the QR); set once the reservation is accepted. */
  code: z.string().nullable(),
  status: ReservationStatusSchema,
  party_size: z.number().int(),
  note: z.string().nullable(),
  event: ReservationEventSchema,
  history: z.array(ReservationHistoryEntrySchema),
  /** The guest may cancel now (active status, before the deadline). */
  can_cancel: z.boolean(),
  /** The guest may answer now (`action_needed`, before the deadline). */
  can_respond: z.boolean(),
  /** The guest may confirm "I'm coming" (accepted, event not started). */
  can_confirm: z.boolean(),
  /** The venue's latest question when the status is `action_needed`. */
  action_message: z.string().nullable().optional(),
  /** 1-based place in the event's waitlist when `waitlisted`. */
  waitlist_position: z.number().int().nullable().optional(),
  /** Other guests are on the event's waitlist: a place this reservation gives up goes to the first of them. */
  others_waiting: z.boolean(),
  /** When `cancelled`: who cancelled (the guest, or the venue with its message) and when. */
  cancellation: z
    .object({ by: ReservationActorSchema, message: z.string().nullable(), at: z.string() })
    .nullable()
    .optional(),
  /** Last moment to cancel or change (ISO). */
  deadline: z.string(),
  /** When the guest tapped "I'm coming" on the reminder. */
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const ReservationListSchema = z.object({ items: z.array(ReservationSchema), next_cursor: z.string().nullable() });
export type ReservationList = z.infer<typeof ReservationListSchema>;

/**
 * What the Reserve form needs. `open` is false with `closed_reason` (an `errors:` code, e.g.
 * `event_closed`, `event_started`, `reservation_deadline_passed`, `not_reservable`) when no request would be
 * taken. `deadline` is never after the event's start.
 * `remaining` 0 means a new request goes to the waitlist. `my_reservation` is the caller's active one.
 */
export const ReservationOptionsSchema = z.object({
  event_id: z.number().int(),
  reservable: z.boolean(),
  open: z.boolean(),
  closed_reason: z.string().nullable(),
  mode: ReservationModeSchema,
  party_min: z.number().int(),
  party_max: z.number().int(),
  deadline: z.string(),
  capacity: z.number().int(),
  remaining: z.number().int(),
  my_reservation: z.object({ id: z.number().int(), status: ReservationStatusSchema }).nullable(),
});
export type ReservationOptions = z.infer<typeof ReservationOptionsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Organizer
// ---------------------------------------------------------------------------------------------------------

/** The guest as the venue sees them; all null once the account is deleted (anonymised). */
export const ReservationGuestSchema = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  deleted: z.boolean(),
});

export const OrganizerReservationSchema = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  status: ReservationStatusSchema,
  party_size: z.number().int(),
  note: z.string().nullable(),
  guest: ReservationGuestSchema,
  event: EventSummarySchema.pick({ id: true, slug: true, title: true, starts_at: true, time_zone: true }),
  history: z.array(ReservationHistoryEntrySchema),
  waitlist_position: z.number().int().nullable(),
  confirmed_at: z.string().nullable(),
  /** The statuses the venue may set now (from the transition table), `cancelled` included. */
  allowed_decisions: z.array(DecisionStatusSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrganizerReservation = z.infer<typeof OrganizerReservationSchema>;

export const EventCapacitySchema = z.object({
  event_id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  mode: ReservationModeSchema,
  capacity: z.number().int(),
  /** Party sizes of pending + action_needed + accepted. */
  taken: z.number().int(),
  remaining: z.number().int(),
  /** Parties waiting (reservations on the waitlist): the length of the line. */
  waitlisted: z.number().int(),
  /** People in those parties: the places it would take to seat the whole line. */
  waitlisted_people: z.number().int(),
});
export type EventCapacity = z.infer<typeof EventCapacitySchema>;

export const StatusCountsSchema = z.object({
  pending: z.number().int(),
  action_needed: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  cancelled: z.number().int(),
  waitlisted: z.number().int(),
});
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

/** `counts` ignore the `status` filter (they are the tabs) but honour `event_id`. */
export const OrganizerReservationListSchema = z.object({
  items: z.array(OrganizerReservationSchema),
  next_cursor: z.string().nullable(),
  counts: StatusCountsSchema,
  capacity: z.array(EventCapacitySchema),
});
export type OrganizerReservationList = z.infer<typeof OrganizerReservationListSchema>;

/** `GET /organizer/events`: the organizer's upcoming reservable events with capacity. */
export const OrganizerEventSchema = EventCapacitySchema.extend({
  slug: z.string(),
  time_zone: z.string(),
  status: z.string(),
  party_min: z.number().int(),
  party_max: z.number().int(),
  deadline: z.string(),
  counts: StatusCountsSchema,
});
export type OrganizerEvent = z.infer<typeof OrganizerEventSchema>;
export const OrganizerEventListSchema = z.object({ items: z.array(OrganizerEventSchema) });

/** `POST /organizer/events/{id}/cancel`: the event is cancelled and so is every open reservation of it. */
export const CancelEventResultSchema = z.object({
  event_id: z.number().int(),
  status: z.literal('cancelled'),
  /** Open reservations (pending, action needed, accepted, waitlisted) cancelled now; 0 when repeated. */
  cancelled_reservations: z.number().int(),
});
export type CancelEventResult = z.infer<typeof CancelEventResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Notifications (in-app). Stored as type + params; title/body rendered in the request's language.
// ---------------------------------------------------------------------------------------------------------

/**
 * `reservation_status` and `reservation_reminder` go to the guest; `organizer_reservation` tells an
 * organizer about new work on one of their events (a request to review, an answer, a cancellation).
 */
export const NotificationTypeSchema = z.enum([
  'reservation_status',
  'reservation_reminder',
  'organizer_reservation',
  'organizer_application',
  'event_review',
  // Keeping people posted (0014): something a person follows published an event; a saved event changed.
  'followed_event',
  'saved_event_change',
]);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/** A one-tap action. `path` is relative to API_BASE and is POSTed with an empty JSON body. */
export const NotificationActionSchema = z.object({
  kind: z.enum(['confirm', 'cancel']),
  label: z.string(),
  method: z.literal('POST'),
  path: z.string(),
});
export type NotificationAction = z.infer<typeof NotificationActionSchema>;

export const NotificationSchema = z.object({
  id: z.number().int(),
  type: NotificationTypeSchema,
  title: z.string(),
  body: z.string(),
  reservation_id: z.number().int().nullable(),
  /** The status the notification announces (for the icon and colour). */
  status: ReservationStatusSchema.nullable(),
  /** Offered only while still possible (e.g. "I'm coming" disappears once confirmed). */
  actions: z.array(NotificationActionSchema),
  /**
   * Where the notification opens, a path with the language (`/en/reservation/12`, or for organizers
   * `/en/organizer?event=3&reservation=12`).
   */
  link: z.string().nullable().optional(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  /** The time zone of the event it is about, which its time is shown in; null when about no event (Belgrade). */
  time_zone: z.string().nullable().optional(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  next_cursor: z.string().nullable(),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountSchema = z.object({ unread_count: z.number().int() });
