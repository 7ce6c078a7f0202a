-- Discovery: cross-script search, and the indexes listing and search need at 100,000 events.
--
-- Search (DESIGN §5): every text is normalised by kuda_normalize(), the SQL twin of normalizeForSearch()
-- in src/shared/search-normalize.ts (same steps, same order; a test checks they agree). Events carry a
-- weighted tsvector of normalised words kept up to date by triggers, so every insert path (seed, back
-- office, bench) is indexed without calling anything. Typo tolerance comes from search_words, the
-- dictionary of indexed words with a trigram index: a query word is widened to its nearest dictionary
-- words ("konsert" → "koncert", "koncerti") before the full-text match.

CREATE OR REPLACE FUNCTION kuda_unaccent(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, input) $$;

CREATE OR REPLACE FUNCTION kuda_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
SELECT btrim(regexp_replace(
  replace(replace(replace(replace(
    translate(
      translate(
        kuda_unaccent(
          translate(
            replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
            replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
              input,
              'Ђ', 'dj'), 'ђ', 'dj'), 'Đ', 'dj'), 'đ', 'dj'), 'Љ', 'lj'), 'љ', 'lj'), 'Њ', 'nj'), 'њ', 'nj'),
              'Џ', 'dz'), 'џ', 'dz'), 'Є', 'je'), 'є', 'je'), 'Ї', 'ji'), 'ї', 'ji'), 'Ю', 'ju'), 'ю', 'ju'),
              'Я', 'ja'), 'я', 'ja'), 'ß', 'ss'), 'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'),
            'АБВГҐДЕЁЖЗИІЙЈКЛМНОПРСТЋУФХЦЧШЩЫЭабвгґдеёжзиійјклмнопрстћуфхцчшщыэØøŁłЬЪьъ''’ʼ`',
            'abvggdeezziijjklmnoprstcufhccssieabvggdeezziijjklmnoprstcufhccssieooll')),
        'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
      'y', 'j'),
    'zh', 'z'), 'sh', 's'), 'ch', 'c'), 'kh', 'h'),
  '[^a-z0-9]+', ' ', 'g'))
$$;

