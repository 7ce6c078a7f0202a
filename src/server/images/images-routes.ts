import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidParamsSchema } from '../../shared/schemas/common';
import { IMAGE_MAX_BYTES, ImagePatchSchema, UploadedImageSchema } from '../../shared/schemas/organizer-workspace';
import { ProblemSchema } from '../../shared/schemas/problem';
import { etagMatches } from '../catalog/http-cache';
import { AppError, invalidField } from '../lib/errors';
import { requireUser } from '../plugins/authentication';
import { ORGANIZER_REFUSALS } from '../organizer/organizer-refusals';
import { imageTooLarge, requireWithinByteLimit } from './image-processing';
import type { ImagesService } from './images-service';

const ImageAnswerSchema = z.object({ image: UploadedImageSchema });

/** Reads the one `file` part; a part over the limit, or a body that is not multipart, is refused by name. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw invalidField('file', 'field.required', 'image_file_required');
    const bytes = await part.toBuffer();
    requireWithinByteLimit(bytes.length);
    return bytes;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupported_media_type', 'image_multipart_required');
    throw error;
  }
}

/**
 * The organizer's images (DESIGN §14). Uploads are `multipart/form-data` with one part `file`; the bytes
 * decide what the file is, never its name or declared type. Multipart parsing exists only in this scope.
 */
export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images }) => {
  const tags = ['organizer'];
  // One byte over the limit is enough to know a file is too large, without reading the rest of it.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES + 1, files: 1 } });

  app.post(
    '/organizer/images',
    {
      // Each upload decodes up to 15 MB: a budget per member keeps one account from occupying the instance.
      config: { rateLimit: { max: 60, timeWindow: '10 minutes', keyGenerator: (request) => `image-upload:${request.principal?.userId ?? request.ip}` } },
      schema: {
        tags,
        summary: 'Upload an event image (JPEG, PNG, WebP, AVIF or HEIC; at most 15 MB; at least 1200×630)',
        description:
          'A `multipart/form-data` body with one part `file`. The image is turned upright by its EXIF orientation, ' +
          'stripped of metadata (location included) and answered `processing`; its AVIF, WebP and JPEG derivatives ' +
          'follow from a background job. 413 `image_too_large`, 415 `image_type`, 422 `image_too_small`.',
        consumes: ['multipart/form-data'],
        response: {
          201: ImageAnswerSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
          413: ProblemSchema,
          415: ProblemSchema,
          422: ProblemSchema,
          429: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      const image = await images.upload({ userId, readFile: () => readUploadedFile(request) });
      return reply.code(201).send({ image });
    },
  );

  app.get(
    '/organizer/images/:id',
    {
      schema: {
        tags,
        summary: 'An uploaded image: its processing status, focal point, alt text and derivatives',
        params: UuidParamsSchema,
        response: { 200: ImageAnswerSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request) => ({ image: await images.get({ userId: requireUser(request).userId, imageId: request.params.id }) }),
  );

  app.patch(
    '/organizer/images/:id',
    {
      schema: {
        tags,
        summary: 'Set the focal point (0–1 from the left and the top) and the alt text per language',
        description: 'A new focal point re-renders the 16:9 card and the 1200×630 social crops; the original is untouched.',
        params: UuidParamsSchema,
        body: ImagePatchSchema,
        response: { 200: ImageAnswerSchema, ...ORGANIZER_REFUSALS },
      },
    },
    async (request) => ({
      image: await images.update({ userId: requireUser(request).userId, imageId: request.params.id, patch: request.body }),
    }),
  );
};

/** Derivatives never change under their address (the hash of their bytes): a year, immutable. */
const MEDIA_CACHE = 'public, max-age=31536000, immutable';
const MEDIA_FILE = /^([0-9a-f]{64})\.(avif|webp|jpg)$/;
const TYPE_BY_EXTENSION: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** GET /media/{hash}.{avif|webp|jpg} at the site root: public, no token, content-addressed. */
export async function mediaRoutes(app: FastifyInstance, { images }: { images: ImagesService }) {
  app.get<{ Params: { file: string } }>('/media/:file', { schema: { hide: true } }, async (request, reply) => {
    const [, hash, extension] = MEDIA_FILE.exec(request.params.file) ?? [];
    const file = hash && extension ? await images.mediaFile(hash) : undefined;
    // The extension must name the stored type: one address per representation.
    if (!hash || !file || file.contentType !== TYPE_BY_EXTENSION[extension!]) return reply.callNotFound();
    const etag = `"${hash}"`;
    reply.header('cache-control', MEDIA_CACHE).header('etag', etag).type(file.contentType);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(file.bytes);
  });
}
