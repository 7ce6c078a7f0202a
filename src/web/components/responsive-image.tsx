import type { CSSProperties } from 'react';
import { preload } from 'react-dom';
import type { UploadedImage } from '../../shared/schemas/organizer-workspace';

/** What the component needs of an uploaded image (the API's `UploadedImage`, or the public event's image). */
export type ResponsiveImageData = Pick<UploadedImage, 'width' | 'height' | 'variants' | 'placeholder' | 'dominant_color'>;
type Variant = NonNullable<UploadedImage['variants']>[number];

export interface ResponsiveImageProps {
  image: ResponsiveImageData;
  /** In the page's language; empty for a decorative image. */
  alt: string;
  /** 'full' keeps the picture's own shape; 'card' is the 16:9 crop around the focal point. */
  crop?: 'full' | 'card';
  /** How wide the image is drawn, for the browser's choice from `srcset` (DESIGN §14). */
  sizes?: string;
  /** The page's largest contentful paint: fetched first and at once, never lazily. */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}

const byWidth = (a: Variant, b: Variant) => a.width - b.width;
const srcSetOf = (variants: Variant[]) => variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
/** The `src` for browsers without `srcset`: a middle size, enough for most layouts, never the largest. */
const FALLBACK_MAX_WIDTH = 1280;

function variantsOf(image: ResponsiveImageData, crop: 'full' | 'card'): Variant[] {
  const variants = image.variants ?? [];
  const chosen = variants.filter((variant) => variant.crop === crop);
  // A card shown before its crops exist falls back to the full picture rather than to nothing.
  return (chosen.length ? chosen : variants.filter((variant) => variant.crop === 'full')).sort(byWidth);
}

/**
 * An uploaded image as `<picture>`: AVIF, then WebP, then a JPEG `<img>`, each with every width in
 * `srcset`. Width and height are set, so the page does not move when it arrives; until then the dominant
 * colour and the tiny placeholder hold its place.
 */
export function ResponsiveImage({ image, alt, crop = 'full', sizes = '100vw', priority = false, className, style }: ResponsiveImageProps) {
  const variants = variantsOf(image, crop);
  const ofFormat = (format: Variant['format']) => variants.filter((variant) => variant.format === format);
  const jpeg = ofFormat('jpeg');
  const largest = variants.at(-1);
  const width = largest?.width ?? image.width;
  const height = largest?.height ?? image.height;
  const background: CSSProperties = {
    backgroundColor: image.dominant_color ?? undefined,
    backgroundImage: image.placeholder ? `url("${image.placeholder}")` : undefined,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  };

  if (!jpeg.length) {
    // Still processing: the colour and placeholder alone, at the picture's own shape.
    return (
      <span
        role="img"
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={className}
        style={{ display: 'block', aspectRatio: `${width} / ${height}`, ...background, ...style }}
      />
    );
  }
  const fallback = [...jpeg].reverse().find((variant) => variant.width <= FALLBACK_MAX_WIDTH) ?? jpeg[0]!;
  if (priority) {
    // The page's LCP (issue #13): announced in the head, so the browser fetches it before it has read the
    // rest of the HTML. React announces a lone <img> by itself, not one inside <picture>, whose source
    // depends on the format: the first one the picture offers, as the browser's choice would be.
    const first = (['avif', 'webp'] as const).map(ofFormat).find((sources) => sources.length) ?? jpeg;
    preload(first[0]!.url, { as: 'image', imageSrcSet: srcSetOf(first), imageSizes: sizes, fetchPriority: 'high', type: `image/${first[0]!.format}` });
  }
  return (
    <picture>
      {(['avif', 'webp'] as const).map((format) => {
        const sources = ofFormat(format);
        return sources.length ? <source key={format} type={`image/${format}`} srcSet={srcSetOf(sources)} sizes={sizes} /> : null;
      })}
      <img
        src={fallback.url}
        srcSet={srcSetOf(jpeg)}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={className}
        style={{ ...background, height: 'auto', maxWidth: '100%', ...style }}
      />
    </picture>
  );
}

/**
 * The 1200×630 crop for Open Graph and JSON-LD, absolute when given the site's origin; the largest JPEG
 * when the social crop is not there (an image smaller than the crop, or still processing).
 */
export function socialImageUrl(image: Pick<UploadedImage, 'variants'>, origin = ''): string | undefined {
  const variants = image.variants ?? [];
  const jpegs = variants.filter((variant) => variant.format === 'jpeg');
  const social = jpegs.find((variant) => variant.crop === 'social') ?? jpegs.filter((variant) => variant.crop === 'full').sort(byWidth).at(-1);
  return social ? `${origin.replace(/\/$/, '')}${social.url}` : undefined;
}
