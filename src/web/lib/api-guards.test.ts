import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TokenPairSchema } from '../../shared/schemas/auth';
import { ProblemSchema } from '../../shared/schemas/problem';
import { asTokenPair, isProblem } from './api-guards';

const problem = {
  type: 'about:blank',
  title: 'Too many requests',
  status: 429,
  detail: 'Try again later',
  code: 'rate_limited',
};

// Values near the shapes the guards check, so that most of them are almost (or exactly) valid.
const field = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(undefined, null, 0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2, true, [], {}),
  fc.array(fc.string()),
  fc.dictionary(fc.string(), fc.oneof(fc.array(fc.string()), fc.array(fc.integer()), fc.string())),
);
const validProblem = fc.record(
  {
    type: fc.string(),
    title: fc.string(),
    status: fc.integer({ min: 100, max: 599 }),
    detail: fc.string(),
    code: fc.string(),
    instance: fc.string(),
    errors: fc.dictionary(fc.string(), fc.array(fc.string())),
    retry_after: fc.integer({ min: 1, max: 3600 }),
  },
  { requiredKeys: ['type', 'title', 'status', 'detail', 'code'] },
);
const PROBLEM_KEYS = ['type', 'title', 'status', 'detail', 'code', 'instance', 'errors', 'retry_after'] as const;
/** A valid problem with one field replaced by an arbitrary value (or removed): it may or may not stay valid. */
const nearProblem = fc
  .tuple(validProblem, fc.constantFrom(...PROBLEM_KEYS), field)
  .map(([valid, key, value]) => ({ ...valid, [key]: value }));

describe('the API client guards', () => {
  it('accept a problem exactly when ProblemSchema does', () => {
    fc.assert(
      fc.property(fc.oneof(nearProblem, validProblem, field), (value) => {
        expect(isProblem(value)).toBe(ProblemSchema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('accept a full problem with field errors and retry_after, and refuse one without a code', () => {
    expect(isProblem({ ...problem, errors: { email: ['taken'] }, retry_after: 30 })).toBe(true);
    expect(isProblem({ ...problem, code: undefined })).toBe(false);
    expect(isProblem([problem])).toBe(false);
  });

  it('read a token pair exactly when TokenPairSchema does, without the extra fields', () => {
    const pairLike = fc.record({ access_token: fc.oneof(fc.string(), field), refresh_token: fc.oneof(fc.string(), field), extra: field }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.oneof(pairLike, field), (value) => {
        const parsed = TokenPairSchema.safeParse(value);
        expect(asTokenPair(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});
