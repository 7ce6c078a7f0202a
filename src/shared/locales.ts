import { serbianToLatin } from './serbian-latin';
/** Spec §1, §5, §9: the four languages Kuda speaks, Serbian first and default. */
export const LOCALES = ['sr', 'en', 'uk', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'sr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Spec §5 and §8: any other locale raises an error with exactly this text. */
export function assertLocale(value: unknown): Locale {
  if (!isLocale(value)) throw new Error('Unsupported locale');
  return value;
}

/** Spec §2: the first path segment selects the language; anything else falls back to sr. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/').filter(Boolean)[0];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/** Replaces (or adds) the language segment of a path, keeping the rest of it. */
export function switchPathLocale(pathname: string, locale: Locale): string {
  const parts = pathname.split('/').filter(Boolean);
  if (isLocale(parts[0])) parts.shift();
  return `/${[locale, ...parts].join('/')}${pathname.endsWith('/') && parts.length ? '/' : ''}`;
}

/**
 * DESIGN §10: the first of sr, en, uk, ru that Accept-Language names, by preference (q), else sr.
 * Region subtags count for their language ("en-GB" is en).
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.lang).find(isLocale) ?? DEFAULT_LOCALE;
}

/** Whether Accept-Language names `locale` itself (a region of it counts), rather than `locale` being the fallback. */
export function namesLocale(header: string | undefined | null, locale: Locale): boolean {
  if (!header) return false;
  return header.split(',').some((part) => part.trim().split(';')[0]?.trim().toLowerCase().split('-')[0] === locale);
}

/** BCP 47 tags used with Intl; Serbian is written in Latin script in Kuda. */
export const INTL_LOCALE: Record<Locale, string> = {
  sr: 'sr-Latn-RS',
  en: 'en-GB',
  uk: 'uk-UA',
  ru: 'ru-RU',
};

export type LocalizedText = Partial<Record<Locale, string>>;

/**
 * The one fallback rule for every public read (DESIGN §3, §14): requested → the text's source language
 * (an event's) → sr → en → first present. Serbian is shown in Latin, whatever script it was typed in.
 */
export function pickLocalized(text: LocalizedText | null | undefined, locale: Locale, source?: Locale): string {
  return pickLocalizedWithLocale(text, locale, source).text;
}

/** As pickLocalized, also saying which language the text shown is in (the editor's preview marks it). */
export function pickLocalizedWithLocale(
  text: LocalizedText | null | undefined,
  locale: Locale,
  source?: Locale,
): { text: string; locale: Locale | null } {
  if (!text) return { text: '', locale: null };
  const order: Locale[] = [locale, ...(source ? [source] : []), 'sr', 'en', ...LOCALES];
  const found = order.find((candidate) => text[candidate]?.trim());
  if (!found) return { text: '', locale: null };
  const value = text[found]!;
  return { text: found === 'sr' ? serbianToLatin(value) : value, locale: found };
}
