import { useSyncExternalStore } from 'react';
import type { Problem } from '../../../../shared/schemas/problem';
import { OTP_RESEND_SECONDS, type OtpSent } from '../../../../shared/schemas/users';

/**
 * The SMS code in flight: which number it went to and when a new one may be asked for. Kept in
 * sessionStorage so that reloading the verification page returns to the code step with the countdown
 * where it was.
 */
export interface PendingCode {
  phoneNumber: string;
  /** Seconds since the epoch. */
  resendAt: number;
  expiresAt: number;
}

export const PENDING_CODE_KEY = 'kuda.phoneCode';

export function pendingFromAnswer(answer: OtpSent, nowSeconds: number): PendingCode {
  return {
    phoneNumber: answer.phone_number,
    resendAt: nowSeconds + answer.resend_after_seconds,
    expiresAt: nowSeconds + answer.expires_in_seconds,
  };
}

export function savePendingCode(storage: Storage, pending: PendingCode | null): void {
  try {
    if (pending) storage.setItem(PENDING_CODE_KEY, JSON.stringify(pending));
    else storage.removeItem(PENDING_CODE_KEY);
  } catch {
    // Storage unavailable: the countdown simply restarts after a reload.
  }
}

/** The pending code for this number, unless it has expired. */
export function readPendingCode(storage: Storage, phoneNumber: string | null, nowSeconds: number): PendingCode | null {
  if (!phoneNumber) return null;
  try {
    const value: unknown = JSON.parse(storage.getItem(PENDING_CODE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const pending = value as Partial<PendingCode>;
    if (pending.phoneNumber !== phoneNumber || typeof pending.resendAt !== 'number' || typeof pending.expiresAt !== 'number') return null;
    return pending.expiresAt > nowSeconds ? (pending as PendingCode) : null;
  } catch {
    return null;
  }
}

/**
 * How long a 429 says to wait. The API client does not hand headers to callers, so this reads the
 * problem's own `retry_after` extension when the server sends one, else the documented resend interval.
 */
export function retryAfterSeconds(problem: Problem): number {
  const extension = (problem as Problem & { retry_after?: unknown }).retry_after;
  return typeof extension === 'number' && extension > 0 ? Math.ceil(extension) : OTP_RESEND_SECONDS;
}

const subscribe = (onTick: () => void) => {
  const id = setInterval(onTick, 250);
  return () => clearInterval(id);
};
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The current time in whole seconds, re-rendering as it changes (0 during server rendering). */
export function useNowSeconds(): number {
  return useSyncExternalStore(subscribe, nowSeconds, () => 0);
}

/** Seconds left until `deadline` (seconds since the epoch), never below 0. */
export function secondsLeft(deadline: number | null, now: number): number {
  return deadline === null || now === 0 ? 0 : Math.max(0, deadline - now);
}
