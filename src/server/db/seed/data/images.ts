import type { CategorySlug } from './types';

export const EVENT_IMAGE_WIDTH = 1200;
export const EVENT_IMAGE_HEIGHT = 630;
/** Public URL prefix; the files live in public/images/events. */
export const EVENT_IMAGE_BASE_URL = '/images/events';

/** How many artwork variants scripts/generate-images.ts renders per category. */
export const IMAGE_VARIANTS: Record<CategorySlug, number> = {
  koncerti: 3,
  klubovi: 3,
  pozoriste: 3,
  sport: 2,
  deca: 3,
  izlozbe: 3,
  festivali: 2,
  'stand-up': 2,
  film: 2,
  radionice: 2,
};

export function eventImageFile(category: CategorySlug, variant: number): string {
  return `${category}-${variant + 1}.jpg`;
}

/** Every artwork file name, in a stable order. */
export function allEventImageFiles(): string[] {
  return (Object.keys(IMAGE_VARIANTS) as CategorySlug[]).flatMap((category) =>
    Array.from({ length: IMAGE_VARIANTS[category] }, (_, variant) => eventImageFile(category, variant)),
  );
}
