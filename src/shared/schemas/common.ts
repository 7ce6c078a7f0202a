import { z } from './zod';

/**
 * Shapes every route shares (STYLE 24): ids in paths and queries, the body of a POST that carries no data,
 * and the keyset cursor of every list. Each is decided here once.
 */

// ---------------------------------------------------------------------------------------------------------
// Ids
// ---------------------------------------------------------------------------------------------------------

/**
 * A numeric id as written in a path or a query: decimal digits without a sign, a leading zero, an exponent
 * or white space, so `/events/16` is the only spelling of event 16 (`0x10`, `+16`, `1.6e1`, `016` and ` 16`
 * are refused instead of naming it too), and no larger than JavaScript counts exactly.
 */
export const ID_PATTERN = /^[1-9][0-9]{0,15}$/;
export const IdSchema = z
  .string()
  .regex(ID_PATTERN, { error: 'field.invalid' })
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER, { error: 'field.invalid' }));

/** A numeric id inside a JSON body (a number there, never a string). */
export const IdValueSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER, { error: 'field.invalid' });

/** `/things/{id}`: the path of every route about one numbered thing. */
export const IdParamsSchema = z.strictObject({ id: IdSchema });

/** `/things/{id}` where the thing is named by a UUID (an uploaded image, a user). */
export const UuidParamsSchema = z.strictObject({ id: z.uuid({ error: 'field.invalid' }) });

// ---------------------------------------------------------------------------------------------------------
// Body-less POSTs
// ---------------------------------------------------------------------------------------------------------

/**
 * The body of a POST that carries no data (cancel, confirm, logout, resend a code). Spec §7 clients send a
 * JSON content type on every call, so the API's JSON parser reads an empty body as `{}`; no body at all is
 * null. Strict: a field sent to a call that takes none means the client thinks it is calling something
 * else, and is refused (400, the field named) rather than dropped.
 */
export const EmptyBodySchema = z.strictObject({}).nullish();

// ---------------------------------------------------------------------------------------------------------
// Keyset cursors
// ---------------------------------------------------------------------------------------------------------

/**
 * Where the next page of a list starts: after the row with this `id` (and, for lists in date order, this
 * `at`; for lists in relevance order, this `rank` before the date). Opaque to clients: base64url of `id`,
 * `atISO|id` or `rank|atISO|id`, stable across inserts.
 */
export interface Cursor {
  id: number;
  at?: Date;
  /** A small non-negative relevance tier (search): lower ranks come first. */
  rank?: number;
  /** Whole metres from the reader's point (`sort=distance`): nearer comes first. */
  distance?: number;
}

/**
 * Which cursor a list takes: by id, by date (`dated`), by relevance tier then date (`ranked`), or by
 * distance then date (`distanced`).
 */
export interface CursorKind {
  dated?: boolean;
  ranked?: boolean;
  distanced?: boolean;
}

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64Url(value: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  try {
    return atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
}

export function encodeCursor(cursor: Cursor): string {
  // The distance carries a `d` so that a distance cursor never reads as a relevance one (both have three parts).
  const distance = cursor.distance === undefined ? undefined : `d${cursor.distance}`;
  const parts = [distance, cursor.rank, cursor.at?.toISOString(), cursor.id].filter((part) => part !== undefined);
  return toBase64Url(parts.join('|'));
}

/** The cursor, or undefined when `value` is not one this API wrote (or lacks the date a dated list needs). */
export function decodeCursor(value: string, options: CursorKind = {}): Cursor | undefined {
  const parts = fromBase64Url(value)?.split('|');
  const ranked = options.ranked === true;
  const distanced = options.distanced === true;
  const dated = ranked || distanced || options.dated === true;
  if (!parts || parts.length !== (ranked || distanced ? 3 : dated ? 2 : 1)) return undefined;
  const id = parts.at(-1) ?? '';
  if (!ID_PATTERN.test(id) || !Number.isSafeInteger(Number(id))) return undefined;
  if (!dated) return { id: Number(id) };
  const atText = parts.at(-2) ?? '';
  const at = new Date(atText);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== atText) return undefined;
  if (distanced) {
    const distance = /^d(\d{1,9})$/.exec(parts[0] ?? '')?.[1];
    return distance === undefined ? undefined : { id: Number(id), at, distance: Number(distance) };
  }
  if (!ranked) return { id: Number(id), at };
  const rank = parts[0] ?? '';
  if (!/^\d{1,2}$/.test(rank)) return undefined;
  return { id: Number(id), at, rank: Number(rank) };
}

/**
 * Checked at the edge (a malformed cursor is a 400 naming `cursor` before any service runs) and handed on
 * as the string it is, so a client's query type stays what it sends; the server reads it with `readCursor`.
 */
function cursorSchema(...kinds: CursorKind[]) {
  return z
    .string()
    .max(300, { error: 'field.invalid' })
    .refine((value) => kinds.some((kind) => decodeCursor(value, kind) !== undefined), { error: 'field.invalid' });
}

/** `?cursor=` of a list in id order (reservations, notifications). */
export const CursorSchema = cursorSchema({});
/** `?cursor=` of a list in date order (events): the cursor also holds the date the page ends at. */
export const DatedCursorSchema = cursorSchema({ dated: true });
/**
 * `?cursor=` of GET /events: date order pages by (tier, date, id), cancelled events being the last tier (a
 * date-only cursor, handed out before, reads as tier 0); `sort=distance` by (metres, date, id). Any passes
 * here; the service reads the one its `sort` takes, so a cursor of the other order is a 400.
 */
export const EventCursorSchema = cursorSchema({ ranked: true }, { dated: true }, { distanced: true });
/**
 * `?cursor=` of search: relevance order pages by (rank, date, id), date order by (date, id), distance order
 * by (metres, date, id). Any passes here; the service reads the one its `sort` takes (readCursor), so a
 * cursor of another order is a 400 too.
 */
export const SearchCursorSchema = cursorSchema({ ranked: true }, { dated: true }, { distanced: true });
