import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CursorSchema, DatedCursorSchema, EmptyBodySchema, SearchCursorSchema, EventCursorSchema, IdSchema, decodeCursor, encodeCursor } from './common';

describe('ids', () => {
  it('take one spelling: decimal digits without sign, leading zero, exponent or white space', () => {
    for (const [input, expected] of [
      ['16', 16],
      ['1', 1],
      ['9007199254740991', 9007199254740991],
    ] as const) {
      expect(IdSchema.parse(input), input).toBe(expected);
    }
    for (const input of ['0x10', '+16', '1.6e1', '016', ' 16', '16 ', '-16', '0', '', '1e3', '16.0', '9007199254740992', '99999999999999999999', '١٦']) {
      expect(IdSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });

  it('read back every positive safe integer written in decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(IdSchema.parse(String(id))).toBe(id);
      }),
    );
  });
});

describe('keyset cursors', () => {
  it('decode what they encode, with and without a date, and are URL-safe', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (id, at) => {
        const plain = encodeCursor({ id });
        const dated = encodeCursor({ id, at });
        expect(plain).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(dated).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeCursor(plain)).toEqual({ id });
        expect(decodeCursor(dated, { dated: true })).toEqual({ id, at });
        expect(CursorSchema.parse(plain)).toBe(plain);
        expect(DatedCursorSchema.parse(dated)).toBe(dated);
      }),
    );
  });

  it('stay readable across the change to one helper: the cursors the lists wrote before still decode', () => {
    expect(decodeCursor(Buffer.from('42').toString('base64url'))).toEqual({ id: 42 });
    const at = new Date('2026-05-01T18:00:00.000Z');
    expect(decodeCursor(Buffer.from(`${at.toISOString()}|7`).toString('base64url'), { dated: true })).toEqual({ id: 7, at });
  });

  it('refuse anything this API did not write', () => {
    const dated = encodeCursor({ id: 3, at: new Date('2026-05-01T18:00:00.000Z') });
    for (const [value, options] of [
      ['zzz!', {}],
      ['', {}],
      [Buffer.from('0').toString('base64url'), {}],
      [Buffer.from('-3').toString('base64url'), {}],
      [Buffer.from('3|4').toString('base64url'), {}],
      [dated, {}],
      [encodeCursor({ id: 3 }), { dated: true }],
      [Buffer.from('not a date|3').toString('base64url'), { dated: true }],
      [Buffer.from('2026-05-01|3').toString('base64url'), { dated: true }],
    ] as const) {
      expect(decodeCursor(value, options), `${value} ${JSON.stringify(options)}`).toBeUndefined();
    }
    expect(CursorSchema.safeParse('x'.repeat(301)).success).toBe(false);
  });

  it('carry a relevance rank before the date for search, and never pass for the other order', () => {
    const at = new Date('2026-05-01T18:00:00.000Z');
    const ranked = encodeCursor({ rank: 2, at, id: 9 });
    expect(decodeCursor(ranked, { ranked: true })).toEqual({ rank: 2, at, id: 9 });
    expect(decodeCursor(ranked, { dated: true })).toBeUndefined();
    expect(decodeCursor(encodeCursor({ at, id: 9 }), { ranked: true })).toBeUndefined();
    expect(decodeCursor(Buffer.from(`x|${at.toISOString()}|9`).toString('base64url'), { ranked: true })).toBeUndefined();
    expect(SearchCursorSchema.safeParse(ranked).success).toBe(true);
    expect(SearchCursorSchema.safeParse(encodeCursor({ at, id: 9 })).success).toBe(true);
    expect(SearchCursorSchema.safeParse(encodeCursor({ id: 9 })).success).toBe(false);
  });

  it('carry the distance in metres before the date for sort=distance, never mistaken for a relevance cursor', () => {
    const at = new Date('2026-05-01T18:00:00.000Z');
    const distanced = encodeCursor({ distance: 1250, at, id: 9 });
    expect(decodeCursor(distanced, { distanced: true })).toEqual({ distance: 1250, at, id: 9 });
    expect(decodeCursor(distanced, { ranked: true })).toBeUndefined();
    expect(decodeCursor(distanced, { dated: true })).toBeUndefined();
    expect(decodeCursor(encodeCursor({ rank: 1, at, id: 9 }), { distanced: true })).toBeUndefined();
    expect(EventCursorSchema.safeParse(distanced).success).toBe(true);
    expect(EventCursorSchema.safeParse(encodeCursor({ at, id: 9 })).success).toBe(true);
    // A listing's date order pages by (tier, date, id): cancelled events are its last tier.
    expect(EventCursorSchema.safeParse(encodeCursor({ rank: 1, at, id: 9 })).success).toBe(true);
  });
});

describe('EmptyBodySchema', () => {
  it('takes no body or {}, and refuses any field', () => {
    expect(EmptyBodySchema.parse(null)).toBeNull();
    expect(EmptyBodySchema.parse(undefined)).toBeUndefined();
    expect(EmptyBodySchema.parse({})).toEqual({});
    expect(EmptyBodySchema.safeParse({ reason: 'x' }).success).toBe(false);
  });
});
