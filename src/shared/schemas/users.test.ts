import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import {
  EmailSchema,
  NAME_MAX_LENGTH,
  normalizePhoneNumber,
  OtpCodeSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordWeakness,
  PasswordSchema,
  PersonNameSchema,
  PhoneNumberSchema,
  UserSchema,
} from './users';

const lower = fc.constantFrom(...'abcdefghijkmnpqrstuvwxyz');
const upper = fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');
const symbol = fc.constantFrom(...'!@#$%^&*-_=+?.,;:');

describe('PasswordSchema (strength rule shared by the web and the server)', () => {
  it('refuses every password shorter than the minimum', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: PASSWORD_MIN_LENGTH - 1, unit: 'grapheme' }), (password) => {
        fc.pre([...password].length < PASSWORD_MIN_LENGTH);
        expect(PasswordSchema.safeParse(password).success).toBe(false);
        expect(passwordWeakness(password)).toBe('field.password_short');
      }),
    );
  });

  it('refuses every password longer than the maximum', () => {
    fc.assert(
      fc.property(fc.string({ minLength: PASSWORD_MAX_LENGTH + 1, maxLength: 300 }), (password) => {
        expect(PasswordSchema.safeParse(password).success).toBe(false);
      }),
    );
  });

  it('refuses passwords made of only digits, or of one character class, below 16 characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(digit, { minLength: 10, maxLength: 15 }), fc.array(lower, { minLength: 10, maxLength: 15 })), (chars) => {
        expect(passwordWeakness(chars.join(''))).toBeDefined();
      }),
    );
  });

  it('refuses any password that contains a common fragment, however it is padded', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('password', 'Password', 'QWERTY', '123456', 'lozinka', 'пароль', 'iloveyou'),
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        (fragment, before, after) => {
          expect(passwordWeakness(`${before}${fragment}${after}X!9`)).toBeDefined();
        },
      ),
    );
  });

  it('refuses passwords with fewer than five different characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'B', '1', '!'), { minLength: 10, maxLength: 40 }), (chars) => {
        expect(passwordWeakness(chars.join(''))).toBe('field.password_weak');
      }),
    );
  });

  it('accepts mixed passwords of varied characters (no sequences, no common fragment)', () => {
    const mixed = fc
      .tuple(fc.array(fc.oneof(lower, upper, digit, symbol), { minLength: 12, maxLength: 40 }), lower, upper, digit, symbol)
      .map(([rest, a, b, c, d]) => [a, ...rest, b, c, d].join(''))
      .filter((p) => new Set(p.toLowerCase()).size >= 8 && !/(?:123456|654321|abcdef|111111|000000|qwert|asdfgh|zxcvbn|admin123)/i.test(p));
    fc.assert(
      fc.property(mixed, (password) => {
        const weakness = passwordWeakness(password);
        // Whatever it says, the schema and the helper agree.
        expect(PasswordSchema.safeParse(password).success).toBe(weakness === undefined);
      }),
    );
    expect(PasswordSchema.safeParse('Kuda-test!2026').success).toBe(true);
    expect(PasswordSchema.safeParse('correct horse battery staple').success).toBe(true);
  });
});

describe('phone numbers', () => {
  const serbianMobile = fc.tuple(fc.constantFrom('60', '61', '62', '63', '64', '65', '66', '69'), fc.stringMatching(/^\d{7}$/));

  it('normalises any way of writing a Serbian mobile number to the same E.164', () => {
    fc.assert(
      fc.property(serbianMobile, fc.constantFrom(' ', '-', '', '.'), ([prefix, rest], sep) => {
        const e164 = `+381${prefix}${rest}`;
        const written = [`0${prefix}${sep}${rest.slice(0, 3)}${sep}${rest.slice(3)}`, `+381 ${prefix} ${rest}`, `+381${prefix}${rest}`, `(0${prefix}) ${rest}`];
        for (const form of written) expect(normalizePhoneNumber(form)).toBe(e164);
        expect(PhoneNumberSchema.parse(written[0])).toBe(e164);
      }),
    );
  });

  it('is idempotent: a normalised number normalises to itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+?[\d ]{6,16}$/), (input) => {
        const once = normalizePhoneNumber(input);
        if (once) expect(normalizePhoneNumber(once)).toBe(once);
      }),
    );
  });

  it('only ever returns valid E.164 numbers, and refuses text that is not a number', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const result = normalizePhoneNumber(input);
        if (result !== undefined) {
          expect(result).toMatch(/^\+[1-9]\d{6,14}$/);
          expect(parsePhoneNumberFromString(result)?.isValid()).toBe(true);
        }
        if (/[a-z]/i.test(input)) expect(result).toBeUndefined();
      }),
    );
  });
});

describe('e-mail', () => {
  const atom = fc.stringMatching(/^[a-z0-9_+-]{1,12}$/);
  const address = fc
    .tuple(fc.array(atom, { minLength: 1, maxLength: 3 }), fc.array(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/), { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/))
    .map(([local, labels, tld]) => `${local.join('.')}@${labels.join('.')}.${tld}`);

  it('accepts ordinary addresses, trimmed', () => {
    fc.assert(
      fc.property(address, fc.constantFrom('', ' ', '  \t'), (email, pad) => {
        const result = EmailSchema.safeParse(`${pad}${email}${pad}`);
        expect(result.success).toBe(true);
        expect(result.data).toBe(email);
      }),
    );
  });

  it('refuses strings without exactly one @ and a domain', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }).filter((s) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s.trim())), (text) => {
        expect(EmailSchema.safeParse(text).success).toBe(false);
      }),
    );
  });
});

