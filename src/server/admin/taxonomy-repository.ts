import { and, asc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../shared/locales';
import type { DbOrTx } from '../db/client';
import { categories, eventTags, subcategories, tags, taxonomySlugHistory } from '../db/schema';

export type TaxonomyKind = 'category' | 'subcategory' | 'tag';

/*
 * Event counts are read with the list: the admin sees why a delete is refused before trying. The lists are
 * small (tens of rows), so a correlated count per row is cheaper than keeping counters. Written with
 * explicit aliases: drizzle leaves a column of the queried table unqualified inside `sql`, which in a
 * subquery would name the subquery's own table.
 */
const categoryEvents = sql<number>`(
  SELECT count(*)::int FROM events e
  WHERE e.category_id = "categories"."id"
     OR e.subcategory_id IN (SELECT s.id FROM subcategories s WHERE s.category_id = "categories"."id")
)`;
const subcategoryEvents = sql<number>`(SELECT count(*)::int FROM events e WHERE e.subcategory_id = "subcategories"."id")`;
const tagEvents = sql<number>`(SELECT count(*)::int FROM event_tags et WHERE et.tag_id = "tags"."id")`;

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  icon: categories.icon,
  position: categories.position,
  hidden: categories.hidden,
  eventCount: categoryEvents,
};
const subcategoryColumns = {
  id: subcategories.id,
  categoryId: subcategories.categoryId,
  slug: subcategories.slug,
  name: subcategories.name,
  position: subcategories.position,
  hidden: subcategories.hidden,
  eventCount: subcategoryEvents,
};
const tagColumns = {
  id: tags.id,
  slug: tags.slug,
  name: tags.name,
  position: tags.position,
  hidden: tags.hidden,
  eventCount: tagEvents,
};

export function listCategories(db: DbOrTx) {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.position), asc(categories.id));
}
export type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number];

export function listSubcategories(db: DbOrTx, categoryId?: number) {
  return db
    .select(subcategoryColumns)
    .from(subcategories)
    .where(categoryId === undefined ? undefined : eq(subcategories.categoryId, categoryId))
    .orderBy(asc(subcategories.categoryId), asc(subcategories.position), asc(subcategories.id));
}
export type SubcategoryRow = Awaited<ReturnType<typeof listSubcategories>>[number];

export function listTags(db: DbOrTx) {
  return db.select(tagColumns).from(tags).orderBy(asc(tags.position), asc(tags.id));
}
export type TagRow = Awaited<ReturnType<typeof listTags>>[number];

/** One entry, its row locked for the rest of the transaction (two admins renaming at once write in turn). */
export async function findCategory(db: DbOrTx, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id)).for('update', { of: categories });
  return row;
}

export async function findSubcategory(db: DbOrTx, id: number): Promise<SubcategoryRow | undefined> {
  const [row] = await db.select(subcategoryColumns).from(subcategories).where(eq(subcategories.id, id)).for('update', { of: subcategories });
  return row;
}

export async function findTag(db: DbOrTx, id: number): Promise<TagRow | undefined> {
  const [row] = await db.select(tagColumns).from(tags).where(eq(tags.id, id)).for('update', { of: tags });
  return row;
}

export interface EntryValues {
  slug?: string;
  name?: LocalizedText;
  position?: number;
  hidden?: boolean;
}

export async function insertCategory(db: DbOrTx, values: Required<EntryValues> & { icon: string }): Promise<number> {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  return row!.id;
}

export async function insertSubcategory(db: DbOrTx, values: Required<EntryValues> & { categoryId: number }): Promise<number> {
  const [row] = await db.insert(subcategories).values(values).returning({ id: subcategories.id });
  return row!.id;
}

export async function insertTag(db: DbOrTx, values: Required<EntryValues>): Promise<number> {
  const [row] = await db.insert(tags).values(values).returning({ id: tags.id });
  return row!.id;
}

export async function updateCategory(db: DbOrTx, id: number, values: EntryValues & { icon?: string }): Promise<void> {
  if (Object.keys(values).length) await db.update(categories).set(values).where(eq(categories.id, id));
}

export async function updateSubcategory(db: DbOrTx, id: number, values: EntryValues): Promise<void> {
  if (Object.keys(values).length) await db.update(subcategories).set(values).where(eq(subcategories.id, id));
}

export async function updateTag(db: DbOrTx, id: number, values: EntryValues): Promise<void> {
  if (Object.keys(values).length) await db.update(tags).set(values).where(eq(tags.id, id));
}

export async function deleteCategory(db: DbOrTx, id: number): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

export async function deleteSubcategory(db: DbOrTx, id: number): Promise<void> {
  await db.delete(subcategories).where(eq(subcategories.id, id));
}

/** Deleting a tag takes it off its events too (event_tags cascades). */
export async function deleteTag(db: DbOrTx, id: number): Promise<void> {
  await db.delete(tags).where(eq(tags.id, id));
}

/** The siblings' ids in their order: every category, the subcategories of one category, every tag. */
export async function siblingIds(db: DbOrTx, kind: TaxonomyKind, scope: number): Promise<number[]> {
  const rows =
    kind === 'category'
      ? await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.position), asc(categories.id))
      : kind === 'subcategory'
        ? await db
            .select({ id: subcategories.id })
            .from(subcategories)
            .where(eq(subcategories.categoryId, scope))
            .orderBy(asc(subcategories.position), asc(subcategories.id))
        : await db.select({ id: tags.id }).from(tags).orderBy(asc(tags.position), asc(tags.id));
  return rows.map((row) => row.id);
}

