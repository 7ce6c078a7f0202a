import { describe, expect, it } from 'vitest';
import { OTP_RESEND_SECONDS } from '../../../../shared/schemas/users';
import { createMemoryStorage } from '../../../lib/token-storage';
import { pendingFromAnswer, readPendingCode, retryAfterSeconds, savePendingCode, secondsLeft } from './otp';

describe('the SMS code in flight', () => {
  it('remembers when a new code may be asked for, per number, until the code expires', () => {
    const storage = createMemoryStorage();
    const pending = pendingFromAnswer({ code_sent: true, phone_number: '+381641234567', resend_after_seconds: 60, expires_in_seconds: 600 }, 1000);
    expect(pending).toEqual({ phoneNumber: '+381641234567', resendAt: 1060, expiresAt: 1600 });
    savePendingCode(storage, pending);
    expect(readPendingCode(storage, '+381641234567', 1200)).toEqual(pending);
    expect(readPendingCode(storage, '+381649999999', 1200)).toBeNull();
    expect(readPendingCode(storage, '+381641234567', 1600)).toBeNull();
    savePendingCode(storage, null);
    expect(readPendingCode(storage, '+381641234567', 1200)).toBeNull();
  });

  it('counts down to zero, never below', () => {
    expect(secondsLeft(1060, 1000)).toBe(60);
    expect(secondsLeft(1060, 1061)).toBe(0);
    expect(secondsLeft(null, 1000)).toBe(0);
  });

  it('waits as long as a 429 says, or the documented interval', () => {
    const problem = { type: 't', title: 't', status: 429, detail: 'd', code: 'rate_limited' };
    expect(retryAfterSeconds({ ...problem, retry_after: 17 } as typeof problem)).toBe(17);
    expect(retryAfterSeconds(problem)).toBe(OTP_RESEND_SECONDS);
  });
});
