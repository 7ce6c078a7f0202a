import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { canMove, publishTarget, requireMove } from './event-lifecycle';

describe('event lifecycle', () => {
  it.each([
    ['draft', 'published', true],
    ['draft', 'scheduled', true],
    ['draft', 'pending_review', true],
    ['scheduled', 'draft', true],
    ['scheduled', 'published', true],
    ['published', 'archived', true],
    ['pending_review', 'archived', true],
    ['published', 'draft', false],
    ['archived', 'published', false],
    ['draft', 'archived', false],
  ] as const)('moving %s → %s is allowed: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });

  it('refuses a move outside the table as the conflict event_transition', () => {
    expect(() => requireMove('published', 'draft')).toThrow(AppError);
    try {
      requireMove('published', 'draft');
    } catch (error) {
      expect(error).toMatchObject({ kind: 'conflict', code: 'event_transition' });
    }
  });

  it('publishes a trusted organizer now or at a future time, and sends the others to review', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(publishTarget({ trusted: true, publishAt: null, now })).toBe('published');
    expect(publishTarget({ trusted: true, publishAt: new Date('2026-04-30T10:00:00Z'), now })).toBe('published');
    expect(publishTarget({ trusted: true, publishAt: new Date('2026-05-02T10:00:00Z'), now })).toBe('scheduled');
    expect(publishTarget({ trusted: false, publishAt: null, now })).toBe('pending_review');
  });
});
