-- Search indexes take each write at once (issue #13). A GIN index's "fast update" (PostgreSQL's default)
-- appends new entries to a pending list that every search reads through from start to end, until a vacuum
-- merges it into the index. PGlite has no autovacuum: the demo data left 58 pending pages in
-- events_search_idx and 25 in events_title_search_idx for good, and each search's index scan read them
-- all (6.8 ms of a 7 ms statement). A first search on the embedded demo data took 11 ms; with the lists
-- merged, 7.8 ms (docs/performance.md). Writes to these indexes are a catalogue's writes (an organizer
-- saving an event, a venue edited), not a hot path, so each pays its own index update instead.
ALTER INDEX events_search_idx SET (fastupdate = off);
ALTER INDEX events_title_search_idx SET (fastupdate = off);
ALTER INDEX venues_search_idx SET (fastupdate = off);
-- Turning fast update off keeps what is already pending: merge it now (an existing data folder or database).
SELECT gin_clean_pending_list('events_search_idx'::regclass);
SELECT gin_clean_pending_list('events_title_search_idx'::regclass);
SELECT gin_clean_pending_list('venues_search_idx'::regclass);