describe('OTP code and public user', () => {
  it('accepts exactly six digits', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{6}$/), (code) => OtpCodeSchema.safeParse(code).success));
    fc.assert(fc.property(fc.string({ maxLength: 10 }).filter((s) => !/^\d{6}$/.test(s.trim())), (code) => !OtpCodeSchema.safeParse(code).success));
  });

  it('has no field that could carry a secret', () => {
    const keys = Object.keys(UserSchema.shape).filter((key) => key !== 'has_password');
    for (const key of keys) expect(key).not.toMatch(/password|hash|code|token|secret|google|facebook/i);
  });
});

/** The first issue's message of a failed parse (a catalogue key under errors:field.*). */
function issue(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('OtpCodeSchema (property)', () => {
  const pad = fc.constantFrom('', ' ', '\t', '  ', '\n');

  it('accepts six ASCII digits with any surrounding whitespace, and gives back the digits alone', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{6}$/), pad, pad, (code, before, after) => {
        expect(OtpCodeSchema.parse(`${before}${code}${after}`)).toBe(code);
      }),
    );
  });

  it('refuses any other count of digits with field.code', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...'0123456789'), { maxLength: 12 }).filter((digits) => digits.length !== 6), (digits) => {
        expect(issue(OtpCodeSchema.safeParse(digits.join('')))).toBe('field.code');
      }),
    );
  });

  it('refuses six digits with anything else inside them, and digits of other scripts', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{6}$/),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(' ', '-', 'a', 'O', '.', '٣', '६', '\u200b'),
        (code, at, extra) => {
          expect(OtpCodeSchema.safeParse(`${code.slice(0, at)}${extra}${code.slice(at)}`).success).toBe(false);
        },
      ),
    );
    // Arabic-Indic and Devanagari digits look like a code but are not one.
    expect(OtpCodeSchema.safeParse('٠١٢٣٤٥').success).toBe(false);
    expect(OtpCodeSchema.safeParse('१२३४५६').success).toBe(false);
  });

  it('refuses what is not a string with field.required', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.constant(null), fc.constant(undefined), fc.boolean()), (value) => {
        expect(issue(OtpCodeSchema.safeParse(value))).toBe('field.required');
      }),
    );
  });
});

describe('PersonNameSchema (property)', () => {
  const forbidden = /[\p{Cc}\p{Cf}<>{}]/u;
  const letters = fc.constantFrom(...'AaČčĆćĐđŠšŽžЉљЊњЂђЋћЏџЖжЇїҐґЁёЫыßøé-\' .');
  const name = fc
    .array(fc.oneof(letters, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), { minLength: 1, maxLength: NAME_MAX_LENGTH })
    .map((parts) => parts.join(''))
    .filter((text) => {
      const trimmed = text.trim();
      return trimmed.length >= 1 && trimmed.length <= NAME_MAX_LENGTH && !forbidden.test(trimmed);
    });

  it('accepts names in any script up to the limit, trimmed, and parsing again changes nothing', () => {
    fc.assert(
      fc.property(name, fc.constantFrom('', ' ', '\u00a0', '\t'), (text, pad) => {
        const parsed = PersonNameSchema.parse(`${pad}${text}${pad}`);
        expect(parsed).toBe(text.trim());
        expect(PersonNameSchema.parse(parsed)).toBe(parsed);
      }),
    );
  });

  it('refuses markup brackets anywhere inside with field.name, and control or invisible format characters with field.control_characters', () => {
    const refused = [
      ...['<', '>', '{', '}'].map((bad) => [bad, 'field.name'] as const),
      ...[...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)), '\u007f', '\u0085'].map((bad) => [bad, 'field.control_characters'] as const),
      // Right-to-left override, zero width space and joiner, byte order mark, soft hyphen: invisible, they make one name look like another.
      ...['\u202e', '\u200b', '\u200d', '\ufeff', '\u00ad'].map((bad) => [bad, 'field.control_characters'] as const),
    ];
    fc.assert(
      fc.property(name.filter((text) => text.trim().length < NAME_MAX_LENGTH), fc.constantFrom(...refused), fc.nat(), (text, [bad, message], at) => {
        const trimmed = text.trim();
        const position = 1 + (at % trimmed.length);
        // Inside the name (after its first character), so trimming cannot remove it.
        const tainted = `${trimmed.slice(0, position)}${bad}${trimmed.slice(position)}x`;
        expect(issue(PersonNameSchema.safeParse(tainted))).toBe(message);
      }),
    );
  });

  it('refuses blank input with field.required and names over the limit with field.name_long', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u2003'), { maxLength: 10 }), (blank) => {
        expect(issue(PersonNameSchema.safeParse(blank.join('')))).toBe('field.required');
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: NAME_MAX_LENGTH + 1, max: 400 }), letters.filter((c) => c.trim() !== ''), (length, letter) => {
        expect(issue(PersonNameSchema.safeParse(letter.repeat(length)))).toBe('field.name_long');
      }),
    );
  });
});
