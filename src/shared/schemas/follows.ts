import { placePageFields } from './catalog';
import { IdSchema } from './common';
import { z } from './zod';

/**
 * Follows (issue 12, DESIGN §15): a person — a guest too, on their guest token — follows a venue, an
 * organizer, a category or a tag, and hears when it publishes a new event. The same schemas check the
 * API and type the web's calls.
 */

export const FOLLOW_KINDS = ['venue', 'organizer', 'category', 'tag'] as const;
export const FollowKindSchema = z.enum(FOLLOW_KINDS, { error: 'field.invalid' });
export type FollowKind = z.infer<typeof FollowKindSchema>;

/** At most this many follows per person (guest or account): generous, and a bound on the fan-out. */
export const FOLLOW_LIMIT = 1000;

/**
 * `/follows/{kind}/{id}`. Every kind is named by its numeric id (categories and tags too, not their slugs:
 * a slug may be renamed by an admin, the id stays).
 */
export const FollowParamsSchema = z.strictObject({
  kind: FollowKindSchema.describe('What is followed: venue, organizer, category or tag'),
  id: IdSchema.describe('The numeric id of the venue, organizer, category or tag (never a slug)'),
});
export type FollowParams = z.infer<typeof FollowParamsSchema>;

/** One thing a person follows, with what the web needs to name it and link to its page. */
export const FollowSchema = z.object({
  kind: FollowKindSchema,
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  followed_at: z.string(),
});
export type Follow = z.infer<typeof FollowSchema>;

export const FollowListSchema = z.object({ items: z.array(FollowSchema), limit: z.number().int() });
export type FollowList = z.infer<typeof FollowListSchema>;

/** The answer of PUT and DELETE: the state now (idempotent, so the same answer the second time). */
export const FollowStateSchema = z.object({ kind: FollowKindSchema, id: z.number().int(), following: z.boolean() });
export type FollowState = z.infer<typeof FollowStateSchema>;

/** The public page of an organizer (issue 12): who they are, their links, and their upcoming events. */
export const OrganizerPageSchema = z.object({
  organizer: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), website: z.string().nullable() }),
  /** Its upcoming events and URLs, as a venue page's; `json_ld` is a schema.org `Organization`. */
  ...placePageFields,
});
export type OrganizerPage = z.infer<typeof OrganizerPageSchema>;
