import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../shared/i18n-resources';
import { LOCALES } from '../shared/locales';

const dir = __dirname;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((acc, [key, value]) => {
    if (typeof value === 'string') acc[`${prefix}${key}`] = value;
    else Object.assign(acc, flatten(value, `${prefix}${key}.`));
    return acc;
  }, {});
}

function load(locale: string, ns: string): Record<string, string> {
  return flatten(JSON.parse(readFileSync(join(dir, locale, `${ns}.json`), 'utf8')) as Tree);
}

const namespacesOnDisk = (locale: string) =>
  readdirSync(join(dir, locale))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -5))
    .sort();

/** Keys without their plural suffix: a plural key counts once, whatever forms a language needs. */
const baseKeys = (keys: string[]) => [...new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort();

describe('translation catalogues', () => {
  it('every language has the same catalogue files', () => {
    const reference = namespacesOnDisk('sr');
    for (const locale of LOCALES) expect(namespacesOnDisk(locale), locale).toEqual(reference);
  });

  it('every catalogue the web loads exists on disk', () => {
    for (const ns of NAMESPACES) expect(namespacesOnDisk('sr')).toContain(ns);
  });

  for (const ns of namespacesOnDisk('sr')) {
    describe(ns, () => {
      const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, load(locale, ns)]));
      const all = baseKeys(LOCALES.flatMap((locale) => Object.keys(catalogues[locale] ?? {})));

      it.each(LOCALES)('%s has every key, none empty', (locale) => {
        const own = catalogues[locale] ?? {};
        expect(baseKeys(Object.keys(own))).toEqual(all);
        for (const [key, text] of Object.entries(own)) expect(text.trim(), `${locale}:${ns}:${key}`).not.toBe('');
      });

      it.each(LOCALES)('%s has exactly the plural forms its language needs', (locale) => {
        const own = catalogues[locale] ?? {};
        const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
        const pluralBases = baseKeys(Object.keys(own).filter((key) => PLURAL_SUFFIX.test(key)));
        for (const base of pluralBases) {
          for (const category of needed) expect(own, `${locale}:${ns}:${base}_${category}`).toHaveProperty([`${base}_${category}`]);
        }
        // A plural key in one language is a plural key in all of them.
        for (const other of LOCALES) {
          const theirs = baseKeys(Object.keys(catalogues[other] ?? {}).filter((key) => PLURAL_SUFFIX.test(key)));
          expect(pluralBases, `${locale} vs ${other}`).toEqual(theirs);
        }
      });

      it.each(LOCALES)('%s uses the same {{variables}} as English', (locale) => {
        const own = catalogues[locale] ?? {};
        const english = catalogues.en ?? {};
        for (const [key, text] of Object.entries(own)) {
          const base = key.replace(PLURAL_SUFFIX, '');
          const reference = english[key] ?? english[`${base}_other`] ?? english[base];
          if (reference === undefined) continue;
          expect(variables(text).filter((v) => v !== 'count'), `${locale}:${ns}:${key}`).toEqual(variables(reference).filter((v) => v !== 'count'));
        }
      });

      it('Serbian is written in Latin script, Ukrainian and Russian in Cyrillic', () => {
        // Language names are endonyms ("Українська") and stay in their own script.
        for (const [key, text] of Object.entries(catalogues.sr ?? {})) {
          if (!key.startsWith('language.name.')) expect(text, key).not.toMatch(/[\u0400-\u04FF]/);
        }
        for (const locale of ['uk', 'ru'] as const) {
          const cyrillic = Object.values(catalogues[locale] ?? {}).filter((text) => /[\u0400-\u04FF]/.test(text));
          expect(cyrillic.length, locale).toBeGreaterThan(0);
        }
      });
    });
  }
});
