import type { L4 } from './data/types';

/* The demo's text in four languages: templates filled with a programme's facts. */

export const LOCALE_KEYS = ['sr', 'en', 'uk', 'ru'] as const;
export type Vars = Record<string, string | undefined>;

/** Fills {placeholders}; null when one of them has no value. */
function fillText(template: string, vars: Vars): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = vars[key];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? null : text;
}

export function fill(template: L4, vars: Record<keyof L4, Vars>): L4 | null {
  const out: Partial<L4> = {};
  for (const locale of LOCALE_KEYS) {
    const text = fillText(template[locale], vars[locale]);
    if (text === null) return null;
    out[locale] = text;
  }
  return out as L4;
}

export function fillable<T>(templates: readonly T[], text: (item: T) => L4, vars: Record<keyof L4, Vars>): { item: T; text: L4 }[] {
  return templates.flatMap((item) => {
    const filled = fill(text(item), vars);
    return filled ? [{ item, text: filled }] : [];
  });
}

export function joinSentences(sentences: readonly L4[]): L4 {
  const out: Partial<L4> = {};
  for (const locale of LOCALE_KEYS) out[locale] = sentences.map((s) => s[locale]).join(' ');
  return out as L4;
}

/* ───────────────────────────── the programme ───────────────────────────── */
