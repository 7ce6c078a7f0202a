import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allEventImageFiles } from '../server/db/seed/data/images';
import { EVENT_IMAGE_WIDTHS, eventImageSrcSet, eventImageVariantFile } from './event-images';

describe('event image variants', () => {
  it('lists every WebP width of local artwork', () => {
    expect(eventImageSrcSet('/images/events/koncerti-1.jpg')).toBe(
      '/images/events/koncerti-1-400.webp 400w, /images/events/koncerti-1-600.webp 600w, /images/events/koncerti-1-800.webp 800w, /images/events/koncerti-1-1200.webp 1200w',
    );
  });

  it('leaves other images alone', () => {
    expect(eventImageSrcSet('https://cdn.example/koncerti-1.jpg')).toBeUndefined();
    expect(eventImageSrcSet('/images/events/../secret.jpg')).toBeUndefined();
    expect(eventImageSrcSet('/images/events/koncerti-1.png')).toBeUndefined();
  });

  it('has every variant of every demo artwork file in public/', () => {
    const dir = join(import.meta.dirname, '..', '..', 'public', 'images', 'events');
    const missing = allEventImageFiles().flatMap((file) =>
      EVENT_IMAGE_WIDTHS.map((width) => eventImageVariantFile(file, width)).filter((variant) => !existsSync(join(dir, variant))),
    );
    expect(missing).toEqual([]);
  });
});
