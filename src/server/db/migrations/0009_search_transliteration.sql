-- Search: both scripts fold to one canonical form where Latin transliteration and Cyrillic disagreed
-- (DESIGN §5). Before, Latin y became j while и/ы became i (Mykola never met Микола), ц became c while
-- Latin ts stayed (kontsert never met концерт), щ became s while shch became sc, and Ukrainian г became g
-- while its transliteration writes h (Serhiy never met Сергій). kuda_normalize() stays the exact twin of
-- normalizeForSearch() in src/shared/search-normalize.ts, whose comment lists the steps; a test checks
-- they agree. Migration 0004 is left as it landed: this one replaces the function and re-indexes.

CREATE OR REPLACE FUNCTION kuda_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
SELECT btrim(regexp_replace(
  regexp_replace(regexp_replace(regexp_replace(
    replace(replace(replace(replace(replace(
      regexp_replace(
        translate(
          kuda_unaccent(
            translate(
              replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
              replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
                input,
                'Ђ', 'dj'), 'ђ', 'dj'), 'Đ', 'dj'), 'đ', 'dj'), 'Љ', 'lj'), 'љ', 'lj'), 'Њ', 'nj'), 'њ', 'nj'),
                'Џ', 'dz'), 'џ', 'dz'), 'Є', 'je'), 'є', 'je'), 'Ї', 'ji'), 'ї', 'ji'), 'Ю', 'ju'), 'ю', 'ju'),
                'Я', 'ja'), 'я', 'ja'), 'Щ', 'sc'), 'щ', 'sc'), 'ß', 'ss'), 'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'),
              'АБВГҐДЕЁЖЗИІЙЈКЛМНОПРСТЋУФХЦЧШЫЭабвгґдеёжзиійјклмнопрстћуфхцчшыэØøŁłЬЪьъ''’ʼ`',
              'abvggdeezziijjklmnoprstcufhccsieabvggdeezziijjklmnoprstcufhccsieooll')),
          'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
        '(^|[^a-z])tch', '\1c', 'g'),
      'zh', 'z'), 'sh', 's'), 'ch', 'c'), 'kh', 'h'), 'h', 'g'),
    'ts([a-z])', 'c\1', 'g'),
  '[yj]', 'i', 'g'),
  'i+', 'i', 'g'),
  '[^a-z0-9]+', ' ', 'g'))
$$;

-- Re-index with the new form. The typo dictionary is rebuilt from scratch: its old words would widen
-- queries to spellings no index holds any more.
DELETE FROM search_words;
UPDATE events SET search_vector = ''::tsvector;
-- A stored generated column is recomputed when a column it reads is written.
UPDATE venues SET name = name;
