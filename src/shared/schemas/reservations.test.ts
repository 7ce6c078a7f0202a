import { describe, expect, it } from 'vitest';
import {
  ACTIVE_STATUSES,
  COUNTED_STATUSES,
  CreateReservationSchema,
  CancelEventSchema,
  DecisionSchema,
  DecisionStatusSchema,
  FINAL_STATUSES,
  MESSAGE_REQUIRED_DECISIONS,
  RESERVATION_STATUSES,
  RESERVATION_TRANSITIONS,
  canTransition,
  decisionNeedsMessage,
  nextStatuses,
} from './reservations';

describe('the reservation transition table', () => {
  it('never leaves a final status', () => {
    for (const status of FINAL_STATUSES) {
      expect(RESERVATION_TRANSITIONS.filter((move) => move.from === status)).toEqual([]);
    }
  });

  it('lists each move once and only between known statuses', () => {
    const keys = RESERVATION_TRANSITIONS.map((move) => `${move.from}>${move.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const move of RESERVATION_TRANSITIONS) {
      expect(RESERVATION_STATUSES).toContain(move.to);
      if (move.from !== null) expect(RESERVATION_STATUSES).toContain(move.from);
    }
  });

  it('creates only as accepted, pending or waitlisted, by the guest', () => {
    expect(RESERVATION_STATUSES.filter((status) => canTransition(null, status, 'guest'))).toEqual(['pending', 'accepted', 'waitlisted']);
    expect(canTransition(null, 'accepted', 'venue')).toBe(false);
  });

  it('gives the venue accept/reject/ask on requests, and never a place to a waitlisted party', () => {
    expect(nextStatuses('pending', 'venue')).toEqual(['accepted', 'rejected', 'action_needed', 'cancelled']);
    expect(nextStatuses('action_needed', 'venue')).toEqual(['accepted', 'rejected', 'cancelled']);
    expect(nextStatuses('waitlisted', 'venue')).toEqual(['rejected', 'cancelled']);
    expect(nextStatuses('accepted', 'venue')).toEqual(['cancelled']);
  });

  it('lets the venue cancel every active reservation, and nothing final', () => {
    for (const status of ACTIVE_STATUSES) expect(canTransition(status, 'cancelled', 'venue'), status).toBe(true);
    for (const status of FINAL_STATUSES) expect(nextStatuses(status, 'venue'), status).toEqual([]);
    // The system never cancels: only the guest and the venue do.
    expect(RESERVATION_STATUSES.filter((status) => canTransition(status, 'cancelled', 'system'))).toEqual([]);
    // Every status the venue may reach is one the decision call accepts.
    const venueTargets = new Set(RESERVATION_TRANSITIONS.filter((move) => move.by.includes('venue')).map((move) => move.to));
    expect([...venueTargets].sort()).toEqual([...DecisionStatusSchema.options].sort());
  });

  it('lets the guest answer (back to pending) and cancel any active reservation', () => {
    expect(canTransition('action_needed', 'pending', 'guest')).toBe(true);
    expect(canTransition('pending', 'pending', 'guest')).toBe(false);
    for (const status of ACTIVE_STATUSES) expect(canTransition(status, 'cancelled', 'guest')).toBe(true);
    expect(canTransition('pending', 'accepted', 'guest')).toBe(false);
  });

  it('promotes from the waitlist only by the system', () => {
    expect(nextStatuses('waitlisted', 'system')).toEqual(['accepted', 'pending']);
    expect(canTransition('pending', 'accepted', 'system')).toBe(false);
  });

  it('counts pending, action_needed and accepted against capacity', () => {
    expect([...COUNTED_STATUSES]).toEqual(['pending', 'action_needed', 'accepted']);
  });
});

describe('request schemas', () => {
  it('requires a message when asking for action, as a field error', () => {
    const result = DecisionSchema.safeParse({ status: 'action_needed', message: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['message'], message: 'field.required' })]);
    expect(DecisionSchema.safeParse({ status: 'action_needed', message: 'Your ages?' }).success).toBe(true);
    expect(DecisionSchema.safeParse({ status: 'accepted' }).success).toBe(true);
    expect(DecisionSchema.safeParse({ status: 'waitlisted' }).success).toBe(false);
  });

  it('requires a message to cancel, trimmed, as a field error', () => {
    for (const message of [undefined, '', '   ']) {
      const result = DecisionSchema.safeParse({ status: 'cancelled', message });
      expect(result.success, String(message)).toBe(false);
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['message'], message: 'field.required' })]);
    }
    expect(DecisionSchema.safeParse({ status: 'cancelled', message: ' The terrace is closed. ' }).data).toEqual({
      status: 'cancelled',
      message: 'The terrace is closed.',
    });
    expect([...MESSAGE_REQUIRED_DECISIONS].every((status) => decisionNeedsMessage(status))).toBe(true);
    expect(decisionNeedsMessage('rejected')).toBe(false);
    expect(CancelEventSchema.safeParse({ message: ' ' }).success).toBe(false);
    expect(CancelEventSchema.safeParse({ message: 'Called off.', extra: 1 }).success).toBe(false);
  });

  it('bounds party size and note', () => {
    expect(CreateReservationSchema.safeParse({ event_id: 1, party_size: 2, note: ' hi ' }).data).toEqual({ event_id: 1, party_size: 2, note: 'hi' });
    expect(CreateReservationSchema.safeParse({ event_id: 1, party_size: 51 }).success).toBe(false);
    expect(CreateReservationSchema.safeParse({ event_id: 1, party_size: 1.5 }).success).toBe(false);
  });
});
