import type { TokenPair } from '../../shared/schemas/auth';
import type { Problem } from '../../shared/schemas/problem';

/*
 * The API client's two run-time checks, written without zod: the client is on every page, and zod is the
 * single largest library it would otherwise bring to the home page's first load (DESIGN §13). They accept
 * exactly what ProblemSchema and TokenPairSchema accept; api-guards.test.ts compares them with the schemas.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function isFieldErrors(value: unknown): boolean {
  return isRecord(value) && Object.values(value).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'));
}

/** RFC 9457 problem details as Kuda sends them (ProblemSchema). */
export function isProblem(value: unknown): value is Problem {
  if (!isRecord(value)) return false;
  const { type, title, status, detail, code, instance, errors, retry_after: retryAfter } = value;
  return (
    typeof type === 'string' &&
    typeof title === 'string' &&
    isInteger(status) &&
    typeof detail === 'string' &&
    typeof code === 'string' &&
    (instance === undefined || typeof instance === 'string') &&
    (errors === undefined || isFieldErrors(errors)) &&
    (retryAfter === undefined || (isInteger(retryAfter) && retryAfter > 0))
  );
}

/** An access and refresh token pair (TokenPairSchema); other fields are dropped, as the schema drops them. */
export function asTokenPair(value: unknown): TokenPair | null {
  if (!isRecord(value)) return null;
  const { access_token: access, refresh_token: refresh } = value;
  return typeof access === 'string' && typeof refresh === 'string' ? { access_token: access, refresh_token: refresh } : null;
}
