import { LOCALES, type LocalizedText } from '../../shared/locales';
import type {
  AdminCategory,
  AdminSubcategory,
  AdminTag,
  CategoryInput,
  CategoryPatch,
  SubcategoryInput,
  SubcategoryPatch,
  TagInput,
  TagPatch,
  TaxonomyName,
} from '../../shared/schemas/admin-taxonomy';
import { slugify } from '../../shared/slug';
import type { Db, Tx } from '../db/client';
import { conflict, invalidField, notFound } from '../lib/errors';
import { freeSlug } from '../organizer/organizer-venues-service';
import { isUniqueViolation } from '../users/accounts';
import { recordAudit } from './audit-log';
import * as repo from './taxonomy-repository';

type Kind = repo.TaxonomyKind;

export interface TaxonomyAdminDeps {
  db: Db;
  /** The public catalogue's caches (taxonomy, API answers, server-rendered pages) are dropped after each write. */
  catalog: { invalidate(): void };
}

/** The written names only: an empty (or blank) language is "not written" and not stored. */
function writtenNames(name: Partial<TaxonomyName>): LocalizedText {
  const out: LocalizedText = {};
  for (const locale of LOCALES) {
    const value = name[locale]?.trim();
    if (value) out[locale] = value;
  }
  return out;
}

/** What an audit entry says an entry was or became: what an admin can change, never the derived count. */
function snapshot(row: { slug: string; name: LocalizedText; position: number; hidden: boolean; icon?: string; categoryId?: number }) {
  return {
    slug: row.slug,
    name: row.name,
    position: row.position,
    hidden: row.hidden,
    ...(row.icon === undefined ? {} : { icon: row.icon }),
    ...(row.categoryId === undefined ? {} : { category_id: row.categoryId }),
  };
}

const toSubcategory = (row: repo.SubcategoryRow): AdminSubcategory => ({
  id: row.id,
  category_id: row.categoryId,
  slug: row.slug,
  name: row.name,
  position: row.position,
  hidden: row.hidden,
  event_count: row.eventCount,
});

const toTag = (row: repo.TagRow): AdminTag => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  position: row.position,
  hidden: row.hidden,
  event_count: row.eventCount,
});

function toCategory(row: repo.CategoryRow, subs: readonly repo.SubcategoryRow[]): AdminCategory {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    icon: row.icon,
    position: row.position,
    hidden: row.hidden,
    event_count: row.eventCount,
    subcategories: subs.filter((sub) => sub.categoryId === row.id).map(toSubcategory),
  };
}

/**
 * The admin's categories, subcategories and tags (issue 10, DESIGN §14). Every write runs in one
 * transaction with its audit entry and its slug history, then drops the catalogue's caches so the public
 * site shows the change at once (CatalogService.invalidate bumps the version the API answer cache and the
 * server page cache key on).
 *
 * Rules: an entry with events cannot be deleted, only hidden (a category or subcategory: events need
 * their category, and `events.subcategory_id` has no ON DELETE); a deleted tag leaves its events. A slug
 * given up (renamed, or a tag merged away) is kept in `taxonomy_slug_history` so the old public URL
 * answers 301 to the entry that holds it now; a live entry holding a slug always wins over the history.
 */
export class TaxonomyAdminService {
  constructor(private readonly deps: TaxonomyAdminDeps) {}

  // ------------------------------------------------------------------------------------------------------
  // Reads
  // ------------------------------------------------------------------------------------------------------

  async listCategories(): Promise<{ items: AdminCategory[] }> {
    const [rows, subs] = await Promise.all([repo.listCategories(this.deps.db), repo.listSubcategories(this.deps.db)]);
    return { items: rows.map((row) => toCategory(row, subs)) };
  }

  async listSubcategories(): Promise<{ items: AdminSubcategory[] }> {
    return { items: (await repo.listSubcategories(this.deps.db)).map(toSubcategory) };
  }

  async listTags(): Promise<{ items: AdminTag[] }> {
    return { items: (await repo.listTags(this.deps.db)).map(toTag) };
  }

  // ------------------------------------------------------------------------------------------------------
  // Categories
  // ------------------------------------------------------------------------------------------------------

