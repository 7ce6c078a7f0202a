import type { LocalizedText } from '../../shared/locales';
import { normalizeForSearch } from '../../shared/search-normalize';

/**
 * The two texts an event is indexed by, exactly as the events_search_row trigger (migration 0004) builds
 * them: A = titles (sr, en, uk, ru) and performers; B = venue, place, city, category, subcategory and
 * tags. The trigger indexes every write; this twin lets a bulk loader (the bench) write the vector itself
 * with triggers off. search-normalize-sql.test.ts checks both give the same words and weights.
 */

export interface EventSearchSource {
  title: LocalizedText;
  performers: readonly { name: string }[];
  venue?: { name: string; locality: string; cityName: LocalizedText } | null;
  categoryName: LocalizedText;
  subcategoryName?: LocalizedText | null;
  /** In tag position order. */
  tagNames?: readonly LocalizedText[];
}

function localizedWords(text: LocalizedText | null | undefined): string {
  return [text?.sr, text?.en, text?.uk, text?.ru].filter((part): part is string => Boolean(part)).join(' ');
}

export function eventSearchTexts(source: EventSearchSource): { a: string; b: string } {
  const a = [localizedWords(source.title), ...source.performers.map((performer) => performer.name)].join(' ');
  const b = [
    source.venue ? [source.venue.name, source.venue.locality, localizedWords(source.venue.cityName)].join(' ') : '',
    localizedWords(source.categoryName),
    localizedWords(source.subcategoryName),
    ...(source.tagNames ?? []).map(localizedWords),
  ].join(' ');
  return { a: normalizeForSearch(a), b: normalizeForSearch(b) };
}
