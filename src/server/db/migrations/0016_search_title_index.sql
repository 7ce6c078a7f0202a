-- Search at city scale (issue #13): the title tiers of a search (every word in a title or performer,
-- weight A) get an index and statistics of their own. The planner cannot tell a weighted match
-- ('zivot:*A') from any match: on events_search_idx it took the share of all events holding the word
-- anywhere, so for a word found only in venue, category or tag names it expected thousands of title
-- matches, walked events_starts_idx for the first page and read all 100,000 events to find none (0.2 s
-- per query on PostgreSQL). Indexing the title part alone (ts_filter keeps the weight-A positions) gives
-- the planner that part's own word frequencies (an expression index carries statistics; a partial one
-- would not be used for them, hence no WHERE published) and a GIN path for rare title words.
-- catalog-repository-search.ts writes the title conditions with exactly this expression.
CREATE INDEX events_title_search_idx ON events USING gin (ts_filter(search_vector, '{a}'));
-- Statistics for the new expression now (PGlite has no autovacuum to gather them later).
ANALYZE events;
