/**
 * The planner's price of a random page read, for every session Kuda opens (PostgreSQL's default is 4,
 * priced for spinning disks). Kuda's working set is a few hundred MB and stays cached, where a random read
 * costs about what a sequential one does: at 4 the planner counts a broad search word's matches with a
 * sequential scan of every event (160 ms at 100,000 events) instead of the search index's bitmap (37 ms).
 * A session setting, so it holds on any server without touching its configuration (docs/operations.md).
 */
export const RANDOM_PAGE_COST = 1.1;
