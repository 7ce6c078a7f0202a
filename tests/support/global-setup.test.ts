import { describe, expect, it } from 'vitest';
import { postgresForRun } from './global-setup';

describe('which PostgreSQL a test run uses', () => {
  it('uses TEST_DATABASE_URL when it is set', () => {
    expect(postgresForRun({ TEST_DATABASE_URL: 'postgres://db/test', CI: 'true' })).toEqual({ url: 'postgres://db/test' });
  });

  it('says in one line that PostgreSQL is skipped when a local run has no TEST_DATABASE_URL', () => {
    const plan = postgresForRun({});
    expect(plan.url).toBeNull();
    expect(plan.note).toMatch(/^PostgreSQL skipped: TEST_DATABASE_URL is not set/);
    expect(plan.note).not.toContain('\n');
  });

  it('refuses to run on CI without TEST_DATABASE_URL, and an empty one counts as missing', () => {
    expect(() => postgresForRun({ CI: 'true' })).toThrow(/CI is set but TEST_DATABASE_URL is not/);
    expect(() => postgresForRun({ CI: '1', TEST_DATABASE_URL: ' ' })).toThrow(/TEST_DATABASE_URL/);
  });
});
