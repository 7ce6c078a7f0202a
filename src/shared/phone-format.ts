import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A stored phone number (E.164, "+381641234567") as people read it, in the international format
 * ("+381 64 1234567"): the one way every screen shows a number. Anything that does not parse is shown
 * as it is, so a number is never hidden.
 */
export function formatPhoneNumber(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed ? parsed.formatInternational() : phone;
}
