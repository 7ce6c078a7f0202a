import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MIN_HEIGHT, IMAGE_MIN_WIDTH, IMAGE_WIDTHS } from '../../shared/schemas/organizer-workspace';
import type { ImageVariant } from '../db/schema';
import { AppError } from '../lib/errors';
import { loadSharp } from './load-sharp';

/**
 * Pure image work (DESIGN §14), no database: read the bytes (never the name or the declared type), turn
 * and clean the original, and render every derivative the web serves.
 */

export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';
export type VariantFormat = ImageVariant['format'];
export type VariantCrop = ImageVariant['crop'];

/** A decompression bomb (a small PNG of 30 000 × 30 000) is refused before its pixels are decoded. */
export const IMAGE_MAX_PIXELS = 100_000_000;
const SOCIAL = { width: 1200, height: 630 } as const;
const CARD_ASPECT = 16 / 9;
const PLACEHOLDER_WIDTH = 16;

export const CONTENT_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
export const EXTENSIONS: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** AVIF at a low effort: the job stays a few seconds long even for a 1920 px photo. */
const ENCODE: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 3 }),
  webp: (image) => image.webp({ quality: 75, effort: 4 }),
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true }),
};

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);

/**
 * The ISO-BMFF `ftyp` box names its brands; HEIC is HEVC in that box, which sharp's libvips cannot decode,
 * so it goes to heic-decode. An AVIF (same box, brand `avif`) stays with sharp.
 */
export function isHeic(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const size = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(bytes.toString('latin1', offset, offset + 4));
  if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return false;
  return brands.some((brand) => HEIC_BRANDS.has(brand));
}

const notAnImage = () => new AppError('unsupported_media_type', 'image_type');

/** What sharp reads in the bytes, as one of the formats we accept; anything else (SVG, GIF, TIFF, text) is refused. */
async function sniff(bytes: Buffer): Promise<{ format: SourceFormat; width: number; height: number }> {
  if (isHeic(bytes)) return { format: 'heic', width: 0, height: 0 };
  const sharp = await loadSharp();
  // Only the header is read here, so no pixel limit: an oversized image is named by requireSize instead.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw notAnImage();
    });
  const format =
    metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : undefined) : (['jpeg', 'png', 'webp'] as const).find((f) => f === metadata.format);
  if (!format || !metadata.width || !metadata.height) throw notAnImage();
  // Orientations 5–8 turn the picture a quarter: what people see has width and height swapped.
  const turned = (metadata.orientation ?? 1) >= 5;
  return { format, width: turned ? metadata.height : metadata.width, height: turned ? metadata.width : metadata.height };
}

function requireSize(width: number, height: number) {
  if (width * height > IMAGE_MAX_PIXELS) {
    throw new AppError('too_large', 'image_too_many_pixels', { params: { width, height, max_megapixels: IMAGE_MAX_PIXELS / 1_000_000 } });
  }
  if (width < IMAGE_MIN_WIDTH || height < IMAGE_MIN_HEIGHT) {
    throw new AppError('unprocessable', 'image_too_small', {
      params: { width, height, min_width: IMAGE_MIN_WIDTH, min_height: IMAGE_MIN_HEIGHT },
    });
  }
}

export const imageTooLarge = () => new AppError('too_large', 'image_too_large', { params: { max_mb: IMAGE_MAX_BYTES / (1024 * 1024) } });

export function requireWithinByteLimit(byteLength: number) {
  if (byteLength > IMAGE_MAX_BYTES) throw imageTooLarge();
}

export interface PreparedOriginal {
  /** Turned upright, metadata (EXIF, GPS, XMP) gone; kept privately as the source of every derivative. */
  bytes: Buffer;
  contentType: string;
  sourceFormat: SourceFormat;
  width: number;
  height: number;
}

/**
 * Checks an upload and makes the private original: refuses what is not a JPEG, PNG, WebP, AVIF or HEIC,
 * what is over 15 MB and what is under 1200×630 (after turning), then turns it by its EXIF orientation
 * and drops every metadata block. Lossy sources are re-encoded at high quality; HEIC and AVIF become JPEG
 * (no HEVC encoder here, and AVIF at full size is slow to encode during a request).
 */
export async function prepareOriginal(bytes: Buffer): Promise<PreparedOriginal> {
  requireWithinByteLimit(bytes.length);
  const sniffed = await sniff(bytes);
  const sharp = await loadSharp();
  let image: Sharp;
  if (sniffed.format === 'heic') {
    // Loaded for the first HEIC only: its decoder (libheif compiled to JavaScript) is large to load.
    const { default: decodeHeic } = await import('heic-decode');
    const decoded = await decodeHeic({ buffer: bytes }).catch(() => {
      throw notAnImage();
    });
    requireSize(decoded.width, decoded.height);
    image = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
  } else {
    requireSize(sniffed.width, sniffed.height);
    image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS }).autoOrient();
  }
  // sharp writes no metadata unless asked (keepMetadata/withMetadata), so GPS and the camera's EXIF go here.
  const encoded =
    sniffed.format === 'png'
      ? { output: image.png({ compressionLevel: 6 }), contentType: 'image/png' }
      : sniffed.format === 'webp'
        ? { output: image.webp({ quality: 92 }), contentType: 'image/webp' }
        : { output: image.flatten({ background: '#ffffff' }).jpeg({ quality: 92 }), contentType: 'image/jpeg' };
  const { data, info } = await encoded.output.toBuffer({ resolveWithObject: true }).catch((error: unknown) => {
    throw error instanceof AppError ? error : notAnImage();
  });
  return { bytes: data, contentType: encoded.contentType, sourceFormat: sniffed.format, width: info.width, height: info.height };
}

