import { describe, expect, it } from 'vitest';
import {
  assertLocale,
  localeFromAcceptLanguage,
  localeFromPath,
  namesLocale,
  pickLocalized,
  pickLocalizedWithLocale,
  switchPathLocale,
} from './locales';

describe('locales (spec §2, §5)', () => {
  it('accepts sr, en, uk and ru', () => {
    for (const locale of ['sr', 'en', 'uk', 'ru']) expect(assertLocale(locale)).toBe(locale);
  });

  it('raises "Unsupported locale" for anything else', () => {
    for (const bad of ['de', 'SR', '', 'sr-Latn', undefined, 42]) expect(() => assertLocale(bad)).toThrow('Unsupported locale');
  });

  it('takes the language from the first path segment, else Serbian', () => {
    expect(localeFromPath('/en/categories/koncerti')).toBe('en');
    expect(localeFromPath('/uk')).toBe('uk');
    expect(localeFromPath('/ru/')).toBe('ru');
    expect(localeFromPath('/')).toBe('sr');
    expect(localeFromPath('')).toBe('sr');
    expect(localeFromPath('/de/events')).toBe('sr');
    expect(localeFromPath('/privacy-policy')).toBe('sr');
    expect(localeFromPath('/categories/en')).toBe('sr');
  });

  it('switches the language segment and keeps the rest of the path', () => {
    expect(switchPathLocale('/en/privacy-policy', 'uk')).toBe('/uk/privacy-policy');
    expect(switchPathLocale('/', 'ru')).toBe('/ru');
    expect(switchPathLocale('/en/', 'sr')).toBe('/sr');
    expect(switchPathLocale('/privacy-policy', 'en')).toBe('/en/privacy-policy');
    expect(switchPathLocale('/de/x', 'en')).toBe('/en/de/x');
  });

  it('picks the first supported language of Accept-Language by preference', () => {
    expect(localeFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('de-DE, uk;q=0.8, en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('de, fr')).toBe('sr');
    expect(localeFromAcceptLanguage(undefined)).toBe('sr');
    expect(localeFromAcceptLanguage('ru;q=0, uk')).toBe('uk');
  });

  it('falls back requested → sr → en → first present for localised text', () => {
    expect(pickLocalized({ sr: 'Koncert', en: 'Concert' }, 'uk')).toBe('Koncert');
    expect(pickLocalized({ en: 'Concert', ru: 'Концерт' }, 'uk')).toBe('Concert');
    expect(pickLocalized({ ru: 'Концерт' }, 'en')).toBe('Концерт');
    expect(pickLocalized({ uk: 'Концерт', sr: 'Koncert' }, 'uk')).toBe('Концерт');
    expect(pickLocalized(null, 'sr')).toBe('');
  });

  it('tells a language Accept-Language names from the fallback', () => {
    expect(namesLocale('en-GB, sr;q=0.5', 'en')).toBe(true);
    expect(namesLocale('de, fr', 'sr')).toBe(false);
    expect(namesLocale(undefined, 'sr')).toBe(false);
    expect(namesLocale('SR-Latn', 'sr')).toBe(true);
  });
});

describe('pickLocalized with a source language', () => {
  const text = { uk: 'Концерт джазу', sr: 'Џез концерт', en: 'Jazz concert' };
  it('falls back requested → source → sr → en', () => {
    expect(pickLocalized(text, 'ru', 'uk')).toBe('Концерт джазу');
    expect(pickLocalized({ sr: 'Džez', en: 'Jazz' }, 'ru', 'uk')).toBe('Džez');
    expect(pickLocalized({ en: 'Jazz' }, 'ru', 'uk')).toBe('Jazz');
    expect(pickLocalized({ ru: 'Джаз' }, 'en')).toBe('Джаз');
  });
  it('shows Serbian in Latin, whatever script it was typed in', () => {
    expect(pickLocalized(text, 'sr')).toBe('Džez koncert');
    expect(pickLocalizedWithLocale(text, 'ru', 'sr')).toEqual({ text: 'Džez koncert', locale: 'sr' });
  });
  it('skips empty and blank texts', () => {
    expect(pickLocalized({ sr: '  ', en: 'Jazz' }, 'sr')).toBe('Jazz');
    expect(pickLocalizedWithLocale({}, 'sr')).toEqual({ text: '', locale: null });
  });
});