/** Numbers the siblings 0, 1, 2… in the given order (only the rows whose number changes are written). */
export async function renumber(db: DbOrTx, kind: TaxonomyKind, orderedIds: readonly number[], current: ReadonlyMap<number, number>): Promise<void> {
  const table = kind === 'category' ? categories : kind === 'subcategory' ? subcategories : tags;
  for (const [position, id] of orderedIds.entries()) {
    if (current.get(id) !== position) await db.update(table).set({ position }).where(eq(table.id, id));
  }
}

export async function positionsOf(db: DbOrTx, kind: TaxonomyKind, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const table = kind === 'category' ? categories : kind === 'subcategory' ? subcategories : tags;
  const rows = await db.select({ id: table.id, position: table.position }).from(table).where(inArray(table.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.position]));
}

/** Live slugs equal to `base` or `base-<suffix>` among the siblings, to pick the first free one. */
export async function slugsLike(db: DbOrTx, kind: TaxonomyKind, scope: number, base: string): Promise<string[]> {
  const table = kind === 'category' ? categories : kind === 'subcategory' ? subcategories : tags;
  const match = or(eq(table.slug, base), like(table.slug, `${base}-%`));
  const rows =
    kind === 'subcategory'
      ? await db.select({ slug: subcategories.slug }).from(subcategories).where(and(eq(subcategories.categoryId, scope), match))
      : await db.select({ slug: table.slug }).from(table).where(match);
  return rows.map((row) => row.slug);
}

/** Whether a sibling other than `exceptId` holds `slug` now. */
export async function slugTaken(db: DbOrTx, kind: TaxonomyKind, scope: number, slug: string, exceptId = 0): Promise<boolean> {
  if (kind === 'subcategory') {
    const rows = await db
      .select({ id: subcategories.id })
      .from(subcategories)
      .where(and(eq(subcategories.categoryId, scope), eq(subcategories.slug, slug), ne(subcategories.id, exceptId)));
    return rows.length > 0;
  }
  const table = kind === 'category' ? categories : tags;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug, slug), ne(table.id, exceptId)));
  return rows.length > 0;
}

/** The slug an entry gave up now leads to it (a slug given up twice leads to the last one to hold it). */
export async function rememberSlug(db: DbOrTx, entry: { kind: TaxonomyKind; scope: number; oldSlug: string; targetId: number }): Promise<void> {
  await db
    .insert(taxonomySlugHistory)
    .values(entry)
    .onConflictDoUpdate({
      target: [taxonomySlugHistory.kind, taxonomySlugHistory.scope, taxonomySlugHistory.oldSlug],
      set: { targetId: entry.targetId, createdAt: sql`now()` },
    });
}

/** A slug taken by a live entry leaves the history: the live entry wins, and a later give-up starts afresh. */
export async function forgetSlug(db: DbOrTx, kind: TaxonomyKind, scope: number, slug: string): Promise<void> {
  await db
    .delete(taxonomySlugHistory)
    .where(and(eq(taxonomySlugHistory.kind, kind), eq(taxonomySlugHistory.scope, scope), eq(taxonomySlugHistory.oldSlug, slug)));
}

/** Every old slug that led to `fromId` leads to `toId` (a merged tag's history follows it). */
export async function retargetHistory(db: DbOrTx, kind: TaxonomyKind, fromId: number, toId: number): Promise<void> {
  await db
    .update(taxonomySlugHistory)
    .set({ targetId: toId })
    .where(and(eq(taxonomySlugHistory.kind, kind), eq(taxonomySlugHistory.targetId, fromId)));
}

/** A deleted entry's old slugs lead nowhere (its old URLs are 404 like its own). */
export async function forgetTarget(db: DbOrTx, kind: TaxonomyKind, targetId: number): Promise<void> {
  await db.delete(taxonomySlugHistory).where(and(eq(taxonomySlugHistory.kind, kind), eq(taxonomySlugHistory.targetId, targetId)));
}

/** A deleted category takes its subcategories' history (scoped by its id) with it. */
export async function forgetScope(db: DbOrTx, kind: TaxonomyKind, scope: number): Promise<void> {
  await db.delete(taxonomySlugHistory).where(and(eq(taxonomySlugHistory.kind, kind), eq(taxonomySlugHistory.scope, scope)));
}

export async function historyOf(db: DbOrTx, kind: TaxonomyKind, targetId: number) {
  return db
    .select({ scope: taxonomySlugHistory.scope, oldSlug: taxonomySlugHistory.oldSlug })
    .from(taxonomySlugHistory)
    .where(and(eq(taxonomySlugHistory.kind, kind), eq(taxonomySlugHistory.targetId, targetId)));
}

/**
 * The events of tag `fromId` get tag `intoId` (an event holding both keeps one row); the caller then
 * deletes `fromId`, which removes its own rows. Answers how many events gained the tag.
 */
export async function moveTagEvents(db: DbOrTx, fromId: number, intoId: number): Promise<number> {
  const moved = await db
    .insert(eventTags)
    .select(db.select({ eventId: eventTags.eventId, tagId: sql<number>`${intoId}::int`.as('tag_id') }).from(eventTags).where(eq(eventTags.tagId, fromId)))
    .onConflictDoNothing()
    .returning({ eventId: eventTags.eventId });
  return moved.length;
}
