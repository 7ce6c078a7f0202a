import type { Problem } from '../../../shared/schemas/problem';
import { ApiError, type ApiResult } from '../../lib/api-client';

/** getAccessToken rejects with ApiError when no token can be had; callers still want an ApiResult. */
export function syntheticFailure<T>(error: unknown): ApiResult<T> {
  if (error instanceof ApiError) return { ok: false, status: error.status, problem: error.problem };
  const detail = error instanceof Error ? error.message : 'Network error';
  const problem: Problem = { type: 'about:blank', title: detail, status: 0, detail, code: 'network' };
  return { ok: false, status: 0, problem };
}

/** A 401 means "sign in first": guests hold a token, but not a user's. */
export function needsSignIn(result: { ok: false; status: number; problem: Problem }): boolean {
  return result.status === 401 || result.problem.code === 'user_required';
}

/** What a page shows when its load was refused: sign in, not allowed, or the failure's own words. */
export type LoadRefusal = { kind: 'sign_in' } | { kind: 'forbidden' } | { kind: 'failed'; detail: string };

export function loadRefusal(result: { ok: false; status: number; problem: Problem }): LoadRefusal {
  if (needsSignIn(result)) return { kind: 'sign_in' };
  if (result.status === 403) return { kind: 'forbidden' };
  return { kind: 'failed', detail: result.problem.detail };
}
