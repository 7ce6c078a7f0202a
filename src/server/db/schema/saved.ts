import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The guest token family a guest (its tokens' subject) was last seen saving on (0015): while the family
 * can be refreshed the guest may come back; after that its saves, follows and visits are pruned.
 */
export const guestOwners = pgTable('guest_owners', {
  guestId: uuid('guest_id').primaryKey(),
  familyId: uuid('family_id').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('guest_owners_family_idx').on(t.familyId)]);
