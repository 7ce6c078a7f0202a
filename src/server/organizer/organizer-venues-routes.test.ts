import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VenueDetail } from '../../shared/schemas/catalog';
import type { OrganizerVenue } from '../../shared/schemas/organizer-venues';
import type { Problem } from '../../shared/schemas/problem';
import { describeApi } from '../../../tests/support/test-app';
import { ImagesRepository } from '../images/images-repository';
import { storeImage } from '../images/images-service';
import { solidImage } from '../images/images-test-kit';
import { createCities, createWorkspace, type Workspace } from './organizer-team-fixtures';

const API = '/api/v1';
const en = { 'accept-language': 'en' };
type Answer = OrganizerVenue & Problem & { items: OrganizerVenue[] };

const body = (overrides: Record<string, unknown> = {}) => ({
  name: { sr: 'Дом омладине', en: 'Youth Centre' },
  address: 'Makedonska 22',
  city: 'beograd',
  lat: 44.8157,
  lng: 20.4635,
  accessibility: 'Ramp at the side entrance',
  capacity: 300,
  ...overrides,
});

describeApi('organizer: venues', (t) => {
  let w: Workspace;
  const call = (method: string, path: string, token?: string, payload?: unknown) =>
    t().json<Answer>(method, `${API}${path}`, {
      token,
      body: payload,
      headers: en,
    });

  beforeAll(async () => {
    await createCities(t().services);
    w = await createWorkspace(t().services);
  });

  it('adds a venue with names per language, the Serbian name in Latin for display, an ASCII slug and the city', async () => {
    const { status, body: venue, headers } = await call('POST', '/organizer/venues', w.manager.token, body());
    expect(status).toBe(201);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(venue).toMatchObject({
      name: { sr: 'Дом омладине', en: 'Youth Centre' },
      display_name: 'Dom omladine',
      slug: 'dom-omladine',
      address: 'Makedonska 22',
      city: 'beograd',
      accessibility: 'Ramp at the side entrance',
      capacity: 300,
    });
    expect(venue.url).toBe(`/en/venues/dom-omladine-${venue.id}`);
    const again = await call('POST', '/organizer/venues', w.owner.token, body({ name: { en: 'Dom Omladine' } }));
    expect(again.body).toMatchObject({
      slug: 'dom-omladine-2',
      display_name: 'Dom Omladine',
      name: { en: 'Dom Omladine' },
    });
  });

  it('lists and reads only its own organizer’s venues; another organizer’s venue is not found', async () => {
    const own = await call('POST', '/organizer/venues', w.owner.token, body({ name: { sr: 'Kafana Znak' } }));
    const rival = await call('POST', '/organizer/venues', w.rivalOwner.token, body({ name: { sr: 'Rival hall' } }));
    const list = await call('GET', '/organizer/venues', w.viewer.token);
    expect(list.status).toBe(200);
    const ids = list.body.items.map((venue) => venue.id);
    expect(ids).toContain(own.body.id);
    expect(ids).not.toContain(rival.body.id);
    expect((await call('GET', `/organizer/venues/${own.body.id}`, w.viewer.token)).body.display_name).toBe('Kafana Znak');
    expect((await call('GET', `/organizer/venues/${rival.body.id}`, w.owner.token)).status).toBe(404);
    const hijack = await call('PATCH', `/organizer/venues/${rival.body.id}`, w.owner.token, { capacity: 1 });
    expect(hijack.status).toBe(404);
    expect((await call('GET', `/organizer/venues/${rival.body.id}`, w.rivalOwner.token)).body.capacity).toBe(300);
  });

  it('renames a venue and the public venue page shows the new name at once; the change is in the activity log', async () => {
    const created = await call('POST', '/organizer/venues', w.owner.token, body({ name: { sr: 'Stari naziv' } }));
    const before = await t().json<{ venue: { name: string } }>('GET', `${API}/venues/${created.body.id}`, {
      headers: en,
      token: await t().guestToken(),
    });
    expect(before.body.venue.name).toBe('Stari naziv');
    const renamed = await call('PATCH', `/organizer/venues/${created.body.id}`, w.manager.token, {
      name: { sr: 'Novi naziv', en: 'New name' },
      city: 'novi-sad',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      display_name: 'Novi naziv',
      city: 'novi-sad',
      slug: 'stari-naziv',
      address: 'Makedonska 22',
    });
    const after = await t().json<{ venue: { name: string } }>('GET', `${API}/venues/${created.body.id}`, {
      headers: en,
      token: await t().guestToken(),
    });
    // The public page reads the name in the reader's language (English here), and it changed at once.
    expect(after.body.venue.name).toBe('New name');
    const activity = await t().json<{
      items: { action: string; target_id: string }[];
    }>('GET', `${API}/organizer/activity`, { token: w.owner.token });
    expect(activity.body.items.filter((item) => item.target_id === String(created.body.id)).map((item) => item.action)).toEqual([
      'venue.updated',
      'venue.created',
    ]);
  });

  it.each([
    ['an unknown city', { city: 'atlantis' }, 'city'],
    ['no name in any language', { name: { sr: ' ', en: '' } }, 'name.sr'],
    ['a latitude off the globe', { lat: 91 }, 'lat'],
    ['a capacity of zero', { capacity: 0 }, 'capacity'],
    ['an unknown field', { website: 'https://example.com' }, null],
  ])('refuses %s with a field error', async (_name, overrides, field) => {
    const { status, body: problem } = await call('POST', '/organizer/venues', w.owner.token, body(overrides));
    expect(status).toBe(400);
    if (field) expect(Object.keys(problem.errors ?? {})).toContain(field);
  });

  describe('photos', () => {
    /** Three ready uploads of the organizer (the first described in English), one still processing, one of the rival. */
    let photo: { stage: string; bar: string; hall: string; processing: string; rivals: string };

    beforeAll(async () => {
      const { db } = t().services.database;
      const bytes = await solidImage('jpeg', { width: 1200, height: 630 });
      photo = {
        stage: await storeImage(db, { bytes, organizerId: w.organizer, alt: { en: 'The stage' } }),
        bar: await storeImage(db, { bytes: await solidImage('jpeg', { width: 1200, height: 630, color: '#e76f51' }), organizerId: w.organizer }),
        hall: await storeImage(db, { bytes: await solidImage('jpeg', { width: 1200, height: 630, color: '#264653' }), organizerId: w.organizer }),
        processing: randomUUID(),
        rivals: await storeImage(db, { bytes, organizerId: w.rival }),
      };
      await new ImagesRepository(db).insert({ id: photo.processing, organizerId: w.organizer, original: bytes, originalType: 'image/jpeg', width: 1200, height: 630 });
    });

    const ids = (venue: OrganizerVenue) => venue.images.map((image) => image.id);

    it('keeps the photos in the order sent, with their sizes; a change without image_ids leaves them, [] removes them', async () => {
      const created = await call('POST', '/organizer/venues', w.manager.token, body({ name: { sr: 'Sa slikama' }, image_ids: [photo.bar, photo.stage] }));
      expect(created.status).toBe(201);
      expect(ids(created.body)).toEqual([photo.bar, photo.stage]);
      expect(created.body.images[0]).toMatchObject({ status: 'ready', width: 1200, height: 630 });
      expect(created.body.images[0]?.variants?.length).toBeGreaterThan(0);

      const reordered = await call('PATCH', `/organizer/venues/${created.body.id}`, w.owner.token, {
        image_ids: [photo.stage, photo.processing, photo.hall.toUpperCase()],
      });
      expect(reordered.status).toBe(200);
      expect(ids(reordered.body)).toEqual([photo.stage, photo.processing, photo.hall]);
      expect(reordered.body.images[1]?.status).toBe('processing');

      const renamed = await call('PATCH', `/organizer/venues/${created.body.id}`, w.owner.token, { capacity: 40 });
      expect(ids(renamed.body)).toEqual([photo.stage, photo.processing, photo.hall]);
      const listed = (await call('GET', '/organizer/venues', w.viewer.token)).body.items.find((venue) => venue.id === created.body.id);
      expect(listed && ids(listed)).toEqual([photo.stage, photo.processing, photo.hall]);

      const cleared = await call('PATCH', `/organizer/venues/${created.body.id}`, w.owner.token, { image_ids: [] });
      expect(cleared.body.images).toEqual([]);
    });

    it.each([
      ["another organizer's image", () => [photo.stage, photo.rivals]],
      ['an image that does not exist', () => [randomUUID()]],
      ['the same image twice', () => [photo.stage, photo.stage]],
      ['a seventh photo', () => [photo.stage, photo.bar, photo.hall, photo.processing, randomUUID(), randomUUID(), randomUUID()]],
      ['an id that is not a UUID', () => ['12']],
    ])('refuses %s with a field error on image_ids, and keeps the photos it had', async (_name, imageIds) => {
      const venue = await call('POST', '/organizer/venues', w.owner.token, body({ name: { sr: 'Čuvane slike' }, image_ids: [photo.hall] }));
      const refused = await call('PATCH', `/organizer/venues/${venue.body.id}`, w.owner.token, { image_ids: imageIds() });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.errors ?? {})).toEqual([expect.stringMatching(/^image_ids(\.0)?$/)]);
      expect(ids((await call('GET', `/organizer/venues/${venue.body.id}`, w.owner.token)).body)).toEqual([photo.hall]);
      const created = await call('POST', '/organizer/venues', w.owner.token, body({ image_ids: imageIds() }));
      expect(created.status).toBe(400);
    });

    it("shows the ready photos in order on the public venue page, described in the reader's language or by the venue's name", async () => {
      const venue = await call('POST', '/organizer/venues', w.owner.token, body({ name: { sr: 'Galerija', en: 'Gallery' }, image_ids: [photo.hall, photo.processing, photo.stage] }));
      const page = await t().json<VenueDetail>('GET', `${API}/venues/${venue.body.id}`, { headers: en, token: await t().guestToken() });
      expect(page.status).toBe(200);
      const hall = venue.body.images[0]!;
      const stage = venue.body.images[2]!;
      expect(page.body.images.map((image) => image.alt)).toEqual(['Gallery', 'The stage']);
      expect(page.body.images[0]?.variants?.map((variant) => variant.url)).toEqual(hall.variants?.map((variant) => variant.url));
      expect(page.body.images[1]?.variants?.map((variant) => variant.url)).toEqual(stage.variants?.map((variant) => variant.url));
      expect(page.body.images[0]?.url).toMatch(/^\/media\/[0-9a-f]+\.jpg$/);
      expect(page.body.json_ld.image).toEqual(page.body.images.map((image) => expect.stringContaining(image.url)));
      const bare = await call('POST', '/organizer/venues', w.owner.token, body({ name: { sr: 'Bez slika' } }));
      expect((await t().json<VenueDetail>('GET', `${API}/venues/${bare.body.id}`, { headers: en, token: await t().guestToken() })).body.images).toEqual([]);
    });
  });

  it('lets door staff and viewers write nothing, refuses outsiders and asks guests to sign in', async () => {
    const venue = await call('POST', '/organizer/venues', w.owner.token, body({ name: { sr: 'Zaštićeno' } }));
    for (const member of [w.door, w.viewer]) {
      const created = await call('POST', '/organizer/venues', member.token, body());
      expect(created.status).toBe(403);
      expect(created.body.code).toBe('organizer_role_required');
      expect((await call('PATCH', `/organizer/venues/${venue.body.id}`, member.token, { capacity: 5 })).status).toBe(403);
    }
    expect((await call('GET', '/organizer/venues', w.door.token)).status).toBe(403);
    for (const [method, path] of [
      ['GET', '/organizer/venues'],
      ['POST', '/organizer/venues'],
      ['GET', `/organizer/venues/${venue.body.id}`],
      ['PATCH', `/organizer/venues/${venue.body.id}`],
    ] as const) {
      const payload = method === 'POST' ? body() : method === 'PATCH' ? { capacity: 5 } : undefined;
      const outsider = await call(method, path, w.outsider.token, payload);
      expect(outsider.status, `${method} ${path}`).toBe(403);
      expect(outsider.body.code).toBe('organizer_required');
      expect((await call(method, path, await t().guestToken(), payload)).status, `${method} ${path}`).toBe(401);
    }
  });
});