-- The four languages of a localised jsonb text ({"sr": "...", "en": "..."}), joined by spaces. A plain
-- expression, so the planner inlines it.
CREATE OR REPLACE FUNCTION kuda_localized_words(value jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT concat_ws(' ', value ->> 'sr', value ->> 'en', value ->> 'uk', value ->> 'ru') $$;

-- Events: A = titles in every language and performers; B = venue, place, category, subcategory, tags.
ALTER TABLE events ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector;

-- PL/pgSQL keeps the plans of these lookups for the session, so a bulk insert pays for planning once.
CREATE OR REPLACE FUNCTION kuda_events_search_row() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  performer_names text;
  venue_words text;
  category_words text;
  subcategory_words text;
  tag_words text;
BEGIN
  IF jsonb_typeof(NEW.performers) = 'array' THEN
    SELECT string_agg(p ->> 'name', ' ') INTO performer_names FROM jsonb_array_elements(NEW.performers) AS p;
  END IF;
  IF NEW.venue_id IS NOT NULL THEN
    SELECT concat_ws(' ', v.name, v.locality, kuda_localized_words(ci.name)) INTO venue_words
      FROM venues v JOIN cities ci ON ci.id = v.city_id WHERE v.id = NEW.venue_id;
  END IF;
  SELECT kuda_localized_words(c.name) INTO category_words FROM categories c WHERE c.id = NEW.category_id;
  IF NEW.subcategory_id IS NOT NULL THEN
    SELECT kuda_localized_words(s.name) INTO subcategory_words FROM subcategories s WHERE s.id = NEW.subcategory_id;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT string_agg(kuda_localized_words(t.name), ' ' ORDER BY t.position, t.id) INTO tag_words
      FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE et.event_id = NEW.id;
  END IF;
  NEW.search_vector :=
    setweight(to_tsvector('simple', kuda_normalize(concat_ws(' ', kuda_localized_words(NEW.title), performer_names))), 'A')
    || setweight(to_tsvector('simple', kuda_normalize(concat_ws(' ', venue_words, category_words, subcategory_words, tag_words))), 'B');
  RETURN NEW;
END
$$;

CREATE TRIGGER events_search_row
  BEFORE INSERT OR UPDATE OF title, performers, category_id, subcategory_id, venue_id, search_vector ON events
  FOR EACH ROW EXECUTE FUNCTION kuda_events_search_row();

-- Tags are linked after the event row exists: re-index the touched events once per statement.
CREATE OR REPLACE FUNCTION kuda_event_tags_reindex() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE events SET search_vector = ''::tsvector WHERE id IN (SELECT DISTINCT event_id FROM changed_rows);
  RETURN NULL;
END
$$;

CREATE TRIGGER event_tags_reindex_insert
  AFTER INSERT ON event_tags REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_event_tags_reindex();
CREATE TRIGGER event_tags_reindex_delete
  AFTER DELETE ON event_tags REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_event_tags_reindex();

-- A renamed venue, city, category, subcategory or tag re-indexes the events that show its name.
CREATE OR REPLACE FUNCTION kuda_names_reindex() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_TABLE_NAME = 'venues' THEN
    UPDATE events SET search_vector = ''::tsvector WHERE venue_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'cities' THEN
    UPDATE events SET search_vector = ''::tsvector
      WHERE venue_id IN (SELECT id FROM venues WHERE city_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'categories' THEN
    UPDATE events SET search_vector = ''::tsvector WHERE category_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'subcategories' THEN
    UPDATE events SET search_vector = ''::tsvector WHERE subcategory_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'tags' THEN
    UPDATE events SET search_vector = ''::tsvector WHERE id IN (SELECT event_id FROM event_tags WHERE tag_id = NEW.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER venues_names_reindex AFTER UPDATE OF name, locality, city_id ON venues
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.locality IS DISTINCT FROM NEW.locality
    OR OLD.city_id IS DISTINCT FROM NEW.city_id)
  EXECUTE FUNCTION kuda_names_reindex();
CREATE TRIGGER cities_names_reindex AFTER UPDATE OF name ON cities
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION kuda_names_reindex();
CREATE TRIGGER categories_names_reindex AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION kuda_names_reindex();
CREATE TRIGGER subcategories_names_reindex AFTER UPDATE OF name ON subcategories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION kuda_names_reindex();
CREATE TRIGGER tags_names_reindex AFTER UPDATE OF name ON tags
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION kuda_names_reindex();

CREATE INDEX events_search_idx ON events USING gin (search_vector) WHERE published;

-- Venues: normalised name, street and place, searched directly (they are few).
ALTER TABLE venues ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (to_tsvector('simple', kuda_normalize(name || ' ' || locality || ' ' || street_address))) STORED;
CREATE INDEX venues_search_idx ON venues USING gin (search_vector);

-- The dictionary of indexed words, for typo tolerance. Words are only added: a stale word costs nothing
-- but a widened query that matches no event.
CREATE TABLE search_words (word text PRIMARY KEY);
CREATE INDEX search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops);

CREATE OR REPLACE FUNCTION kuda_search_words_collect() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT w FROM (SELECT DISTINCT unnest(tsvector_to_array(search_vector)) AS w FROM changed_rows) AS found
  WHERE length(w) BETWEEN 3 AND 40 AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = found.w)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER events_search_words_insert
  AFTER INSERT ON events REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_search_words_collect();
CREATE TRIGGER events_search_words_update
  AFTER UPDATE ON events REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_search_words_collect();
CREATE TRIGGER venues_search_words_insert
  AFTER INSERT ON venues REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_search_words_collect();
CREATE TRIGGER venues_search_words_update
  AFTER UPDATE ON venues REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_search_words_collect();

-- Listing filters that keep to the (starts_at, id) keyset order.
CREATE INDEX events_subcategory_starts_idx ON events (subcategory_id, starts_at, id) WHERE published;
CREATE INDEX events_reservable_starts_idx ON events (starts_at, id) WHERE published AND reservable;
CREATE INDEX events_free_starts_idx ON events (starts_at, id) WHERE published AND coalesce(price_max, 0) = 0;
CREATE INDEX events_venue_starts_idx ON events (venue_id, starts_at, id) WHERE published;
CREATE INDEX venues_city_idx ON venues (city_id);
CREATE INDEX venues_geo_idx ON venues (lat, lng);

-- Rows that existed before this migration.
UPDATE events SET search_vector = ''::tsvector;
