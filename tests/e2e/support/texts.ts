import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import enAccounts from '../../../src/locales/en/accounts.json' with { type: 'json' };
import srAccounts from '../../../src/locales/sr/accounts.json' with { type: 'json' };
import enErrors from '../../../src/locales/en/errors.json' with { type: 'json' };
import srErrors from '../../../src/locales/sr/errors.json' with { type: 'json' };

/** Texts straight from the catalogues the app uses, so a wording change does not break the journeys. */

export type Locale = 'sr' | 'en' | 'uk' | 'ru';

/** The accounts and errors catalogues, typed, for journeys that reach into them by path. */
export const ACCOUNT_TEXTS = { sr: srAccounts, en: enAccounts } as const;
export const ERROR_TEXTS = { sr: srErrors, en: enErrors } as const;

type Tree = { [key: string]: string | Tree };
const catalogues = new Map<string, Tree>();
function catalogue(locale: Locale, ns: string): Tree {
  const key = `${locale}/${ns}`;
  if (!catalogues.has(key)) catalogues.set(key, JSON.parse(readFileSync(join(process.cwd(), 'src/locales', locale, `${ns}.json`), 'utf8')) as Tree);
  return catalogues.get(key) as Tree;
}

/** `t('sr', 'reservations:detail.cancel')`, with {{vars}} and i18next plural suffixes for `count`. */
export function t(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const [ns = '', path = ''] = key.split(':');
  const lookup = (dotted: string) =>
    dotted.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), catalogue(locale, ns));
  let text = typeof vars.count === 'number' ? lookup(`${path}_${new Intl.PluralRules(locale).select(vars.count)}`) : undefined;
  text ??= lookup(path);
  if (typeof text !== 'string') throw new Error(`No text ${locale}:${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
