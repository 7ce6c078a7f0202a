import { EventSummarySchema } from './catalog';
import { decodeCursor } from './common';
import { z } from './zod';

/**
 * Saved events (issue 12, DESIGN §15): the heart on a card and the "Saved" page. One owner per save, a
 * guest (the guest token's subject) or an account; a guest's saves move to the account on sign-in.
 */

/** How many events one person may keep saved: far more than anyone plans, few enough to page cheaply. */
export const MAX_SAVED_EVENTS = 2000;
export const SAVED_PAGE_SIZE = 20;
export const MAX_SAVED_PAGE_SIZE = 100;

/**
 * What changed about a saved event since it was announced, so the page can flag it: called off, postponed
 * without a date, or moved to another date. Null when it stands as announced.
 */
export const SavedChangeSchema = z.enum(['cancelled', 'postponed', 'rescheduled']);
export type SavedChange = z.infer<typeof SavedChangeSchema>;

export const SavedEventSchema = EventSummarySchema.extend({
  saved_at: z.string(),
  change: SavedChangeSchema.nullable(),
  /** Over (it started before now and is not waiting for a new date): listed after every upcoming one. */
  past: z.boolean(),
});
export type SavedEvent = z.infer<typeof SavedEventSchema>;

export const SavedEventPageSchema = z.object({ items: z.array(SavedEventSchema), next_cursor: z.string().nullable() });
export type SavedEventPage = z.infer<typeof SavedEventPageSchema>;

/** `?cursor=` of the list: (tier, date, id), tier 0 the upcoming ones soonest first, tier 1 the past ones latest first. */
export const SavedCursorSchema = z
  .string()
  .max(300, { error: 'field.invalid' })
  .refine((value) => decodeCursor(value, { ranked: true }) !== undefined, { error: 'field.invalid' });

export const SavedEventQuerySchema = z.strictObject({
  cursor: SavedCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_SAVED_PAGE_SIZE).optional(),
});
export type SavedEventQuery = z.infer<typeof SavedEventQuerySchema>;

/** Every saved event's id: what the hearts on a page need to know, in one small answer. */
export const SavedIdsSchema = z.object({ ids: z.array(z.number().int()) });
export type SavedIds = z.infer<typeof SavedIdsSchema>;

/** The answer of PUT and DELETE: the state the heart should show now. */
export const SavedStateSchema = z.object({ event_id: z.number().int(), saved: z.boolean() });
export type SavedState = z.infer<typeof SavedStateSchema>;
