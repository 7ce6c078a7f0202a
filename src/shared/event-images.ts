/**
 * The demo artwork in public/images/events comes as a 1200×630 JPEG (what links, Open Graph and old
 * clients get) plus WebP copies at a few widths, made by scripts/generate-images.ts. A card 300 px wide
 * then loads a ~10 KB WebP instead of the ~55 KB full-size JPEG.
 */
export const EVENT_IMAGE_WIDTHS = [400, 600, 800, 1200] as const;

const LOCAL_ARTWORK = /^\/images\/events\/([a-z0-9-]+)\.jpg$/;

/** File name of one WebP width of a local artwork file: `koncerti-1.jpg`, 400 → `koncerti-1-400.webp`. */
export function eventImageVariantFile(file: string, width: number): string {
  return `${file.replace(/\.jpg$/, '')}-${width}.webp`;
}

/** `srcset` for an image URL when it is local artwork with WebP widths; undefined for any other image. */
export function eventImageSrcSet(url: string): string | undefined {
  const match = LOCAL_ARTWORK.exec(url);
  if (!match) return undefined;
  return EVENT_IMAGE_WIDTHS.map((width) => `/images/events/${eventImageVariantFile(`${match[1]}.jpg`, width)} ${width}w`).join(', ');
}
