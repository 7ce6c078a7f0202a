import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from './phone-format';

describe('formatPhoneNumber', () => {
  it('writes an E.164 number in the international format of its country', () => {
    expect(formatPhoneNumber('+381641234567')).toBe('+381 64 1234567');
    expect(formatPhoneNumber('+380501234567')).toBe('+380 50 123 4567');
  });

  it('shows a value that is not a phone number as it is', () => {
    expect(formatPhoneNumber('not a number')).toBe('not a number');
  });
});
