import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { LocalizedText } from '../../shared/locales';
import type { ImagePatchSchema, UploadedImage } from '../../shared/schemas/organizer-workspace';
import type { Db } from '../db/client';
import type { ImageVariant } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import { notFound } from '../lib/errors';
import { requireOrganizerRole, requireOrganizerRoleFor } from '../organizer/organizer-access';
import { mediaUrl, prepareOriginal, processImageBuffer, renderDerivatives, type Focal } from './image-processing';
import { ImagesRepository, type ImageRow } from './images-repository';

export const IMAGE_PROCESS_JOB = 'image.process';
export type ImageJobScope = 'all' | 'crops';
export type ImagePatch = z.infer<typeof ImagePatchSchema>;

export interface MediaFile {
  contentType: string;
  bytes: Buffer;
}

/** Hot derivatives stay in memory per instance; the database stays the one place every instance reads. */
const HOT_FILES_BYTES = 64 * 1024 * 1024;
const HOT_FILE_MAX_BYTES = 2 * 1024 * 1024;

const isCrop = (variant: ImageVariant) => variant.crop !== 'full';

export function toUploadedImage(row: ImageRow): UploadedImage {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    status: row.status,
    focal_x: row.focalX,
    focal_y: row.focalY,
    alt: row.alt as Record<string, string>,
    dominant_color: row.dominantColor,
    placeholder: row.placeholder,
    variants: row.variants.map((variant) => ({
      url: mediaUrl(variant),
      format: variant.format,
      width: variant.width,
      height: variant.height,
      crop: variant.crop,
    })),
  };
}

/**
 * Uploaded images of organizers (DESIGN §14): the upload is checked and cleaned at once and answered
 * `processing`; the `image.process` job renders the derivatives; a new focal point re-renders the crops only.
 */
export class ImagesService {
  private readonly repository: ImagesRepository;
  private readonly hot = new LRUCache<string, MediaFile>({
    maxSize: HOT_FILES_BYTES,
    sizeCalculation: (file) => Math.max(1, file.bytes.length),
  });

  constructor(private readonly deps: { db: Db; jobs: JobQueue }) {
    this.repository = new ImagesRepository(deps.db);
  }

  /** An image of an organizer where the user may edit events; anyone else's image does not exist for them. */
  private async requireEditable(userId: string, imageId: string): Promise<ImageRow> {
    await requireOrganizerRoleFor(this.deps.db, { userId, capability: 'events', target: { type: 'image', id: imageId } });
    const image = await this.repository.find(imageId);
    if (!image) throw notFound();
    return image;
  }

  /** `readFile` runs after the user is known to be allowed, so a refused upload is never decoded. */
  async upload({ userId, readFile }: { userId: string; readFile: () => Promise<Buffer> }): Promise<UploadedImage> {
    // The organizer the user acts for (their first), where their role may edit events.
    const { organizerId } = await requireOrganizerRole(this.deps.db, { userId, capability: 'events' });
    const original = await prepareOriginal(await readFile());
    const id = randomUUID();
    await this.deps.db.transaction(async (tx) => {
      await this.repository.insert(
        { id, organizerId, original: original.bytes, originalType: original.contentType, width: original.width, height: original.height },
        tx,
      );
      await this.enqueue(tx, id, 'all');
    });
    return toUploadedImage((await this.repository.find(id))!);
  }

  async get({ userId, imageId }: { userId: string; imageId: string }): Promise<UploadedImage> {
    return toUploadedImage(await this.requireEditable(userId, imageId));
  }

  /** Alt text merges per language (an empty text removes one); a new focal point re-renders the crops. */
  async update({ userId, imageId, patch }: { userId: string; imageId: string; patch: ImagePatch }): Promise<UploadedImage> {
    const image = await this.requireEditable(userId, imageId);
    const focalX = patch.focal_x ?? image.focalX;
    const focalY = patch.focal_y ?? image.focalY;
    const alt: LocalizedText = { ...image.alt };
    for (const [locale, text] of Object.entries(patch.alt ?? {}) as [keyof LocalizedText, string | undefined][]) {
      if (text) alt[locale] = text;
      else delete alt[locale];
    }
    const focalChanged = focalX !== image.focalX || focalY !== image.focalY;
    await this.deps.db.transaction(async (tx) => {
      await this.repository.update(imageId, { focalX, focalY, alt }, tx);
      if (focalChanged && image.status !== 'failed') await this.enqueue(tx, imageId, 'crops');
    });
    return toUploadedImage((await this.repository.find(imageId))!);
  }

