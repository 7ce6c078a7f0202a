import type { LocalizedText } from '../../shared/locales';
import type { Db } from '../db/client';
import * as repo from './catalog-repository';
import { TAXONOMY_TTL_MS } from './search-taxonomy';

/**
 * The category and city names a card shows, read from memory instead of joined into every card's query.
 * Two joins fewer halve PostgreSQL's planning of a listing page (0.62 → 0.33 ms on 100,000 events, and
 * execution 0.18 → 0.11 ms; docs/performance.md), and the rows no longer carry the same names' JSON for
 * every card. Hidden categories are included: their events still list under them.
 *
 * Kept per database for as long as the taxonomy is (TAXONOMY_TTL_MS; CatalogService.invalidate() drops it at
 * once after a write on this instance). A row naming an id the names do not know yet (added on another
 * instance since) reloads them, so a new category or city never shows without its name.
 */
export interface CardNames {
  category(id: number): { slug: string; name: LocalizedText } | undefined;
  city(id: number): { slug: string; name: LocalizedText } | undefined;
}

const kept = new WeakMap<object, { loadedAt: number; value: Promise<CardNames> }>();

async function loadNames(db: Db): Promise<CardNames> {
  const [categoryRows, cityRows] = await Promise.all([repo.listCategoryNames(db), repo.listCities(db)]);
  const byCategory = new Map(categoryRows.map((row) => [row.id, row]));
  const byCity = new Map(cityRows.map((row) => [row.id, row]));
  return { category: (id) => byCategory.get(id), city: (id) => byCity.get(id) };
}

function reload(db: Db): Promise<CardNames> {
  const value = loadNames(db);
  kept.set(db, { loadedAt: Date.now(), value });
  value.catch(() => {
    if (kept.get(db)?.value === value) kept.delete(db);
  });
  return value;
}

/** The names for `rows` (their categoryId and venueCityId), every id among them known. */
export async function cardNames(db: Db, rows: readonly { categoryId: number; venueCityId: number | null }[]): Promise<CardNames> {
  const entry = kept.get(db);
  const read = entry && Date.now() - entry.loadedAt < TAXONOMY_TTL_MS ? entry.value : reload(db);
  const knowsAll = (names: CardNames) =>
    rows.every((row) => names.category(row.categoryId) && (row.venueCityId === null || names.city(row.venueCityId)));
  const names = await read;
  if (knowsAll(names)) return names;
  // Concurrent readers of the same new id share one reload (if it started late enough to know it).
  const latest = kept.get(db);
  if (latest && latest.value !== read) {
    const newer = await latest.value;
    if (knowsAll(newer)) return newer;
  }
  return reload(db);
}

/** After a catalogue write: the next card reads the names again. */
export function forgetCardNames(db: Db): void {
  kept.delete(db);
}
