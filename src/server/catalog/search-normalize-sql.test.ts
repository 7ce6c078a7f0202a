import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { normalizeForSearch } from '../../shared/search-normalize';
import type { Db } from '../db/client';
import { describeEachDatabase } from '../../../tests/support/test-db';
import { eventSearchTexts } from './search-text';
import { FIXTURE_CATEGORIES, FIXTURE_EVENTS, FIXTURE_TAGS, FIXTURE_VENUES, insertCatalogFixtures } from './testing/catalog-fixtures';

/** Letters Kuda's texts are written in, plus the troublemakers: marks, ligatures, apostrophes, punctuation. */
const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'čćđšžČĆĐŠŽ',
  ...'абвгдђежзијклљмнњопрстћуфхцчџшАБВГДЂЕЖЗИЈКЛЉМНЊОПРСТЋУФХЦЧЏШ',
  ...'ёйъыьэюяЁЙЪЫЬЭЮЯ',
  ...'ґєіїҐЄІЇ',
  ...'áàâäãåçéèêëíìîïñóòôöõúùûüýÿÁÀÂÄÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝ',
  ...'ßæœøłÆŒØŁąęěňřťůőűśźżĄĘĚŇŘŤŮŐŰŚŹŻ',
  ...' \'’ʼ`-–—.,;:!?«»"()&/+#@',
  ...'щЩ',
  // The folds of step 5, so random text meets them often.
  'tch', 'Tch', 'ts', 'shch', 'kh', 'zh', 'ii', 'y', 'j', 'h',
];

async function sqlNormalize(db: Db, text: string): Promise<string> {
  const result = (await db.execute(sql`SELECT kuda_normalize(${text}) AS n`)) as unknown as { rows: { n: string }[] };
  return result.rows[0]!.n;
}

describeEachDatabase('kuda_normalize() in SQL agrees with normalizeForSearch()', (database) => {
  it('on the examples of the issue and the scripts Kuda serves', async () => {
    const examples = [
      ...['Beograd', 'Београд', 'koncert', 'концерт', 'Koncert', 'džez', 'dzez', 'ĐORĐE', 'Мюзикл «Чикаго»', 'Київ', 'Straße', 'Трибʼют', 'Hip-hop & R&B'],
      // Where transliteration and Cyrillic used to part (migration 0009).
      ...['Mykola', 'Микола', 'Kyiv', 'Krym', 'Крым', 'Dmytro', 'Дмитро', 'Vysotsky', 'Высоцкий', 'Chaikovskii', 'Чайковский', 'Tchaikovsky'],
      ...['Serhiy', 'Сергій', 'kontsert', 'Chaika', 'Чайка', 'vystavka', 'выставка', 'Щелкунчик', 'shchelkunchik', 'concerts', 'tch Tch.tch atch', 'tsts ts'],
    ];
    for (const text of examples) expect(await sqlNormalize(database().db, text), text).toBe(normalizeForSearch(text));
  });

  it('on random text', async () => {
    const texts = fc.sample(fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 24 }), { numRuns: 300, seed: 20_260_101 });
    for (const text of texts) expect(await sqlNormalize(database().db, text), JSON.stringify(text)).toBe(normalizeForSearch(text));
  });
});

/** Lexemes with their weights, ignoring positions: what matching and ranking use. */
const LEXEMES = (vector: ReturnType<typeof sql>) =>
  sql`SELECT coalesce(string_agg(lexeme || ':' || array_to_string(weights, ''), ' ' ORDER BY lexeme), '') AS l FROM unnest(${vector})`;

describeEachDatabase('the events_search_row trigger and eventSearchTexts() index the same words', (database) => {
  it('for every fixture event, tags included', async () => {
    const db = database().db;
    const ids = await insertCatalogFixtures(db);
    const cityNames: Record<string, Record<string, string>> = {
      beograd: { sr: 'Beograd', en: 'Belgrade', uk: 'Белград', ru: 'Белград' },
      'novi-sad': { sr: 'Novi Sad', en: 'Novi Sad', uk: 'Нові Сад', ru: 'Нови-Сад' },
    };
    for (const event of FIXTURE_EVENTS) {
      const category = FIXTURE_CATEGORIES.find((c) => c.slug === event.category)!;
      const venue = FIXTURE_VENUES.find((v) => v.slug === event.venue);
      const texts = eventSearchTexts({
        title: event.title,
        performers: event.performers ?? [],
        venue: venue ? { name: venue.name, locality: venue.locality, cityName: cityNames[venue.city]! } : null,
        categoryName: category.name,
        subcategoryName: category.subs.find((sub) => sub.slug === event.subcategory)?.name ?? null,
        tagNames: FIXTURE_TAGS.filter((tag) => event.tags?.includes(tag.slug)).map((tag) => tag.name),
      });
      const stored = (await db.execute(
        LEXEMES(sql`(SELECT search_vector FROM events WHERE id = ${ids.events.get(event.slug)})`),
      )) as unknown as { rows: { l: string }[] };
      const computed = (await db.execute(
        LEXEMES(sql`setweight(to_tsvector('simple', ${texts.a}), 'A') || setweight(to_tsvector('simple', ${texts.b}), 'B')`),
      )) as unknown as { rows: { l: string }[] };
      expect(stored.rows[0]!.l, event.slug).toBe(computed.rows[0]!.l);
      expect(stored.rows[0]!.l.length, event.slug).toBeGreaterThan(10);
    }
  });
});