  async createCategory(input: { actorUserId: string; category: CategoryInput }): Promise<AdminCategory> {
    const { category } = input;
    const id = await this.write(async (tx) => {
      const name = writtenNames(category.name);
      const slug = await this.newSlug(tx, 'category', 0, category.slug, name, 'category');
      const values = { slug, name, icon: category.icon, hidden: category.hidden ?? false, position: await this.lastPosition(tx, 'category', 0) };
      const created = await repo.insertCategory(tx, values);
      await recordAudit(tx, { actorUserId: input.actorUserId, action: 'category.created', targetType: 'category', targetId: created, after: snapshot(values) });
      return created;
    });
    return this.category(id);
  }

  async updateCategory(input: { actorUserId: string; id: number; patch: CategoryPatch }): Promise<AdminCategory> {
    const { patch } = input;
    await this.write(async (tx) => {
      const before = await repo.findCategory(tx, input.id);
      if (!before) throw notFound('category_not_found');
      const values: repo.EntryValues & { icon?: string } = {};
      if (patch.name !== undefined) values.name = writtenNames(patch.name);
      if (patch.icon !== undefined) values.icon = patch.icon;
      if (patch.hidden !== undefined) values.hidden = patch.hidden;
      if (patch.slug !== undefined && patch.slug !== before.slug) values.slug = await this.changeSlug(tx, 'category', 0, before, patch.slug);
      await repo.updateCategory(tx, input.id, values);
      if (patch.position !== undefined) await this.move(tx, 'category', 0, input.id, patch.position);
      const after = await repo.findCategory(tx, input.id);
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: 'category.updated',
        targetType: 'category',
        targetId: input.id,
        before: snapshot(before),
        after: after && snapshot(after),
      });
    });
    return this.category(input.id);
  }

  async deleteCategory(input: { actorUserId: string; id: number }): Promise<void> {
    await this.write(async (tx) => {
      const before = await repo.findCategory(tx, input.id);
      if (!before) throw notFound('category_not_found');
      if (before.eventCount > 0) throw conflict('category_has_events', { count: before.eventCount });
      await repo.deleteCategory(tx, input.id);
      await repo.forgetTarget(tx, 'category', input.id);
      await repo.forgetScope(tx, 'subcategory', input.id);
      await recordAudit(tx, { actorUserId: input.actorUserId, action: 'category.deleted', targetType: 'category', targetId: input.id, before: snapshot(before) });
    });
  }

  // ------------------------------------------------------------------------------------------------------
  // Subcategories (slugs unique within their category: the history's scope is the category id)
  // ------------------------------------------------------------------------------------------------------

  async createSubcategory(input: { actorUserId: string; subcategory: SubcategoryInput }): Promise<AdminSubcategory> {
    const { subcategory } = input;
    const id = await this.write(async (tx) => {
      const parent = await repo.findCategory(tx, subcategory.category_id);
      if (!parent) throw invalidField('category_id', 'field.unknown_value');
      const name = writtenNames(subcategory.name);
      const slug = await this.newSlug(tx, 'subcategory', parent.id, subcategory.slug, name, 'subcategory');
      const values = {
        categoryId: parent.id,
        slug,
        name,
        hidden: subcategory.hidden ?? false,
        position: await this.lastPosition(tx, 'subcategory', parent.id),
      };
      const created = await repo.insertSubcategory(tx, values);
      await recordAudit(tx, { actorUserId: input.actorUserId, action: 'subcategory.created', targetType: 'subcategory', targetId: created, after: snapshot(values) });
      return created;
    });
    return this.subcategory(id);
  }

  async updateSubcategory(input: { actorUserId: string; id: number; patch: SubcategoryPatch }): Promise<AdminSubcategory> {
    const { patch } = input;
    await this.write(async (tx) => {
      const before = await repo.findSubcategory(tx, input.id);
      if (!before) throw notFound('subcategory_not_found');
      const values: repo.EntryValues = {};
      if (patch.name !== undefined) values.name = writtenNames(patch.name);
      if (patch.hidden !== undefined) values.hidden = patch.hidden;
      if (patch.slug !== undefined && patch.slug !== before.slug) {
        values.slug = await this.changeSlug(tx, 'subcategory', before.categoryId, before, patch.slug);
      }
      await repo.updateSubcategory(tx, input.id, values);
      if (patch.position !== undefined) await this.move(tx, 'subcategory', before.categoryId, input.id, patch.position);
      const after = await repo.findSubcategory(tx, input.id);
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: 'subcategory.updated',
        targetType: 'subcategory',
        targetId: input.id,
        before: snapshot(before),
        after: after && snapshot(after),
      });
    });
    return this.subcategory(input.id);
  }

  async deleteSubcategory(input: { actorUserId: string; id: number }): Promise<void> {
    await this.write(async (tx) => {
      const before = await repo.findSubcategory(tx, input.id);
      if (!before) throw notFound('subcategory_not_found');
      if (before.eventCount > 0) throw conflict('subcategory_has_events', { count: before.eventCount });
      await repo.deleteSubcategory(tx, input.id);
      await repo.forgetTarget(tx, 'subcategory', input.id);
      await recordAudit(tx, { actorUserId: input.actorUserId, action: 'subcategory.deleted', targetType: 'subcategory', targetId: input.id, before: snapshot(before) });
    });
  }

  // ------------------------------------------------------------------------------------------------------
  // Tags
  // ------------------------------------------------------------------------------------------------------

  async createTag(input: { actorUserId: string; tag: TagInput }): Promise<AdminTag> {
    const { tag } = input;
    const id = await this.write(async (tx) => {
      const name = writtenNames(tag.name);
      const slug = await this.newSlug(tx, 'tag', 0, tag.slug, name, 'tag');
      const values = { slug, name, hidden: tag.hidden ?? false, position: await this.lastPosition(tx, 'tag', 0) };
      const created = await repo.insertTag(tx, values);
      await recordAudit(tx, { actorUserId: input.actorUserId, action: 'tag.created', targetType: 'tag', targetId: created, after: snapshot(values) });
      return created;
    });
    return this.tag(id);
  }

  async updateTag(input: { actorUserId: string; id: number; patch: TagPatch }): Promise<AdminTag> {
    const { patch } = input;
    await this.write(async (tx) => {
      const before = await repo.findTag(tx, input.id);
      if (!before) throw notFound('tag_not_found');
      const values: repo.EntryValues = {};
      if (patch.name !== undefined) values.name = writtenNames(patch.name);
      if (patch.hidden !== undefined) values.hidden = patch.hidden;
      if (patch.slug !== undefined && patch.slug !== before.slug) values.slug = await this.changeSlug(tx, 'tag', 0, before, patch.slug);
      await repo.updateTag(tx, input.id, values);
      if (patch.position !== undefined) await this.move(tx, 'tag', 0, input.id, patch.position);
      const after = await repo.findTag(tx, input.id);
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: 'tag.updated',
        targetType: 'tag',
        targetId: input.id,
        before: snapshot(before),
        after: after && snapshot(after),
      });
    });
    return this.tag(input.id);
  }

  async deleteTag(input: { actorUserId: string; id: number }): Promise<void> {
    await this.write(async (tx) => {
      const before = await repo.findTag(tx, input.id);
      if (!before) throw notFound('tag_not_found');
      await repo.deleteTag(tx, input.id);
      await repo.forgetTarget(tx, 'tag', input.id);
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: 'tag.deleted',
        targetType: 'tag',
        targetId: input.id,
        before: { ...snapshot(before), event_count: before.eventCount },
      });
    });
  }

  /**
   * Tag `id` goes into tag `into`: its events get `into` (an event that had both keeps one), it is deleted,
   * and its slug and every old slug that led to it lead to `into`, so its listing links answer 301 there.
   */
  async mergeTag(input: { actorUserId: string; id: number; into: number }): Promise<AdminTag> {
    if (input.id === input.into) throw invalidField('into', 'field.tag_merge_self');
    await this.write(async (tx) => {
      // Both rows locked in id order, so two merges of the same pair in opposite directions cannot deadlock.
      const [first, second] = input.id < input.into ? [input.id, input.into] : [input.into, input.id];
      const locked = new Map([
        [first, await repo.findTag(tx, first)],
        [second, await repo.findTag(tx, second)],
      ]);
      const merged = locked.get(input.id);
      const target = locked.get(input.into);
      if (!merged) throw notFound('tag_not_found');
      if (!target) throw invalidField('into', 'field.unknown_value');
      const moved = await repo.moveTagEvents(tx, merged.id, target.id);
      await repo.deleteTag(tx, merged.id);
      await repo.retargetHistory(tx, 'tag', merged.id, target.id);
      await repo.rememberSlug(tx, { kind: 'tag', scope: 0, oldSlug: merged.slug, targetId: target.id });
      await recordAudit(tx, {
        actorUserId: input.actorUserId,
        action: 'tag.merged',
        targetType: 'tag',
        targetId: merged.id,
        before: { ...snapshot(merged), event_count: merged.eventCount },
        after: { into: target.id, into_slug: target.slug, events_added: moved },
      });
    });
    return this.tag(input.into);
  }

  // ------------------------------------------------------------------------------------------------------
  // Shared steps
  // ------------------------------------------------------------------------------------------------------

  /**
   * Runs one write in a transaction, then drops the public caches. Two admins racing for one slug meet
   * the unique constraint: that is the same field error as the check before it, never a 500.
   */
  private async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.deps.db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw invalidField('slug', 'field.slug_taken', 'slug_taken');
      throw error;
    }
    this.deps.catalog.invalidate();
    return result;
  }

  /** The slug of a new entry: the one asked for (refused when a sibling holds it), else free from the Serbian name. */
  private async newSlug(tx: Tx, kind: Kind, scope: number, wanted: string | undefined, name: LocalizedText, fallback: string): Promise<string> {
    if (wanted) {
      if (await repo.slugTaken(tx, kind, scope, wanted)) throw invalidField('slug', 'field.slug_taken', 'slug_taken');
      await repo.forgetSlug(tx, kind, scope, wanted);
      return wanted;
    }
    const base = slugify(name.sr ?? '') || fallback;
    return freeSlug(base, await repo.slugsLike(tx, kind, scope, base));
  }

  /** A new slug for an entry: the old one goes into the history (its URL answers 301), the new one leaves it. */
  private async changeSlug(tx: Tx, kind: Kind, scope: number, entry: { id: number; slug: string }, slug: string): Promise<string> {
    if (await repo.slugTaken(tx, kind, scope, slug, entry.id)) throw invalidField('slug', 'field.slug_taken', 'slug_taken');
    await repo.rememberSlug(tx, { kind, scope, oldSlug: entry.slug, targetId: entry.id });
    await repo.forgetSlug(tx, kind, scope, slug);
    return slug;
  }

  private async lastPosition(tx: Tx, kind: Kind, scope: number): Promise<number> {
    const positions = await repo.positionsOf(tx, kind, await repo.siblingIds(tx, kind, scope));
    return positions.size === 0 ? 0 : Math.max(...positions.values()) + 1;
  }

  /** Puts the entry at `position` among its siblings (past the end: last) and numbers them 0, 1, 2… */
  private async move(tx: Tx, kind: Kind, scope: number, id: number, position: number): Promise<void> {
    const ids = await repo.siblingIds(tx, kind, scope);
    const current = await repo.positionsOf(tx, kind, ids);
    const others = ids.filter((sibling) => sibling !== id);
    others.splice(Math.min(position, others.length), 0, id);
    await repo.renumber(tx, kind, others, current);
  }

  private async category(id: number): Promise<AdminCategory> {
    const row = await repo.findCategory(this.deps.db, id);
    if (!row) throw notFound('category_not_found');
    return toCategory(row, await repo.listSubcategories(this.deps.db, id));
  }

  private async subcategory(id: number): Promise<AdminSubcategory> {
    const row = await repo.findSubcategory(this.deps.db, id);
    if (!row) throw notFound('subcategory_not_found');
    return toSubcategory(row);
  }

  private async tag(id: number): Promise<AdminTag> {
    const row = await repo.findTag(this.deps.db, id);
    if (!row) throw notFound('tag_not_found');
    return toTag(row);
  }
}
