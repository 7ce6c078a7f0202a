import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateReservationSchema, DecisionSchema, RespondSchema, CancelEventSchema } from './reservations';
import { EventQuerySchema, SearchQuerySchema, SuggestQuerySchema } from './catalog';
import { AddAdditionalInformationSchema, EditUserSchema, RegisterFacebookSchema, RequestUserDeletionSchema } from './users';
import { CONTROL_CHARACTERS_MESSAGE, multiLineText, personName, singleLineText } from './zod';

const controls = [...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)), ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i))];
const lineBreaks = ['\t', '\n', '\r'];
const formatCharacters = ['\u202e', '\u200b', '\u200d', '\u2066', '\ufeff', '\u00ad'];
/** Text with no control character, format characters allowed (emoji joiners). */
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map((value) => `a${value.replace(/\p{Cc}/gu, '')}z`);

describe('free-text rules (one place: zod.ts)', () => {
  it('a single line refuses every control character, line breaks included, wherever it sits inside', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...controls), fc.nat(), (value, bad, at) => {
        const position = 1 + (at % (value.length - 1));
        const result = singleLineText().safeParse(`${value.slice(0, position)}${bad}${value.slice(position)}`);
        expect(result.error?.issues.map((issue) => issue.message)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
      }),
    );
  });

  it('a message of several lines keeps tab, CR and LF and refuses every other control character', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...controls), (value, bad) => {
        const result = multiLineText().safeParse(`${value}${bad}${value}`);
        expect(result.success).toBe(lineBreaks.includes(bad));
      }),
    );
  });

  it('a name refuses invisible format characters too; messages keep them (emoji are joined with U+200D)', () => {
    for (const bad of formatCharacters) {
      expect(personName().safeParse(`Ana${bad}Marija`).error?.issues[0]?.message, bad).toBe(CONTROL_CHARACTERS_MESSAGE);
      expect(multiLineText().safeParse(`Ana${bad}Marija`).success, bad).toBe(true);
    }
  });

  it('trims before it checks, so a pasted trailing line break is not refused', () => {
    expect(singleLineText().parse('  Ana\r\n')).toBe('Ana');
    expect(personName().parse('\tAna\n')).toBe('Ana');
  });

  it('applies to every free-text field of the contract', () => {
    const nul = 'x\u0000y';
    const refusals: [string, { safeParse: (value: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, unknown][] = [
      ['note', CreateReservationSchema, { event_id: 1, party_size: 2, note: nul }],
      ['message', RespondSchema, { message: nul }],
      ['message', DecisionSchema, { status: 'rejected', message: nul }],
      ['message', CancelEventSchema, { message: nul }],
      ['q', EventQuerySchema, { q: nul }],
      ['q', SearchQuerySchema, { q: nul }],
      ['q', SuggestQuerySchema, { q: nul }],
      ['first_name', EditUserSchema, { first_name: nul, last_name: 'Test' }],
      ['last_name', AddAdditionalInformationSchema, { name: 'Ana', last_name: 'Te\u202est', phone_number: '064 123 4567' }],
      ['user_id', RegisterFacebookSchema, { facebook_access_token: 't', user_id: nul }],
      ['reason', RequestUserDeletionSchema, { reason: nul }],
    ];
    for (const [field, schema, input] of refusals) {
      const issues = schema.safeParse(input).error?.issues ?? [];
      expect(issues.map((issue) => [issue.path.join('.'), issue.message]), field).toEqual([[field, CONTROL_CHARACTERS_MESSAGE]]);
    }
  });
});
