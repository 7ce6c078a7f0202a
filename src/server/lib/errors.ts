/**
 * Typed domain errors. Services throw these; one handler maps them to RFC 9457 problem details whose
 * `detail` is the catalogue text `errors:<code>` in the request's language (STYLE 10, 13).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const unauthorized = (code = 'unauthorized') => new AppError(401, code);
export const forbidden = (code = 'forbidden') => new AppError(403, code);
export const notFound = (code = 'not_found') => new AppError(404, code);
export const conflict = (code: string, params?: Record<string, string | number>) => new AppError(409, code, params);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', { seconds: retryAfterSeconds }, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
