import type { ProblemExtensions } from '../../shared/schemas/problem';

/**
 * Typed domain errors. Services throw these and name what went wrong in the product's words — a kind and
 * a stable `code` — never an HTTP status; the problem-details plugin maps each kind to a status in one
 * table (`STATUS_BY_KIND`) and writes `detail` and every field message from the catalogues `errors:*` in
 * the request's language (STYLE 10, 13, 24).
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'header_too_large'
  | 'internal'
  | 'not_implemented'
  | 'unavailable';

export interface AppErrorOptions {
  /** Catalogue interpolation values for `detail`. */
  params?: Record<string, string | number>;
  /** Field → messages; a message `field.*` is a catalogue key, translated by the problem-details plugin. */
  fieldErrors?: Record<string, string[]>;
  /** Seconds until the request may be repeated (429, 503): the `Retry-After` header and `retry_after`. */
  retryAfterSeconds?: number;
  /** Other headers the answer carries (`Allow` on a 405). */
  headers?: Record<string, string>;
  /** RFC 9457 extension members a client acts on (declared in the shared ProblemSchema, or the answer drops them). */
  extensions?: ProblemExtensions;
}

export class AppError extends Error {
  readonly params: Record<string, string | number>;
  readonly fieldErrors?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;
  readonly headers: Record<string, string>;
  readonly extensions: ProblemExtensions;

  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    options: AppErrorOptions = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.params = options.params ?? {};
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
    this.headers = options.headers ?? {};
    this.extensions = options.extensions ?? {};
  }
}

export const invalid = (code = 'validation_failed', fieldErrors?: Record<string, string[]>, params?: Record<string, string | number>) =>
  new AppError('invalid', code, { fieldErrors, params });
/** One invalid field, its message a catalogue key (`field.invalid`, `field.too_long`, …). */
export const invalidField = (field: string, message = 'field.invalid', code = 'validation_failed') =>
  new AppError('invalid', code, { fieldErrors: { [field]: [message] } });
export const unauthorized = (code = 'unauthorized') => new AppError('unauthenticated', code);
export const forbidden = (code = 'forbidden', params?: Record<string, string | number>) => new AppError('forbidden', code, { params });
export const notFound = (code = 'not_found', params?: Record<string, string | number>) => new AppError('not_found', code, { params });
export const conflict = (code: string, params?: Record<string, string | number>) => new AppError('conflict', code, { params });
export const gone = (code = 'gone', params?: Record<string, string | number>) => new AppError('gone', code, { params });
export const unprocessable = (code: string, params?: Record<string, string | number>) => new AppError('unprocessable', code, { params });
/** Every 429 is built here: one code, one `Retry-After`. */
export const rateLimited = (seconds: number, code = 'rate_limited') =>
  new AppError('rate_limited', code, { params: { seconds: Math.max(1, Math.ceil(seconds)) }, retryAfterSeconds: seconds });
export const unavailable = (code = 'service_unavailable', retryAfterSeconds = 5) => new AppError('unavailable', code, { retryAfterSeconds });
