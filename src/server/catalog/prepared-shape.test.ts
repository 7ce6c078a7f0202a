import { and } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { Binder, type EventFilter, filterConditions, filterShape } from './catalog-repository-columns';

/**
 * Prepared queries are kept per shape (preparedQuery): two filters of one shape must build the same SQL
 * text, or the second would run the first one's query with its own values. Builds every combination of
 * the filter's parts, twice with different values, and checks that equal shapes give equal text and
 * different texts give different shapes.
 */
const dialect = new PgDialect();
const from = new Date('2026-11-27T10:00:00Z');

function variants(seed: number): EventFilter[] {
  const parts: ((filter: EventFilter) => EventFilter)[] = [
    (f) => ({ ...f, to: new Date(from.getTime() + (seed + 1) * 86_400_000) }),
    (f) => ({ ...f, categoryId: seed + 1 }),
    (f) => ({ ...f, subcategoryId: seed + 2 }),
    (f) => ({ ...f, venueIds: seed ? [1, 2] : [3] }),
    (f) => ({ ...f, organizerId: seed + 3 }),
    (f) => ({ ...f, tagIds: [seed + 4] }),
    (f) => ({ ...f, reservable: seed === 0 }),
    (f) => ({ ...f, free: seed === 0 }),
    (f) => ({ ...f, tsquery: seed ? 'a:*' : 'b:* & c:*' }),
    (f) => ({ ...f, cancelled: seed === 0 }),
  ];
  const filters: EventFilter[] = [];
  for (let mask = 0; mask < 1 << parts.length; mask += 1) {
    let filter: EventFilter = { from: new Date(from.getTime() + seed * 1000) };
    parts.forEach((part, bit) => {
      if (mask & (1 << bit)) filter = part(filter);
    });
    filters.push(filter);
  }
  return filters;
}

const text = (filter: EventFilter) => dialect.sqlToQuery(and(...filterConditions(filter, undefined, new Binder().bind))!).sql;

describe('prepared query shapes', () => {
  it('gives one shape exactly the filters that build one SQL text', () => {
    const byShape = new Map<string, string>();
    const byText = new Map<string, string>();
    for (const filter of [...variants(0), ...variants(1)]) {
      const shape = filterShape(filter);
      const sqlText = text(filter);
      expect(byShape.get(shape) ?? sqlText, shape).toBe(sqlText);
      byShape.set(shape, sqlText);
      expect(byText.get(sqlText) ?? shape, sqlText).toBe(shape);
      byText.set(sqlText, shape);
    }
    expect(byShape.size).toBeGreaterThan(1000);
  });
});
