-- A change marker for what the in-memory search index holds (catalog/search-index.ts, issue #13). The
-- index was read again every 30 s whatever happened, so that another instance's writes would show: at
-- 100,000 events a read costs about a second of the server's CPU and as much of the database's, every
-- 30 s, while the catalogue rarely changes. Now the index asks this sequence first and reads again only
-- when it moved. Every statement that writes what the index reads bumps it (statement-level triggers: one
-- bump per statement, not per row; a sequence takes no lock, so concurrent writers never wait on it).
-- A bump is visible before its transaction commits: the index allows for that (search-index.ts).
CREATE SEQUENCE catalog_changes;

CREATE FUNCTION kuda_catalog_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalog_changes');
  RETURN NULL;
END
$$;

CREATE TRIGGER events_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_catalog_changed();
CREATE TRIGGER event_tags_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON event_tags
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_catalog_changed();
CREATE TRIGGER venues_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venues
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_catalog_changed();
CREATE TRIGGER cities_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_catalog_changed();
CREATE TRIGGER search_words_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_words
  FOR EACH STATEMENT EXECUTE FUNCTION kuda_catalog_changed();