  private async enqueue(tx: Parameters<JobQueue['enqueue']>[0], imageId: string, scope: ImageJobScope) {
    await this.deps.jobs.enqueue(tx, {
      type: IMAGE_PROCESS_JOB,
      payload: { image_id: imageId, scope },
      // The first rendering happens once per image; every focal change asks for its own crops.
      idempotencyKey: scope === 'all' ? `${IMAGE_PROCESS_JOB}:${imageId}` : undefined,
      maxAttempts: 3,
    });
  }

  /**
   * The job: renders from the private original, then writes under a row lock. Crops are written only if
   * the focal point is still the one they were cut at; otherwise a newer crops job is queued and wins.
   */
  async process({ imageId, scope }: { imageId: string; scope: ImageJobScope }): Promise<void> {
    const source = await this.repository.original(imageId);
    if (!source?.bytes) return;
    const focal: Focal = { focalX: source.focalX, focalY: source.focalY };
    const rendered = await renderDerivatives(source.bytes, focal, scope);
    await this.deps.db.transaction(async (tx) => {
      const current = await this.repository.findForUpdate(imageId, tx);
      if (!current) return;
      const sameFocal = current.focalX === focal.focalX && current.focalY === focal.focalY;
      const full = scope === 'all' ? rendered.variants.filter((variant) => !isCrop(variant)) : current.variants.filter((variant) => !isCrop(variant));
      const crops = sameFocal ? rendered.variants.filter(isCrop) : current.variants.filter(isCrop);
      const variants = [...full, ...crops];
      const keep = new Set(variants.map((variant) => variant.hash));
      await this.repository.putFiles(imageId, rendered.files.filter((file) => keep.has(file.hash)), tx);
      await this.repository.deleteFilesExcept(imageId, [...keep], tx);
      await this.repository.update(
        imageId,
        scope === 'all'
          ? { variants, status: 'ready', error: null, dominantColor: rendered.dominantColor, placeholder: rendered.placeholder }
          : { variants, error: null },
        tx,
      );
    });
  }

  /** A failed first rendering marks the image failed; a failed re-crop keeps the image and its old crops. */
  async recordFailure({ imageId, scope, error }: { imageId: string; scope: ImageJobScope; error: string }): Promise<void> {
    await this.repository.update(imageId, scope === 'all' ? { status: 'failed', error: error.slice(0, 500) } : { error: error.slice(0, 500) });
  }

  /** A public derivative by its content hash. */
  async mediaFile(hash: string): Promise<MediaFile | undefined> {
    const cached = this.hot.get(hash);
    if (cached) return cached;
    const file = await this.repository.file(hash);
    if (file && file.bytes.length <= HOT_FILE_MAX_BYTES) this.hot.set(hash, file);
    return file;
  }
}

/**
 * Stores an image already processed, outside any request or job (the demo seed): checks and cleans the
 * bytes, renders every derivative and writes the image `ready`. Returns its id.
 */
export async function storeImage(
  db: Db,
  { bytes, organizerId, alt = {}, focal = { focalX: 0.5, focalY: 0.5 } }: { bytes: Buffer; organizerId: number | null; alt?: LocalizedText; focal?: Focal },
): Promise<string> {
  const processed = await processImageBuffer(bytes, focal);
  const repository = new ImagesRepository(db);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const { original } = processed;
    await repository.insert(
      {
        id,
        organizerId,
        original: original.bytes,
        originalType: original.contentType,
        width: original.width,
        height: original.height,
        focalX: focal.focalX,
        focalY: focal.focalY,
        alt,
      },
      tx,
    );
    await repository.putFiles(id, processed.files, tx);
    await repository.update(
      id,
      { status: 'ready', variants: processed.variants, dominantColor: processed.dominantColor, placeholder: processed.placeholder },
      tx,
    );
  });
  return id;
}
