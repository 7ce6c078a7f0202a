import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCategory, AdminSubcategory, AdminTag } from '../../shared/schemas/admin-taxonomy';
import type { Category, Tag } from '../../shared/schemas/catalog';
import type { Problem } from '../../shared/schemas/problem';
import { describeApi } from '../../../tests/support/test-app';
import { createEvent, createUser, type TestUser } from '../reservations/reservations-fixtures';

const API = '/api/v1';
const en = { 'accept-language': 'en' };
type Answer = AdminCategory & AdminSubcategory & AdminTag & Problem & { items: (AdminCategory & AdminTag)[] };
type Rows<T> = { rows: T[] };

describeApi('admin: taxonomy', (t) => {
  let admin: TestUser;
  const call = (method: string, path: string, payload?: unknown, token = admin.token) =>
    t().json<Answer>(method, `${API}${path}`, { token, body: payload, headers: en });
  const query = async <T>(text: ReturnType<typeof sql>) => ((await t().services.database.db.execute(text)) as unknown as Rows<T>).rows;
  const auditOf = (targetType: string, id: number) =>
    query<{ action: string; actor_user_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      sql`SELECT action, actor_user_id, before, after FROM audit_log WHERE target_type = ${targetType} AND target_id = ${String(id)} ORDER BY id`,
    );
  const publicCategories = async () =>
    (await t().json<{ items: Category[] }>('GET', `${API}/categories`, { token: await t().guestToken(), headers: en })).body.items;
  const publicTags = async () => (await t().json<{ items: Tag[] }>('GET', `${API}/tags`, { token: await t().guestToken(), headers: en })).body.items;
  /** An event moved into this category (and subcategory), as an organizer would file it. */
  const eventIn = async (categoryId: number, subcategoryId: number | null = null) => {
    const id = await createEvent(t().services);
    await query(sql`UPDATE events SET category_id = ${categoryId}, subcategory_id = ${subcategoryId} WHERE id = ${id}`);
    return id;
  };
  const tagEvent = (eventId: number, tagId: number) => query(sql`INSERT INTO event_tags (event_id, tag_id) VALUES (${eventId}, ${tagId})`);

  beforeAll(async () => {
    admin = await createUser(t().services, { role: 'admin' });
  });

  it('refuses a signed-in user who is not an admin with 403 admin_required', async () => {
    const user = await createUser(t().services);
    const { status, body } = await call('POST', '/admin/categories', { name: { sr: 'Pokušaj' } }, user.token);
    expect(status).toBe(403);
    expect(body.code).toBe('admin_required');
    expect((await query(sql`SELECT id FROM categories WHERE slug = 'pokusaj'`)).length).toBe(0);
  });

  describe('categories', () => {
    it('creates a category with a slug from the Serbian name, last in order, audited with what it became', async () => {
      const { status, body } = await call('POST', '/admin/categories', { name: { sr: 'Књижевне вечери', en: 'Book nights', uk: '' }, icon: 'mic' });
      expect(status).toBe(201);
      expect(body).toMatchObject({ slug: 'knjizevne-veceri', name: { sr: 'Књижевне вечери', en: 'Book nights' }, icon: 'mic', hidden: false, event_count: 0, subcategories: [] });
      expect(body.name).not.toHaveProperty('uk');
      const list = await call('GET', '/admin/categories');
      expect(list.body.items.at(-1)?.id).toBe(body.id);
      const audit = await auditOf('category', body.id);
      expect(audit).toEqual([expect.objectContaining({ action: 'category.created', actor_user_id: admin.id, before: null, after: expect.objectContaining({ slug: 'knjizevne-veceri', icon: 'mic' }) })]);
    });

    it.each([
      ['an icon the web does not bundle', { name: { sr: 'Ikona' }, icon: 'rocket' }, 'icon'],
      ['no Serbian name', { name: { en: 'Only English' } }, 'name.sr'],
      ['a slug with spaces', { name: { sr: 'Razmak' }, slug: 'ima razmak' }, 'slug'],
      ['an unknown field', { name: { sr: 'Polje' }, color: 'red' }, null],
    ])('refuses %s with a field error and writes nothing', async (_name, payload, field) => {
      const before = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM categories`);
      const { status, body } = await call('POST', '/admin/categories', payload);
      expect(status).toBe(400);
      if (field) expect(Object.keys(body.errors ?? {})).toContain(field);
      expect(await query(sql`SELECT count(*)::int AS n FROM categories`)).toEqual(before);
    });

    it('renames per language and the public category list shows the new name at once', async () => {
      const created = await call('POST', '/admin/categories', { name: { sr: 'Stari naziv', en: 'Old name' } });
      expect((await publicCategories()).find((category) => category.id === created.body.id)?.name).toBe('Old name');
      const renamed = await call('PATCH', `/admin/categories/${created.body.id}`, { name: { sr: 'Stari naziv', en: 'New name', ru: 'Новое имя' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toEqual({ sr: 'Stari naziv', en: 'New name', ru: 'Новое имя' });
      expect((await publicCategories()).find((category) => category.id === created.body.id)?.name).toBe('New name');
      const audit = await auditOf('category', created.body.id);
      expect(audit.at(-1)).toMatchObject({ action: 'category.updated', before: { name: { sr: 'Stari naziv', en: 'Old name' } }, after: { name: { en: 'New name' } } });
    });

    it('moves a category to a position and numbers its siblings 0, 1, 2…', async () => {
      const a = await call('POST', '/admin/categories', { name: { sr: 'Red A' } });
      const b = await call('POST', '/admin/categories', { name: { sr: 'Red B' } });
      const moved = await call('PATCH', `/admin/categories/${b.body.id}`, { position: 0 });
      expect(moved.body.position).toBe(0);
      const order = (await call('GET', '/admin/categories')).body.items;
      expect(order.map((category) => category.position)).toEqual(order.map((_category, index) => index));
      expect(order[0]?.id).toBe(b.body.id);
      expect(order.findIndex((category) => category.id === a.body.id)).toBeGreaterThan(0);
      expect((await publicCategories())[0]?.id).toBe(b.body.id);
      expect((await auditOf('category', b.body.id)).at(-1)).toMatchObject({ action: 'category.updated', after: { position: 0 } });
    });

    it('hides a category from the public list (its events keep it) and shows it again', async () => {
      const created = await call('POST', '/admin/categories', { name: { sr: 'Sezonska' } });
      const event = await eventIn(created.body.id);
      expect((await call('PATCH', `/admin/categories/${created.body.id}`, { hidden: true })).body.hidden).toBe(true);
      expect((await publicCategories()).map((category) => category.id)).not.toContain(created.body.id);
      const page = await t().json<{ category: { id: number } }>('GET', `${API}/events/${event}`, { token: await t().guestToken(), headers: en });
      expect(page.status).toBe(200);
      expect(page.body.category.id).toBe(created.body.id);
      await call('PATCH', `/admin/categories/${created.body.id}`, { hidden: false });
      expect((await publicCategories()).map((category) => category.id)).toContain(created.body.id);
    });

    it('refuses to delete a category with events (409, translated) and changes nothing; deletes it once empty', async () => {
      const created = await call('POST', '/admin/categories', { name: { sr: 'Puna' } });
      const event = await eventIn(created.body.id);
      const audited = (await auditOf('category', created.body.id)).length;
      const refused = await call('DELETE', `/admin/categories/${created.body.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('category_has_events');
      expect(refused.body.detail).toBe('This category still has events (1), so it cannot be deleted. Hide it instead.');
      expect((await call('GET', '/admin/categories')).body.items.find((category) => category.id === created.body.id)?.event_count).toBe(1);
      expect(await auditOf('category', created.body.id)).toHaveLength(audited);

      await query(sql`DELETE FROM events WHERE id = ${event}`);
      expect((await call('DELETE', `/admin/categories/${created.body.id}`)).status).toBe(204);
      expect((await call('PATCH', `/admin/categories/${created.body.id}`, { hidden: true })).status).toBe(404);
      expect((await auditOf('category', created.body.id)).at(-1)).toMatchObject({ action: 'category.deleted', before: { slug: 'puna' }, after: null });
    });

    it('keeps the old slug in the history when the slug changes; a second change keeps both, leading to the entry', async () => {
      const created = await call('POST', '/admin/categories', { name: { sr: 'Pozorište' }, slug: 'pozoriste-staro' });
      expect(created.body.slug).toBe('pozoriste-staro');
      await call('PATCH', `/admin/categories/${created.body.id}`, { slug: 'pozoriste-srednje' });
      const renamed = await call('PATCH', `/admin/categories/${created.body.id}`, { slug: 'pozoriste' });
      expect(renamed.body.slug).toBe('pozoriste');
      const history = await query<{ old_slug: string; target_id: number; scope: number }>(
        sql`SELECT old_slug, target_id, scope FROM taxonomy_slug_history WHERE kind = 'category' AND target_id = ${created.body.id} ORDER BY old_slug`,
      );
      expect(history).toEqual([
        { old_slug: 'pozoriste-srednje', target_id: created.body.id, scope: 0 },
        { old_slug: 'pozoriste-staro', target_id: created.body.id, scope: 0 },
      ]);
      const moved = await t().services.catalog.currentListingSlugs({ category: 'pozoriste-staro' });
      expect(moved?.category).toBe('pozoriste');
    });

    it('refuses a slug another category holds, on the slug field', async () => {
      const first = await call('POST', '/admin/categories', { name: { sr: 'Prva' } });
      const second = await call('POST', '/admin/categories', { name: { sr: 'Druga' } });
      const { status, body } = await call('PATCH', `/admin/categories/${second.body.id}`, { slug: first.body.slug });
      expect(status).toBe(400);
      expect(body.code).toBe('slug_taken');
      expect(body.errors?.slug).toEqual(['Another entry already uses this address.']);
    });

    it('lets a new entry take a slug from the history: the live entry wins', async () => {
      const old = await call('POST', '/admin/categories', { name: { sr: 'Ples' } });
      await call('PATCH', `/admin/categories/${old.body.id}`, { slug: 'ples-i-balet' });
      const reuse = await call('POST', '/admin/categories', { name: { sr: 'Ples novi' }, slug: 'ples' });
      expect(reuse.status).toBe(201);
      expect((await t().services.catalog.currentListingSlugs({ category: 'ples' }))?.category).toBe('ples');
    });
  });

  describe('subcategories', () => {
    let parent: AdminCategory;
    beforeAll(async () => {
      parent = (await call('POST', '/admin/categories', { name: { sr: 'Muzika uživo' } })).body;
    });

    it('creates, renames, reorders within the category and lists them nested under it', async () => {
      const jazz = await call('POST', '/admin/subcategories', { category_id: parent.id, name: { sr: 'Džez' } });
      expect(jazz.status).toBe(201);
      expect(jazz.body).toMatchObject({ category_id: parent.id, slug: 'dzez', position: 0 });
      const rock = await call('POST', '/admin/subcategories', { category_id: parent.id, name: { sr: 'Rok' } });
      expect(rock.body.position).toBe(1);
      await call('PATCH', `/admin/subcategories/${rock.body.id}`, { position: 0, name: { sr: 'Rok', en: 'Rock' } });
      const nested = (await call('GET', '/admin/categories')).body.items.find((category) => category.id === parent.id)?.subcategories;
      expect(nested?.map((sub) => sub.slug)).toEqual(['rok', 'dzez']);
      expect(nested?.[0]?.name).toEqual({ sr: 'Rok', en: 'Rock' });
      expect((await call('GET', '/admin/subcategories')).body.items.map((sub) => sub.id)).toContain(jazz.body.id);
      expect((await auditOf('subcategory', rock.body.id)).map((entry) => entry.action)).toEqual(['subcategory.created', 'subcategory.updated']);
    });

    it('refuses an unknown category on category_id', async () => {
      const { status, body } = await call('POST', '/admin/subcategories', { category_id: 999999, name: { sr: 'Siroče' } });
      expect(status).toBe(400);
      expect(Object.keys(body.errors ?? {})).toEqual(['category_id']);
    });

    it('keeps a changed slug in the history scoped by its category', async () => {
      const sub = await call('POST', '/admin/subcategories', { category_id: parent.id, name: { sr: 'Bluz' } });
      await call('PATCH', `/admin/subcategories/${sub.body.id}`, { slug: 'bluz-i-soul' });
      const history = await query<{ scope: number; target_id: number }>(
        sql`SELECT scope, target_id FROM taxonomy_slug_history WHERE kind = 'subcategory' AND old_slug = 'bluz'`,
      );
      expect(history).toEqual([{ scope: parent.id, target_id: sub.body.id }]);
      expect(await t().services.catalog.currentListingSlugs({ category: parent.slug, subcategory: 'bluz' })).toEqual({
        category: parent.slug,
        subcategory: 'bluz-i-soul',
        tags: [],
      });
    });

    it('hides a subcategory from the public tree and refuses to delete one with events', async () => {
      const sub = await call('POST', '/admin/subcategories', { category_id: parent.id, name: { sr: 'Kamerna' } });
      await call('PATCH', `/admin/subcategories/${sub.body.id}`, { hidden: true });
      const publicParent = (await publicCategories()).find((category) => category.id === parent.id);
      expect(publicParent?.subcategories.map((item) => item.id)).not.toContain(sub.body.id);

      await eventIn(parent.id, sub.body.id);
      const refused = await call('DELETE', `/admin/subcategories/${sub.body.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('subcategory_has_events');
      expect((await call('GET', '/admin/subcategories')).body.items.find((item) => item.id === sub.body.id)?.event_count).toBe(1);

      const empty = await call('POST', '/admin/subcategories', { category_id: parent.id, name: { sr: 'Prazna' } });
      expect((await call('DELETE', `/admin/subcategories/${empty.body.id}`)).status).toBe(204);
      expect((await auditOf('subcategory', empty.body.id)).at(-1)?.action).toBe('subcategory.deleted');
    });
  });

  describe('tags', () => {
    it('creates, renames, reorders, hides and deletes a tag; deleting takes it off its events', async () => {
      const created = await call('POST', '/admin/tags', { name: { sr: 'Na otvorenom' } });
      expect(created.status).toBe(201);
      expect(created.body.slug).toBe('na-otvorenom');
      const renamed = await call('PATCH', `/admin/tags/${created.body.id}`, { name: { sr: 'Na otvorenom', en: 'Outdoors' }, position: 0 });
      expect(renamed.body).toMatchObject({ name: { en: 'Outdoors' }, position: 0 });
      expect((await publicTags()).find((tag) => tag.id === created.body.id)?.name).toBe('Outdoors');
      await call('PATCH', `/admin/tags/${created.body.id}`, { hidden: true });
      expect((await publicTags()).map((tag) => tag.id)).not.toContain(created.body.id);

      const event = await createEvent(t().services);
      await tagEvent(event, created.body.id);
      expect((await call('DELETE', `/admin/tags/${created.body.id}`)).status).toBe(204);
      expect(await query(sql`SELECT * FROM event_tags WHERE event_id = ${event}`)).toEqual([]);
      expect((await auditOf('tag', created.body.id)).map((entry) => entry.action)).toEqual(['tag.created', 'tag.updated', 'tag.updated', 'tag.deleted']);
      expect((await auditOf('tag', created.body.id)).at(-1)?.before).toMatchObject({ slug: 'na-otvorenom', event_count: 1 });
    });

    it('merges A into B: A’s events get B without duplicates, A is gone, A’s slugs lead to B, audited', async () => {
      const a = (await call('POST', '/admin/tags', { name: { sr: 'Besplatno' } })).body;
      const b = (await call('POST', '/admin/tags', { name: { sr: 'Bez ulaznice' } })).body;
      // A renamed once before the merge: its own history must follow it into B.
      await call('PATCH', `/admin/tags/${a.id}`, { slug: 'gratis' });
      const both = await createEvent(t().services);
      const onlyA = await createEvent(t().services);
      await tagEvent(both, a.id);
      await tagEvent(both, b.id);
      await tagEvent(onlyA, a.id);

      const merged = await call('POST', `/admin/tags/${a.id}/merge`, { into: b.id });
      expect(merged.status).toBe(200);
      expect(merged.body).toMatchObject({ id: b.id, event_count: 2 });
      const rows = await query<{ event_id: number; tag_id: number }>(
        sql`SELECT event_id::int, tag_id FROM event_tags WHERE event_id IN (${both}, ${onlyA}) ORDER BY event_id, tag_id`,
      );
      expect(rows).toEqual([
        { event_id: both, tag_id: b.id },
        { event_id: onlyA, tag_id: b.id },
      ]);
      expect(await query(sql`SELECT id FROM tags WHERE id = ${a.id}`)).toEqual([]);
      const history = await query<{ old_slug: string; target_id: number }>(
        sql`SELECT old_slug, target_id FROM taxonomy_slug_history WHERE kind = 'tag' AND old_slug IN ('besplatno', 'gratis') ORDER BY old_slug`,
      );
      expect(history).toEqual([
        { old_slug: 'besplatno', target_id: b.id },
        { old_slug: 'gratis', target_id: b.id },
      ]);
      const category = (await publicCategories())[0]!;
      expect((await t().services.catalog.currentListingSlugs({ category: category.slug, tags: ['gratis', 'besplatno'] }))?.tags).toEqual([b.slug]);
      expect((await auditOf('tag', a.id)).at(-1)).toMatchObject({
        action: 'tag.merged',
        actor_user_id: admin.id,
        before: { slug: 'gratis', event_count: 2 },
        after: { into: b.id, into_slug: b.slug, events_added: 1 },
      });
    });

    it('refuses to merge a tag into itself or into a tag that does not exist, on `into`', async () => {
      const tag = (await call('POST', '/admin/tags', { name: { sr: 'Sam' } })).body;
      const self = await call('POST', `/admin/tags/${tag.id}/merge`, { into: tag.id });
      expect(self.status).toBe(400);
      expect(Object.keys(self.body.errors ?? {})).toEqual(['into']);
      const missing = await call('POST', `/admin/tags/${tag.id}/merge`, { into: 999999 });
      expect(missing.status).toBe(400);
      expect((await call('GET', '/admin/tags')).body.items.map((item) => item.id)).toContain(tag.id);
    });
  });
});
