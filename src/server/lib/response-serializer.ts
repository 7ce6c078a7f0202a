/**
 * Fastify's serializer compiler for the routes' zod response schemas: each schema is turned into JSON
 * Schema once (zod's own `toJSONSchema`) and compiled by fast-json-stringify, which writes exactly the
 * declared properties, as zod's encode followed by JSON.stringify did (issue #13: "serialise with the
 * response schema"; the one difference is member order, required members first). zod's encode validates
 * and copies the whole answer first: 0.29–0.50 ms of a 25-card listing page, against 0.05 ms compiled
 * (docs/performance.md, decision 0019).
 *
 * Outside production every answer is also encoded by zod, as before: an answer that breaks its schema
 * fails with the same ResponseSerializationError, and one the two serializers would write differently
 * fails loudly, so the test suites hold the compiled serializers to zod's output value for value. A schema
 * JSON Schema cannot express (a `z.date()`, say) keeps zod's serializer.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySchema } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };
type CompilerInput = { schema: FastifySchema | z.ZodType; method: string; url: string; httpStatus?: string };
type Serialize = (data: unknown) => string;

/** Keywords that only validate: fast-json-stringify has no use for them, and `format` would change how it writes a string. */
const VALIDATION_ONLY = new Set(['$schema', 'format', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'multipleOf', 'description', 'title', 'examples', 'default']);

/** Keywords whose keys are names (of properties, of definitions), each naming a schema. */
const NAMED = new Set(['properties', 'definitions', '$defs', 'patternProperties']);

/**
 * zod's JSON Schema in the dialect fast-json-stringify writes fastest: `anyOf: [X, {type: null}]` and
 * `type: [X, 'null']` become X with `nullable: true` (an anyOf is resolved by running a validator on every
 * answer), and validation-only keywords go.
 */
function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as JsonSchema;
  const options = source.anyOf;
  if (Array.isArray(options) && options.length === 2 && Object.keys(source).length === 1) {
    const isNull = (option: JsonSchema) => option.type === 'null' && Object.keys(option).length === 1;
    const other = (options as JsonSchema[]).find((option) => !isNull(option));
    if (other && (options as JsonSchema[]).some(isNull)) {
      const inner = forSerializer(other) as JsonSchema;
      if (typeof inner.type === 'string') return { ...inner, nullable: true };
    }
  }
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(source)) {
    if (VALIDATION_ONLY.has(keyword)) continue;
    // Property and definition names are data here, not keywords.
    if (NAMED.has(keyword) && value && typeof value === 'object') {
      result[keyword] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, forSerializer(property)]));
    } else result[keyword] = forSerializer(value);
  }
  if (Array.isArray(result.type)) {
    const types = (result.type as string[]).filter((type) => type !== 'null');
    if (types.length === 1 && types.length < (result.type as string[]).length) {
      result.type = types[0];
      result.nullable = true;
    }
  }
  return result;
}

function zodSchemaOf(schema: CompilerInput['schema']): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const wrapped = (schema as { properties?: unknown }).properties;
  if (wrapped instanceof z.ZodType) return wrapped;
  throw new TypeError('A response schema that is not a zod schema');
}

/** The compiled serializer of `schema`, or undefined where JSON Schema cannot say what zod's encode does. */
export function compiledSerializer(schema: z.ZodType): Serialize | undefined {
  try {
    return fastJson(forSerializer(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as never) as Serialize;
  } catch {
    return undefined;
  }
}

export function createResponseSerializerCompiler(options: { checked: boolean }) {
  // Compiled on a route's first answer, not when the route is added: Fastify asks for every route's and
  // status's serializer while the server starts, and most are never used by a given instance.
  return (input: CompilerInput): Serialize => {
    let serialize: Serialize | undefined;
    return (data) => (serialize ??= serializerFor(input, options.checked))(data);
  };
}

function serializerFor(input: CompilerInput, checked: boolean): Serialize {
  const zodSerialize = zodSerializerCompiler(input as never) as Serialize;
  const fast = compiledSerializer(zodSchemaOf(input.schema));
  if (!fast) return zodSerialize;
  if (!checked) return fast;
  return (data) => {
    // Throws zod's ResponseSerializationError where the answer breaks its schema, as in production before.
    const expected = zodSerialize(data);
    const written = fast(data);
    if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
      throw new Error(`${input.method} ${input.url}: the compiled serializer wrote ${written.slice(0, 400)} where zod wrote ${expected.slice(0, 400)}`);
    }
    return written;
  };
}
