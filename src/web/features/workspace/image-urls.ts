import type { UploadedImage } from '../../../shared/schemas/organizer-workspace';

/** The uncropped variant nearest 960 px wide (JPEG first: every browser shows it), for the editor's own views. */
export function imagePreviewUrl(image: UploadedImage): string | null {
  const full = (image.variants ?? []).filter((variant) => variant.crop === 'full');
  const rank = (format: string) => (format === 'jpeg' ? 0 : format === 'webp' ? 1 : 2);
  const best = [...full].sort((a, b) => rank(a.format) - rank(b.format) || Math.abs(a.width - 960) - Math.abs(b.width - 960))[0];
  return best?.url ?? null;
}
