import { and, eq, not, notInArray, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../shared/locales';
import type { Db, DbOrTx } from '../db/client';
import { imageFiles, images, type ImageVariant } from '../db/schema';
import { publicImageColumns } from './image-columns';
import type { RenderedFile } from './image-processing';

export type ImageRow = NonNullable<Awaited<ReturnType<ImagesRepository['find']>>>;

export interface NewImage {
  id: string;
  /** None for images of the site itself (demo seed). */
  organizerId: number | null;
  original: Buffer;
  originalType: string;
  width: number;
  height: number;
  focalX?: number;
  focalY?: number;
  alt?: LocalizedText;
}

export class ImagesRepository {
  constructor(private readonly db: Db) {}

  async insert(image: NewImage, db: DbOrTx = this.db): Promise<void> {
    await db.insert(images).values(image);
  }

  async find(id: string, db: DbOrTx = this.db) {
    const [row] = await db.select(publicImageColumns).from(images).where(eq(images.id, id));
    return row;
  }

  /** Locks the row for a job's write, so two jobs of one image never interleave their variants. */
  async findForUpdate(id: string, db: DbOrTx) {
    const [row] = await db.select(publicImageColumns).from(images).where(eq(images.id, id)).for('update');
    return row;
  }

  async original(id: string, db: DbOrTx = this.db) {
    const [row] = await db
      .select({ bytes: images.original, focalX: images.focalX, focalY: images.focalY })
      .from(images)
      .where(eq(images.id, id));
    return row;
  }

  async update(
    id: string,
    changes: Partial<{
      focalX: number;
      focalY: number;
      alt: LocalizedText;
      status: 'processing' | 'ready' | 'failed';
      variants: ImageVariant[];
      dominantColor: string;
      placeholder: string;
      error: string | null;
    }>,
    db: DbOrTx = this.db,
  ): Promise<void> {
    await db
      .update(images)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(images.id, id));
  }

  /** Content-addressed: equal bytes are one row, whichever image made them first. */
  async putFiles(imageId: string, files: RenderedFile[], db: DbOrTx): Promise<void> {
    for (const file of files) {
      await db
        .insert(imageFiles)
        .values({ hash: file.hash, imageId, contentType: file.contentType, width: file.width, height: file.height, bytes: file.bytes })
        .onConflictDoNothing({ target: imageFiles.hash });
    }
  }

  /**
   * Drops this image's files that its variants no longer name (old crops after a focal change), unless
   * another image names the same bytes: equal uploads share their files.
   */
  async deleteFilesExcept(imageId: string, keep: string[], db: DbOrTx): Promise<void> {
    const sharedElsewhere = sql`EXISTS (
      SELECT 1 FROM ${images} other
      WHERE other.id <> ${imageId} AND other.variants @> jsonb_build_array(jsonb_build_object('hash', ${imageFiles.hash})))`;
    await db
      .delete(imageFiles)
      .where(and(eq(imageFiles.imageId, imageId), keep.length ? notInArray(imageFiles.hash, keep) : undefined, not(sharedElsewhere)));
  }

  async file(hash: string, db: DbOrTx = this.db): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    const [row] = await db.select({ contentType: imageFiles.contentType, bytes: imageFiles.bytes }).from(imageFiles).where(eq(imageFiles.hash, hash));
    return row;
  }
}
