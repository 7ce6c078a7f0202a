import type { Problem } from '../../shared/schemas/problem';
import { isProblem } from './api-guards';

// How the API client turns every failure (network, abort, a body that is no problem document) into a problem.

export function syntheticProblem(status: number, code: string, detail: string): Problem {
  return { type: 'about:blank', title: detail, status, detail, code };
}

export function networkProblem(error: unknown): Problem {
  const reason = error instanceof Error && error.message ? `: ${error.message}` : '';
  return syntheticProblem(0, 'network', `Network error${reason}`);
}

export function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

export function isJsonType(contentType: string | null): boolean {
  return !!contentType && /[/+]json\b/i.test(contentType);
}

/** A non-OK body that is not a problem document becomes one, keeping any message the server sent. */
export function toProblem(status: number, body: unknown): Problem {
  if (isProblem(body)) return body;
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : `HTTP ${status}`;
  return syntheticProblem(status, status === 0 ? 'network' : `http_${status}`, message);
}

/** Refresh answers that mean "this refresh token is no good" rather than "try again later". */
export function isDefinitiveRefusal(status: number): boolean {
  return status === 400 || status === 401 || status === 403;
}
