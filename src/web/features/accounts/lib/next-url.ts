import type { Locale } from '../../../../shared/locales';
import type { User } from '../../../../shared/schemas/users';
import { localePath } from '../../../lib/use-locale';

const PLACEHOLDER_ORIGIN = 'http://kuda.invalid';

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) if (value.charCodeAt(i) < 0x20 || value.charCodeAt(i) === 0x7f) return true;
  return false;
}

/**
 * The page to return to after signing in (spec §7 `passedURL`), accepted only as a same-origin relative
 * path: "/en/events/x-1?y=1#z". Anything else ("//evil.example", "https://…", "javascript:…", "\\evil")
 * answers null, so a crafted link cannot send a person to another site after they sign in.
 */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  // "//host" and "/\host" are protocol-relative to browsers; control characters and spaces are never legit here.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value) || hasControlCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `?next=` of a URL's search string, checked by safeNext. */
export function nextFromSearch(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeNext(params.get('next'));
}

/** A page of the accounts screens that brings the person back to `next` afterwards. */
export function withNext(locale: Locale, path: string, next: string | null | undefined): string {
  const target = localePath(locale, path);
  const checked = safeNext(next);
  return checked ? `${target}?next=${encodeURIComponent(checked)}` : target;
}

/** The sign-in page for a person who wanted `next`. */
export function loginPath(locale: Locale, next?: string | null): string {
  return withNext(locale, '/login', next);
}

/**
 * Where signing in lands without a page to return to: home, except that someone who works for an organizer
 * starts in the organizer area (door staff at the door, as the drawer sends them). An admin lands home.
 */
export function landingPath(locale: Locale, user: Pick<User, 'role' | 'organizer_role'> | null | undefined): string {
  if (!user || user.role === 'admin') return localePath(locale);
  if (user.organizer_role === 'door') return localePath(locale, '/organizer/door');
  if (user.role === 'organizer' || user.organizer_role) return localePath(locale, '/organizer');
  return localePath(locale);
}
