import { EventSummarySchema } from './catalog';
import { z } from './zod';

/**
 * "For you" (issue 12, DESIGN §15): upcoming events picked from the person's own signals, each with the
 * reason it was picked, machine-readable so every client words it in its own language. Shared by the
 * server (GET /events/for-you, the weekly digest) and the web (the home page's row).
 */

/**
 * Why an event was picked: the person follows its venue, organizer, category or one of its tags; saved or
 * reserved events at the same venue, by the same organizer or of the same category; or often opens its
 * category. Names may grow, never change.
 */
export const ForYouReasonKindSchema = z.enum([
  'follows_venue',
  'follows_organizer',
  'follows_category',
  'follows_tag',
  'saved_venue',
  'saved_organizer',
  'saved_category',
  'reserved_venue',
  'reserved_organizer',
  'reserved_category',
  'visited_category',
]);
export type ForYouReasonKind = z.infer<typeof ForYouReasonKindSchema>;

export const ForYouReasonSchema = z.object({
  kind: ForYouReasonKindSchema,
  /** The venue's, organizer's, category's or tag's id. */
  id: z.number().int(),
  /** Its name in the reader's language ("Dom omladine"). */
  name: z.string(),
  /** Published lately by something the person follows: these lead the row. */
  new: z.boolean(),
});
export type ForYouReason = z.infer<typeof ForYouReasonSchema>;

export const ForYouItemSchema = z.object({ event: EventSummarySchema, reason: ForYouReasonSchema });
export type ForYouItem = z.infer<typeof ForYouItemSchema>;

export const ForYouSchema = z.object({ items: z.array(ForYouItemSchema) });
export type ForYou = z.infer<typeof ForYouSchema>;

/** At most this many events in the row (and the digest). */
export const FOR_YOU_MAX = 12;

export const ForYouQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(FOR_YOU_MAX).optional(),
});

/** The category listing a person opened (POST /events/for-you/visits): one of the "for you" signals. */
export const CategoryVisitSchema = z.strictObject({
  category: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'field.invalid_format' }).max(80),
});
export type CategoryVisit = z.infer<typeof CategoryVisitSchema>;
