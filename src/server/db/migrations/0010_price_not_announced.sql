-- An event without a top price (price_max IS NULL) has a price not announced yet; it is not free.
-- The free filter is now `price_max = 0` (catalog-repository.ts), so its partial index says the same:
-- the old one, on coalesce(price_max, 0) = 0, would no longer match the filter and would list
-- unannounced events as free.
DROP INDEX IF EXISTS events_free_starts_idx;
CREATE INDEX events_free_starts_idx ON events (starts_at, id) WHERE published AND price_max = 0;
