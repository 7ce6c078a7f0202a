import { stdSerializers } from 'pino';

/**
 * What a failed query means for the request, and what of it may be written to a log. Database errors
 * come wrapped (Drizzle's `DrizzleQueryError` holds the driver's error as `cause`) and carry the SQL text,
 * its parameters (user ids, notes, door codes) and, in the driver's own message and `detail`, values from
 * the rows; none of that may reach a log.
 */

/**
 * SQLSTATE classes and codes that say the server cannot serve now, not that the query was wrong:
 * connection exceptions, insufficient resources, shutdowns, and 57014, a statement cancelled by the
 * statement timeout (DATABASE_STATEMENT_TIMEOUT_MS: the database is too slow right now).
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-4]|57014)/;
/** Socket-level failures of the pg driver. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Driver messages with no code: pg's pool and client (its read timeout too), and PGlite once closed. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end|Client has encountered a connection error|PGlite is closed)/;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  stack?: unknown;
}

const asErrorLike = (value: unknown): ErrorLike | undefined => (value && typeof value === 'object' ? (value as ErrorLike) : undefined);

/** The error and every `cause` below it (bounded, in case of a cycle). */
function chain(error: unknown): ErrorLike[] {
  const links: ErrorLike[] = [];
  for (let link = asErrorLike(error); link && links.length < 5; link = asErrorLike(link.cause)) links.push(link);
  return links;
}

/** True when the database could not be reached or is shutting down: the request may succeed later (503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some(({ code, message }) => {
    if (typeof code === 'string' && (UNAVAILABLE_ERRNO.has(code) || (code.length === 5 && UNAVAILABLE_SQLSTATE.test(code)))) return true;
    return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
  });
}

/** A SQLSTATE is five characters of digits and capitals; a driver's database error carries one. */
const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

const isDatabaseError = (link: ErrorLike) =>
  link.name === 'DrizzleQueryError' || isSqlState(link.code) || (link as { severity?: unknown }).severity !== undefined;

/** Names of the schema objects involved: safe (no row values) and what one needs to find the cause. */
const SAFE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'] as const;

/**
 * The error as it may be logged. A database error keeps its type, SQLSTATE, the schema objects it names
 * and where in our code it was thrown; its messages (which quote values), SQL, parameters and detail go.
 * Any other error is returned as it is.
 */
export function loggableError(error: unknown): unknown {
  const links = chain(error);
  if (!links.some(isDatabaseError)) return error;
  const safe: Record<string, unknown> = { type: String(links[0]?.name ?? 'Error'), message: 'database query failed (values withheld from the log)' };
  for (const link of links) {
    for (const field of SAFE_FIELDS) {
      const value = (link as Record<string, unknown>)[field];
      if (typeof value === 'string' && safe[field] === undefined) safe[field] = value;
    }
  }
  // The frames say where; the first line is the message, which may quote a value.
  const stack = links.find((link) => typeof link.stack === 'string')?.stack as string | undefined;
  if (stack) safe.stack = stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
  return safe;
}

/**
 * The logger's `err` serializer (server.ts): every error logged as `{ err }` — a failed job's, a failed
 * shutdown's — goes through loggableError first, so no log line carries a query's values, whoever logs it.
 * An object that is no Error (what loggableError already made safe) is written as it is.
 */
export function serializeLoggedError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const safe = loggableError(error);
  return safe === error ? stdSerializers.err(error) : safe;
}
