/**
 * The taxonomy as search reads it (categories, subcategories, tags, cities, with their names' words), and
 * the categories a query names. The catalog service loads it once and hands it in.
 */
import { pickLocalized, type Locale, type LocalizedText } from '../../shared/locales';
import type { SearchResult } from '../../shared/schemas/catalog';
import { normalizeForSearch } from '../../shared/search-normalize';
import type { Db } from '../db/client';
import * as repo from './catalog-repository';
import type { QueryPlan } from './search-plan';

/**
 * How long the taxonomy (and the card names built from the same tables, card-names.ts) is kept in memory:
 * another instance's write shows here within this, a write on this instance at once (invalidate()).
 */
export const TAXONOMY_TTL_MS = 60_000;

/** Categories, subcategories, tags and cities, with every name's words for matching them. */
export interface Taxonomy {
  categories: Awaited<ReturnType<typeof repo.listCategories>>;
  subcategories: Awaited<ReturnType<typeof repo.listSubcategories>>;
  tags: Awaited<ReturnType<typeof repo.listTags>>;
  cities: Awaited<ReturnType<typeof repo.listCities>>;
  /** Slugs given up by renames and tag merges, for the 301s of old listing URLs. */
  slugHistory: Awaited<ReturnType<typeof repo.listSlugHistory>>;
  /** Normalised words of every name in every language, and the slug, per category / subcategory. */
  categoryWords: Map<number, string[]>;
  subcategoryWords: Map<number, string[]>;
}

function localizedWords(...texts: (LocalizedText | string | null | undefined)[]): string[] {
  const all = texts.flatMap((text) => (typeof text === 'string' ? [text] : Object.values(text ?? {})));
  return [...new Set(normalizeForSearch(all.join(' ')).split(' ').filter(Boolean))];
}

/** Reads the taxonomy and indexes its names' words. */
export async function loadTaxonomy(db: Db): Promise<Taxonomy> {
  const [categories, subcategories, tags, cities, slugHistory] = await Promise.all([
    repo.listCategories(db),
    repo.listSubcategories(db),
    repo.listTags(db),
    repo.listCities(db),
    repo.listSlugHistory(db),
  ]);
  return {
    categories,
    subcategories,
    tags,
    cities,
    slugHistory,
    categoryWords: new Map(categories.map((c) => [c.id, localizedWords(c.name, c.slug.replace(/-/g, ' '))])),
    subcategoryWords: new Map(subcategories.map((s) => [s.id, localizedWords(s.name, s.slug.replace(/-/g, ' '))])),
  };
}

/** Categories and subcategories whose names (any language) hold every query word, as a prefix or a near word. */
export function matchCategories(taxonomy: Taxonomy, plan: QueryPlan, locale: Locale): SearchResult['categories'] {
  const matches = (words: string[]) =>
    plan.tokens.every((token) => {
      const similar = plan.alternatives.get(token) ?? [];
      return words.some((word) => word.startsWith(token) || similar.some((near) => word.startsWith(near)));
    });
  const result: SearchResult['categories'] = [];
  for (const category of taxonomy.categories) {
    const base = {
      id: category.id,
      slug: category.slug,
      name: pickLocalized(category.name, locale),
      icon: category.icon,
    };
    if (matches(taxonomy.categoryWords.get(category.id) ?? [])) result.push({ ...base, subcategory: null });
  }
  for (const sub of taxonomy.subcategories) {
    const category = taxonomy.categories.find((c) => c.id === sub.categoryId);
    if (!category || !matches(taxonomy.subcategoryWords.get(sub.id) ?? [])) continue;
    result.push({
      id: category.id,
      slug: category.slug,
      name: pickLocalized(category.name, locale),
      icon: category.icon,
      subcategory: { id: sub.id, slug: sub.slug, name: pickLocalized(sub.name, locale) },
    });
  }
  return result;
}

