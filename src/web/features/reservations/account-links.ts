import type { Locale } from '../../../shared/locales';
import type { EligibilityMissing } from '../../../shared/schemas/users';
import { localePath } from '../../lib/use-locale';

/**
 * Where each missing eligibility item is put right, on the accounts pages. Every link carries `next`, the
 * page to come back to (the accounts pages' convention), so the guest lands on the reservation again.
 * Names and phone are given together (spec §7 add_additional_information {name, last_name, phone_number})
 * on the phone page, which then asks for the SMS code.
 */
export type EligibilityStep = 'sign_in' | 'profile' | 'phone' | 'phone_verification';

const STEP_OF: Record<Exclude<EligibilityMissing, 'account_standing'>, EligibilityStep> = {
  sign_in: 'sign_in',
  first_name: 'profile',
  last_name: 'profile',
  phone: 'phone',
  phone_verification: 'phone_verification',
};

const PAGE_OF: Record<EligibilityStep, string> = {
  sign_in: '/login',
  profile: '/verify-phone',
  phone: '/verify-phone',
  phone_verification: '/verify-phone',
};

export function stepFor(missing: EligibilityMissing): EligibilityStep | null {
  return missing === 'account_standing' ? null : STEP_OF[missing];
}

export function withNext(locale: Locale, page: string, next: string): string {
  return `${localePath(locale, page)}?next=${encodeURIComponent(next)}`;
}

export function stepLink(locale: Locale, step: EligibilityStep, next: string): string {
  return withNext(locale, PAGE_OF[step], next);
}

export function signInLink(locale: Locale, next: string): string {
  return stepLink(locale, 'sign_in', next);
}
