import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, type UploadedImage } from '../../shared/schemas/organizer-workspace';
import type { Problem } from '../../shared/schemas/problem';
import { describeApi } from '../../../tests/support/test-app';
import { createOrganizer, createUser, drainJobs, type TestUser } from '../reservations/reservations-fixtures';
import { storeImage } from './images-service';
import { GPS_POINTER, heicHeaderOnly, sidewaysPhotoWithGps, solidImage } from './images-test-kit';

const API = '/api/v1';
type Answer = { image: UploadedImage } & Partial<Problem>;
type Rows<T> = { rows: T[] };

describeApi('organizer images: upload, processing, focal point and public files', (t) => {
  let owner: TestUser;
  let rival: TestUser;
  let door: TestUser;
  let stranger: TestUser;

  async function upload(
    token: string | undefined,
    bytes: Buffer,
    { name = 'photo.jpg', type = 'image/jpeg', field = 'file', locale = 'en' } = {},
  ): Promise<{ status: number; body: Answer }> {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await t().http(`${API}/organizer/images`, {
      method: 'POST',
      body: form,
      headers: { 'accept-language': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: response.status, body: (await response.json()) as Answer };
  }
  const getImage = (token: string, id: string) => t().json<Answer>('GET', `${API}/organizer/images/${id}`, { token });
  const stored = async (id: string) => {
    const result = (await t().services.database.db.execute(
      sql`SELECT original, status, error FROM images WHERE id = ${id}`,
    )) as unknown as Rows<{ original: Buffer | Uint8Array; status: string; error: string | null }>;
    const row = result.rows[0]!;
    return { ...row, original: Buffer.from(row.original) };
  };
  const fetchFile = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t().http(url, { headers });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    const { services } = t();
    owner = await createUser(services, { role: 'organizer' });
    rival = await createUser(services, { role: 'organizer' });
    door = await createUser(services, { role: 'organizer' });
    stranger = await createUser(services);
    const organizerId = await createOrganizer(services, [owner.id]);
    await createOrganizer(services, [rival.id]);
    await services.database.db.execute(sql`INSERT INTO organizer_members (organizer_id, user_id, role) VALUES (${organizerId}, ${door.id}, 'door')`);
  });

  it('takes a sideways GPS-tagged photo, answers it processing and upright, and keeps the original without metadata', async () => {
    const { status, body } = await upload(owner.token, await sidewaysPhotoWithGps());
    expect(status).toBe(201);
    expect(body.image).toMatchObject({ status: 'processing', width: 1300, height: 700, focal_x: 0.5, focal_y: 0.5, variants: [] });
    const original = (await stored(body.image.id)).original;
    const metadata = await sharp(original).metadata();
    expect(metadata).toMatchObject({ width: 1300, height: 700 });
    expect(metadata.exif).toBeUndefined();
    expect(original.includes(GPS_POINTER) && original.includes(Buffer.from('KudaCam'))).toBe(false);
  });

  it('renders the derivatives in the job and serves them immutable, typed by format, never wider than the original', async () => {
    const { body } = await upload(owner.token, await sidewaysPhotoWithGps());
    await drainJobs(t().services);
    const { body: ready } = await getImage(owner.token, body.image.id);
    expect(ready.image.status).toBe('ready');
    expect(ready.image.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(ready.image.placeholder).toMatch(/^data:image\/webp;base64,/);
    const variants = ready.image.variants ?? [];
    const full = variants.filter((variant) => variant.crop === 'full');
    expect(full.map((variant) => `${variant.format} ${variant.width}`).sort()).toEqual(
      ['avif', 'jpeg', 'webp'].flatMap((format) => [320, 640, 960, 1280].map((width) => `${format} ${width}`)).sort(),
    );
    expect(variants.some((variant) => variant.crop === 'card')).toBe(true);
    expect(variants.filter((variant) => variant.crop === 'social')).toEqual([expect.objectContaining({ width: 1200, height: 630, format: 'jpeg' })]);
    const types = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
    for (const variant of variants) {
      expect(variant.width).toBeLessThanOrEqual(1300);
      const { response, bytes } = await fetchFile(variant.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(types[variant.format]);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const hash = /^\/media\/([0-9a-f]{64})\./.exec(variant.url)![1];
      expect(response.headers.get('etag')).toBe(`"${hash}"`);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.width).toBe(variant.width);
      expect(metadata.exif).toBeUndefined();
    }
  });

  it('answers a file asked again with its hash as not modified, and an unknown or mistyped file as not found', async () => {
    const { body } = await upload(owner.token, await solidImage('png'), { name: 'poster.png', type: 'image/png' });
    await drainJobs(t().services);
    const { body: ready } = await getImage(owner.token, body.image.id);
    const jpeg = ready.image.variants!.find((variant) => variant.format === 'jpeg')!;
    const first = await fetchFile(jpeg.url);
    const again = await fetchFile(jpeg.url, { 'if-none-match': first.response.headers.get('etag')! });
    expect(again.response.status).toBe(304);
    expect((await fetchFile(`/media/${'0'.repeat(64)}.jpg`)).response.status).toBe(404);
    expect((await fetchFile(jpeg.url.replace(/\.jpg$/, '.webp'))).response.status).toBe(404);
  });

  it('accepts an AVIF whatever it is called', async () => {
    const { status, body } = await upload(owner.token, await solidImage('avif'), { name: 'upload.bin', type: 'application/octet-stream' });
    expect(status).toBe(201);
    expect(body.image).toMatchObject({ width: 1300, height: 700 });
  });

  it('refuses a text file named .jpg as not an image, in the language asked for', async () => {
    const { status, body } = await upload(owner.token, Buffer.from('hello, I am text'), { locale: 'sr' });
    expect(status).toBe(415);
    expect(body.code).toBe('image_type');
    expect(body.detail).toContain('JPEG, PNG, WebP, AVIF ili HEIC');
  });

  it('refuses a HEIC it cannot decode as not an image', async () => {
    const { status, body } = await upload(owner.token, heicHeaderOnly(), { name: 'IMG_0001.HEIC', type: 'image/heic' });
    expect(status).toBe(415);
    expect(body.code).toBe('image_type');
  });

  it('refuses a 16 MB file as too large and names the 15 MB limit', async () => {
    const { status, body } = await upload(owner.token, Buffer.alloc(16 * 1024 * 1024, 1));
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: 'image_too_large', detail: expect.stringContaining('15 MB') });
  });

  it('refuses a file one byte over the limit', async () => {
    const { status, body } = await upload(owner.token, Buffer.alloc(IMAGE_MAX_BYTES + 1, 1));
    expect(status).toBe(413);
    expect(body.code).toBe('image_too_large');
  });

  it('refuses a 600×400 image and says both the minimum and the size received', async () => {
    const { status, body } = await upload(owner.token, await solidImage('jpeg', { width: 600, height: 400 }));
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'image_too_small', detail: expect.stringContaining('600×400') });
    expect(body.detail).toContain('1200×630');
  });

  it('refuses a body without the file part, and one that is not multipart', async () => {
    const { status, body } = await upload(owner.token, await solidImage('jpeg'), { field: 'photo' });
    expect(status).toBe(400);
    expect(body.code).toBe('image_file_required');
    const json = await t().json<Problem>('POST', `${API}/organizer/images`, { token: owner.token, body: { file: 'x' } });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('image_multipart_required');
  });

  it('lets only a signed-in member who may edit events upload', async () => {
    const bytes = await solidImage('jpeg');
    expect((await upload(undefined, bytes)).status).toBe(401);
    expect((await upload(await t().guestToken(), bytes)).status).toBe(401);
    expect((await upload(stranger.token, bytes)).body).toMatchObject({ status: 403, code: 'organizer_required' });
    expect((await upload(door.token, bytes)).body).toMatchObject({ status: 403, code: 'organizer_role_required' });
  });

  it('re-cuts only the crops after a new focal point and leaves the original and the full sizes alone', async () => {
    const { body } = await upload(owner.token, await solidImage('jpeg', { width: 1600, height: 1200 }));
    await drainJobs(t().services);
    const before = (await getImage(owner.token, body.image.id)).body.image;
    const originalBefore = (await stored(body.image.id)).original;

    const patched = await t().json<Answer>('PATCH', `${API}/organizer/images/${body.image.id}`, {
      token: owner.token,
      body: { focal_x: 0.5, focal_y: 0, alt: { en: 'A stage', sr: 'Bina' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.image).toMatchObject({ focal_y: 0, alt: { en: 'A stage', sr: 'Bina' } });
    await drainJobs(t().services);
    const after = (await getImage(owner.token, body.image.id)).body.image;

    const urls = (image: UploadedImage, crop: string) => image.variants!.filter((variant) => variant.crop === crop).map((variant) => variant.url).sort();
    expect(urls(after, 'full')).toEqual(urls(before, 'full'));
    expect((await stored(body.image.id)).original.equals(originalBefore)).toBe(true);
    // A solid image crops the same anywhere: the crop bytes are equal, so the same hashes come back.
    expect(urls(after, 'card')).toEqual(urls(before, 'card'));
    expect(after.status).toBe('ready');

    const alt = await t().json<Answer>('PATCH', `${API}/organizer/images/${body.image.id}`, { token: owner.token, body: { alt: { sr: '' } } });
    expect(alt.body.image.alt).toEqual({ en: 'A stage' });
  });

  it('keeps the files two equal uploads share when one of them is re-cut', async () => {
    const bytes = await solidImage('jpeg', { width: 1400, height: 1000, color: '#123456' });
    const first = (await upload(owner.token, bytes)).body.image.id;
    const second = (await upload(owner.token, bytes)).body.image.id;
    await drainJobs(t().services);
    const secondImage = (await getImage(owner.token, second)).body.image;
    const cards = secondImage.variants!.filter((variant) => variant.crop === 'card');
    expect(cards.length).toBeGreaterThan(0);

    // New bytes under the first image make its re-cut crops differ, so it no longer names the shared files.
    const other = await solidImage('jpeg', { width: 1400, height: 1000, color: '#654321' });
    await t().services.database.db.execute(sql`UPDATE images SET original = ${other} WHERE id = ${first}`);
    await t().json('PATCH', `${API}/organizer/images/${first}`, { token: owner.token, body: { focal_x: 0.1 } });
    await drainJobs(t().services);
    const firstCards = (await getImage(owner.token, first)).body.image.variants!.filter((variant) => variant.crop === 'card');
    expect(firstCards.map((variant) => variant.url)).not.toEqual(cards.map((variant) => variant.url));
    for (const card of cards) expect((await fetchFile(card.url)).response.status).toBe(200);
  });

  it('cuts the card around the focal point', async () => {
    // Top third red, the rest blue: a card cut at the top is red in its middle, one cut at the bottom blue.
    const red = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, top: 0, left: 0 }])
      .png()
      .toBuffer();
    const { body } = await upload(owner.token, bytes, { name: 'a.png', type: 'image/png' });
    const centreOfCard = async (image: UploadedImage) => {
      const card = image.variants!.find((variant) => variant.crop === 'card' && variant.format === 'jpeg' && variant.width === 320)!;
      const { bytes: file } = await fetchFile(card.url);
      const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      const offset = (Math.floor(info.height * 0.2) * info.width + Math.floor(info.width / 2)) * info.channels;
      return { red: data[offset]!, blue: data[offset + 2]! };
    };
    await t().json('PATCH', `${API}/organizer/images/${body.image.id}`, { token: owner.token, body: { focal_y: 1 } });
    await drainJobs(t().services);
    const bottom = await centreOfCard((await getImage(owner.token, body.image.id)).body.image);
    expect(bottom.blue).toBeGreaterThan(200);
    await t().json('PATCH', `${API}/organizer/images/${body.image.id}`, { token: owner.token, body: { focal_y: 0 } });
    await drainJobs(t().services);
    const top = await centreOfCard((await getImage(owner.token, body.image.id)).body.image);
    expect(top.red).toBeGreaterThan(200);
  });

  it("hides another organizer's image and refuses a bad focal point", async () => {
    const { body } = await upload(owner.token, await solidImage('jpeg'));
    const foreign = await t().json<Problem>('PATCH', `${API}/organizer/images/${body.image.id}`, { token: rival.token, body: { focal_x: 0.2 } });
    expect(foreign.body).toMatchObject({ status: 404, code: 'not_found' });
    const invalid = await t().json<Problem>('PATCH', `${API}/organizer/images/${body.image.id}`, { token: owner.token, body: { focal_x: 2 } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors ?? {})).toEqual(['focal_x']);
  });

  it('stores an image processed outside a request (the demo seed) ready, its files served at once', async () => {
    const id = await storeImage(t().services.database.db, { bytes: await solidImage('jpeg'), organizerId: null, alt: { en: 'Demo' } });
    const result = (await t().services.database.db.execute(sql`SELECT status, variants FROM images WHERE id = ${id}`)) as unknown as Rows<{
      status: string;
      variants: { hash: string; format: string; crop: string }[];
    }>;
    expect(result.rows[0]!.status).toBe('ready');
    const social = result.rows[0]!.variants.find((variant) => variant.crop === 'social')!;
    const { response } = await fetchFile(`/media/${social.hash}.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });

  it('marks an image failed, with the reason, when its original cannot be rendered', async () => {
    const { body } = await upload(owner.token, await solidImage('jpeg'));
    await t().services.database.db.execute(sql`UPDATE images SET original = ${Buffer.from('broken')} WHERE id = ${body.image.id}`);
    await drainJobs(t().services);
    const row = await stored(body.image.id);
    expect(row.status).toBe('failed');
    expect(row.error).toBeTruthy();
    expect((await getImage(owner.token, body.image.id)).body.image.status).toBe('failed');
  });
});
