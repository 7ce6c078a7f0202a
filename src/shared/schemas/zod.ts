import { config, z } from 'zod';

/*
 * In the browser zod runs without its `new Function` fast path: our CSP has no 'unsafe-eval', and even
 * zod's caught probe for it is reported as a policy violation. Servers keep the faster compiled parsers.
 * Schema modules import `z` from here so this runs before any schema is built.
 */
if (typeof window !== 'undefined') config({ jitless: true });

export { z };

// ---------------------------------------------------------------------------------------------------------
// Free text: one rule for every field a person types (DESIGN §10). A control character (U+0000, ESC, …)
// is never text: PostgreSQL refuses a NUL outright and the rest would end up in e-mails, logs and the
// venue's screen. Line breaks and tabs are text only where the field is a message of several lines.
// Names also refuse invisible format characters (U+202E right-to-left override, U+200B zero width space),
// which make one name look like another; messages keep them (U+200D joins emoji).
// ---------------------------------------------------------------------------------------------------------

/** The field message for a refused character (a catalogue key, translated by the problem handler). */
export const CONTROL_CHARACTERS_MESSAGE = 'field.control_characters';

const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
const FORMAT_CHARACTER = /\p{Cf}/u;

/** True when `value` holds no character `singleLineText` refuses. */
export const isSingleLineText = (value: string) => !ANY_CONTROL.test(value);
/** True when `value` holds no character `multiLineText` refuses (tab, CR and LF are allowed). */
export const isMultiLineText = (value: string) => !CONTROL_BUT_LINE_BREAKS.test(value);
/** True when `value` holds no character `personName` refuses for being invisible. */
export const isVisibleText = (value: string) => isSingleLineText(value) && !FORMAT_CHARACTER.test(value);

/*
 * Each helper trims first (free text never keeps outer white space, so a pasted trailing line break is not
 * refused), then checks characters; callers chain their own length limits and messages after it.
 */

/** One line of text (a search, a title, an identifier a person typed): no control characters at all. */
export function singleLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).trim().refine(isSingleLineText, { error: CONTROL_CHARACTERS_MESSAGE });
}

/** A message of several lines (a note, an answer, a reason): line breaks and tabs, no other control character. */
export function multiLineText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).trim().refine(isMultiLineText, { error: CONTROL_CHARACTERS_MESSAGE });
}

/** A person's name: one line, and no invisible format characters either. */
export function personName(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).trim().refine(isVisibleText, { error: CONTROL_CHARACTERS_MESSAGE });
}
