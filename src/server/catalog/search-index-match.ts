/**
 * A match over a snapshot (search-index-snapshot.ts): the events under a filter that hold a search's
 * words, with their relevance tiers and each series' standing date, in the orders the SQL reads give
 * (catalog-repository-search.ts searchEvents, catalog-repository.ts listEvents and listEventsLiveFirst).
 */
import type * as repo from './catalog-repository';
import { CANCELLED, FREE, type Matches, NONE, RESERVABLE, type Snapshot, wordsMatch } from './search-index-snapshot';
import type { QueryPlan } from './search-plan';

/** A page's position: after this (tier,) start and id. */
export interface IndexAfter {
  rank?: number;
  at: Date;
  id: number;
}

/** Whether the filter lets the event at `position` through (the SQL filterConditions, on what the index holds). */
function passes(snapshot: Snapshot, position: number, filter: repo.EventFilter, venues: Set<number> | null, tags: Set<number> | null): boolean {
  if (filter.categoryId !== undefined && snapshot.columns.category[position] !== filter.categoryId) return false;
  if (filter.subcategoryId !== undefined && snapshot.columns.subcategory[position] !== filter.subcategoryId) return false;
  if (venues && !venues.has(snapshot.columns.venue[position]!)) return false;
  if (filter.organizerId !== undefined && snapshot.columns.organizer[position] !== filter.organizerId) return false;
  const flags = snapshot.columns.flags[position]!;
  if (filter.reservable !== undefined && ((flags & RESERVABLE) !== 0) !== filter.reservable) return false;
  if (filter.free !== undefined && ((flags & FREE) !== 0) !== filter.free) return false;
  if (filter.cancelled !== undefined && ((flags & CANCELLED) !== 0) !== filter.cancelled) return false;
  if (tags) {
    const { tagOffsets, tagIds } = snapshot.columns;
    let tagged = false;
    for (let t = tagOffsets[position]!; t < tagOffsets[position + 1]! && !tagged; t += 1) tagged = tags.has(tagIds[t]!);
    if (!tagged) return false;
  }
  return true;
}

/**
 * The matches of the plan's words under the filter. A series stands once: in relevance order at its best
 * tier's earliest date (bestOfSeries in SQL), in date order at its earliest (firstOfSeries).
 */
export function matched(snapshot: Snapshot, plan: QueryPlan | null, filter: repo.EventFilter): Matches {
  const scratch = snapshot.scratch;
  const [expanded, strict, expandedTitle, strictTitle, exact, near] = scratch.bitsets as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  if (plan) {
    wordsMatch(plan, snapshot.columns.all, { strict, widened: expanded, exact, near });
    wordsMatch(plan, snapshot.columns.title, { strict: strictTitle, widened: expandedTitle, exact, near });
  } else {
    // Without words (a listing) every event matches, at tier 0.
    expanded.fill(0xffffffff);
    strictTitle.fill(0xffffffff);
  }

  const start = snapshot.firstFrom(filter.from.getTime());
  const end = filter.to ? snapshot.firstFrom(filter.to.getTime()) : snapshot.columns.size;
  const venues = filter.venueIds ? new Set(filter.venueIds.map(Number)) : null;
  const tags = filter.tagIds ? new Set(filter.tagIds.map(Number)) : null;
  const narrowed = Object.entries(filter).some(([name, value]) => value !== undefined && name !== 'from' && name !== 'to' && name !== 'tsquery');
  const { positions, tiers, first, best, bestTier, seen } = scratch;
  if (scratch.stamp === 0x7fffffff) {
    seen.fill(0);
    scratch.stamp = 0;
  }
  const stamp = (scratch.stamp += 1);
  const tierCounts = [0, 0, 0, 0];
  let count = 0;
  let total = 0;
  // The set bits of `expanded` from `start` to `end`, in position order, 32 at a time.
  for (let w = start >>> 5; w < expanded.length && w << 5 < end; w += 1) {
    let bits = expanded[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      bits ^= low;
      const position = (w << 5) | (31 - Math.clz32(low));
      if (position < start || position >= end || (narrowed && !passes(snapshot, position, filter, venues, tags))) continue;
      const word = position >>> 5;
      const mask = 1 << (position & 31);
      const tier = (strictTitle[word]! & mask) !== 0 ? 0 : (strict[word]! & mask) !== 0 ? 1 : (expandedTitle[word]! & mask) !== 0 ? 2 : 3;
      const series = snapshot.columns.series[position]!;
      if (series === NONE) total += 1;
      else if (seen[series] !== stamp) {
        seen[series] = stamp;
        total += 1;
        first[series] = best[series] = position;
        bestTier[series] = tier;
      } else if (tier < bestTier[series]!) {
        best[series] = position;
        bestTier[series] = tier;
      }
      positions[count] = position;
      tiers[count] = tier;
      count += 1;
    }
  }
  // The standing positions: each tier's in date order for relevance (one pass, each tier placed after
  // the ones before it), and all in date order for soonest.
  for (let m = 0; m < count; m += 1) {
    const series = snapshot.columns.series[positions[m]!]!;
    if (series === NONE || best[series] === positions[m]) tierCounts[tiers[m]!]! += 1;
  }
  const next = [0, tierCounts[0]!, tierCounts[0]! + tierCounts[1]!, tierCounts[0]! + tierCounts[1]! + tierCounts[2]!];
  const soonest = new Int32Array(total);
  const relevance = new Int32Array(total);
  const relevanceTiers = new Uint8Array(total);
  let s = 0;
  for (let m = 0; m < count; m += 1) {
    const position = positions[m]!;
    const series = snapshot.columns.series[position]!;
    if (series === NONE || first[series] === position) soonest[s++] = position;
    if (series === NONE || best[series] === position) {
      const tier = tiers[m]!;
      const r = next[tier]!++;
      relevance[r] = position;
      relevanceTiers[r] = tier;
    }
  }
  return { total, relevance, tiers: relevanceTiers, soonest };
}

/** The first index of `order` whose (tier,) start and id come after `after`: its lists are in that order. */
export function firstAfter(snapshot: Snapshot, order: Int32Array, tiers: Uint8Array | null, after: IndexAfter): number {
  const rank = after.rank ?? 0;
  const at = after.at.getTime();
  const isAfter = (index: number) => {
    const position = order[index]!;
    const tier = tiers ? tiers[index]! : 0;
    if (tier !== rank) return tier > rank;
    const start = snapshot.columns.at[position]!;
    return start !== at ? start > at : snapshot.columns.ids[position]! > after.id;
  };
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (isAfter(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}
