import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventPageSchema, HomeSchema, SearchResultSchema } from '../../shared/schemas/catalog';
import { compiledSerializer, createResponseSerializerCompiler } from './response-serializer';

const Card = z.object({
  id: z.number().int(),
  title: z.string(),
  ends_at: z.string().nullable(),
  status: z.enum(['scheduled', 'cancelled']),
  venue: z.object({ name: z.string(), lat: z.number().optional() }).nullable(),
  names: z.record(z.string(), z.string()),
  tags: z.array(z.object({ slug: z.string() })),
  distance_km: z.number().nullable().optional(),
  at: z.iso.datetime(),
});
const Page = z.object({ items: z.array(Card), next_cursor: z.string().nullable() }).describe('A page');

const card = {
  id: 7,
  title: 'Koncert "Ђорђе" \\ <b>\u2028',
  ends_at: null,
  status: 'scheduled',
  venue: { name: 'Dom omladine', lat: 44.81 },
  names: { sr: 'Beograd', uk: 'Белград' },
  tags: [{ slug: 'uzivo' }],
  at: '2026-12-07T19:30:00.000Z',
};

const compile = (schema: z.ZodType, checked = false) =>
  createResponseSerializerCompiler({ checked })({ schema, method: 'GET', url: '/test' });

describe('response serializer', () => {
  it('writes what zod encode and JSON.stringify write: nulls, optional members, records, escapes', () => {
    const serialize = compile(Page);
    const pages = [
      { items: [card, { ...card, id: 8, venue: null, ends_at: '2026-12-08T01:00:00.000Z', distance_km: 1.25, names: {} }], next_cursor: 'abc' },
      { items: [], next_cursor: null },
      { items: [{ ...card, venue: { name: 'Online' }, distance_km: null }], next_cursor: null },
    ];
    // The same JSON value; fast-json-stringify puts required members before optional ones.
    for (const page of pages) expect(JSON.parse(serialize(page))).toStrictEqual(JSON.parse(JSON.stringify(Page.parse(page))));
    expect(serialize(pages[1])).toBe('{"items":[],"next_cursor":null}');
  });

  it('writes only the declared members: what a row carries beyond the schema never reaches the answer', () => {
    const serialize = compile(Page);
    const written = serialize({ items: [{ ...card, password_hash: 'secret', venue: { ...card.venue, owner_email: 'a@b.rs' } }], next_cursor: null });
    expect(written).not.toContain('secret');
    expect(written).not.toContain('owner_email');
    expect(JSON.parse(written).items[0].venue).toEqual({ name: 'Dom omladine', lat: 44.81 });
  });

  it('is compiled for the hot catalogue answers, and keeps zod for a schema JSON Schema cannot express', () => {
    for (const schema of [EventPageSchema, SearchResultSchema, HomeSchema]) expect(compiledSerializer(schema)).toBeTypeOf('function');
    const Dated = z.object({ at: z.date() });
    expect(compiledSerializer(Dated)).toBeUndefined();
    expect(compile(Dated)({ at: new Date(Date.UTC(2026, 11, 7, 19, 30)) })).toBe('{"at":"2026-12-07T19:30:00.000Z"}');
  });

  it('outside production, refuses an answer that breaks its schema as zod did', () => {
    const serialize = compile(Page, true);
    expect(() => serialize({ items: [{ ...card, status: 'lost' }], next_cursor: null })).toThrow(ResponseSerializationError);
    expect(serialize({ items: [card], next_cursor: null })).toBe(JSON.stringify(Page.parse({ items: [card], next_cursor: null })));
  });

  it('in production, a missing required member is still an error, not an answer without it', () => {
    const { title: _title, ...untitled } = card;
    expect(() => compile(Page)({ items: [untitled], next_cursor: null })).toThrow(/title/);
  });
});