export interface RenderedFile {
  hash: string;
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface RenderedImage {
  files: RenderedFile[];
  variants: ImageVariant[];
  dominantColor: string;
  placeholder: string;
}

export interface Focal {
  focalX: number;
  focalY: number;
}

/** The largest rectangle of this aspect inside the image, centred on the focal point as far as the edges allow. */
export function focalRegion(width: number, height: number, aspect: number, { focalX, focalY }: Focal) {
  let regionWidth = width;
  let regionHeight = Math.round(width / aspect);
  if (regionHeight > height) {
    regionHeight = height;
    regionWidth = Math.round(height * aspect);
  }
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);
  return {
    left: clamp(Math.round(focalX * width - regionWidth / 2), width - regionWidth),
    top: clamp(Math.round(focalY * height - regionHeight / 2), height - regionHeight),
    width: regionWidth,
    height: regionHeight,
  };
}

export const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Widths of the srcset no larger than the source: a derivative is never enlarged. */
export const widthsUpTo = (maxWidth: number) => IMAGE_WIDTHS.filter((width) => width <= maxWidth);

const toHex = (value: number) => Math.round(value).toString(16).padStart(2, '0');

/**
 * Renders derivatives of a prepared original: `scope: 'all'` makes AVIF + WebP + JPEG at every width up
 * to the original's, the 16:9 card crops, the 1200×630 social JPEG, the dominant colour and the
 * placeholder; `scope: 'crops'` only the crops (a new focal point). The original is decoded once.
 */
export async function renderDerivatives(original: Buffer, focal: Focal, scope: 'all' | 'crops' = 'all'): Promise<RenderedImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
  const source = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const files = new Map<string, RenderedFile>();
  const variants: ImageVariant[] = [];

  const render = async (crop: VariantCrop, formats: readonly VariantFormat[], shape: (image: Sharp) => Sharp) => {
    for (const format of formats) {
      const { data: bytes, info: out } = await ENCODE[format](shape(source())).toBuffer({ resolveWithObject: true });
      const hash = contentHash(bytes);
      files.set(hash, { hash, bytes, contentType: CONTENT_TYPES[format], width: out.width, height: out.height });
      variants.push({ hash, format, width: out.width, height: out.height, crop });
    }
  };
  const allFormats = ['avif', 'webp', 'jpeg'] as const;

  if (scope === 'all') {
    for (const width of widthsUpTo(info.width)) {
      await render('full', allFormats, (image) => image.resize({ width, withoutEnlargement: true }));
    }
  }
  const card = focalRegion(info.width, info.height, CARD_ASPECT, focal);
  for (const width of widthsUpTo(card.width)) {
    await render('card', allFormats, (image) => image.extract(card).resize(width, Math.round(width / CARD_ASPECT)));
  }
  const social = focalRegion(info.width, info.height, SOCIAL.width / SOCIAL.height, focal);
  if (social.width >= SOCIAL.width) {
    await render('social', ['jpeg'], (image) => image.extract(social).resize(SOCIAL.width, SOCIAL.height));
  }

  let dominantColor = '';
  let placeholder = '';
  if (scope === 'all') {
    const thumbnail = await source().resize({ width: 64 }).removeAlpha().png().toBuffer();
    const { dominant } = await sharp(thumbnail).stats();
    dominantColor = `#${toHex(dominant.r)}${toHex(dominant.g)}${toHex(dominant.b)}`;
    const tiny = await source().resize({ width: PLACEHOLDER_WIDTH }).webp({ quality: 40 }).toBuffer();
    placeholder = `data:image/webp;base64,${tiny.toString('base64')}`;
  }
  return { files: [...files.values()], variants, dominantColor, placeholder };
}

export interface ProcessedImage extends RenderedImage {
  original: PreparedOriginal;
}

/** Everything at once, for callers outside a request (the demo seed): check, clean, render. */
export async function processImageBuffer(bytes: Buffer, focal: Focal = { focalX: 0.5, focalY: 0.5 }): Promise<ProcessedImage> {
  const original = await prepareOriginal(bytes);
  return { original, ...(await renderDerivatives(original.bytes, focal, 'all')) };
}

/** The public address of a derivative: content-addressed, so it can be cached forever. */
export const mediaUrl = (variant: Pick<ImageVariant, 'hash' | 'format'>) => `/media/${variant.hash}.${EXTENSIONS[variant.format]}`;
