/**
 * The icons a category may name (Material icon names, snake_case). One list for the admin's picker, the
 * API's validation and the web's bundle (category-icon.tsx maps each to its import): an icon the web does
 * not bundle can never be saved. `event` is the database default and the fallback.
 */
export const CATEGORY_ICONS = [
  'event',
  'music_note',
  'nightlife',
  'theater_comedy',
  'sports_soccer',
  'child_care',
  'palette',
  'festival',
  'mic',
  'movie',
  'construction',
] as const;

export type CategoryIconName = (typeof CATEGORY_ICONS)[number];
