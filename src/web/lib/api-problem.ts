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

/** 4xx problem codes that mean the app itself sent something wrong: a bug to look at, not a person's mistake. */
const CLIENT_FAULTS = new Set(['malformed_body', 'malformed_request', 'malformed_url', 'unsupported_media_type', 'body_too_large', 'header_too_large', 'route_not_found', 'method_not_allowed']);

/**
 * A refusal the app expects and handles (a wrong code or password, a conflict, a lapsed session, a limit):
 * a 4xx problem document from the server itself. Anything else (5xx, network, a body that is no problem
 * document, a request the server could not read) is unexpected.
 */
export function isExpectedRefusal({ status, problem }: { status: number; problem: Problem }): boolean {
  if (status < 400 || status >= 500 || problem.status !== status) return false;
  return !problem.code.startsWith('http_') && problem.code !== 'invalid_response' && !CLIENT_FAULTS.has(problem.code);
}
