import { decodeCursor, encodeCursor, type Cursor, type CursorKind } from '../../shared/schemas/common';
import { invalidField } from './errors';

/**
 * The one keyset pagination of every list (events, reservations, the organizer's reservations,
 * notifications): the query asks for one row more than a page, and the last row shown is the next cursor.
 */

export type { Cursor };

/** The cursor a list was given (checked at the edge by CursorSchema / DatedCursorSchema); in-process callers get the same 400. */
export function readCursor(value: string | undefined, options: { ranked: true }): Required<Omit<Cursor, 'distance'>> | undefined;
export function readCursor(value: string | undefined, options: { dated: true }): Required<Omit<Cursor, 'rank' | 'distance'>> | undefined;
export function readCursor(value: string | undefined, options: { distanced: true }): Required<Omit<Cursor, 'rank'>> | undefined;
export function readCursor(value: string | undefined, options?: { dated?: false }): Cursor | undefined;
export function readCursor(value: string | undefined, options: CursorKind = {}): Cursor | undefined {
  if (value === undefined) return undefined;
  const cursor = decodeCursor(value, options);
  if (!cursor) throw invalidField('cursor');
  return cursor;
}

/** A page of at most `limit` rows from `rows` (fetched with `limit + 1`), and the cursor of the next one. */
export function keysetPage<Row>(rows: Row[], limit: number, keyOf: (row: Row) => Cursor): { page: Row[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}
