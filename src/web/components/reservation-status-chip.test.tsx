// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RESERVATION_STATUSES } from '../../shared/schemas/reservations';
import { STATUS_STYLE } from './reservation-status';
import { ReservationStatusChip } from './reservation-status-chip';
import { renderAt } from '../test-support/render';

afterEach(cleanup);

const ENGLISH = {
  pending: 'Pending',
  action_needed: 'Action needed',
  accepted: 'Accepted',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  waitlisted: 'Waitlisted',
} as const;

const SERBIAN = {
  pending: 'Na čekanju',
  action_needed: 'Potrebna akcija',
  accepted: 'Prihvaćena',
  rejected: 'Odbijena',
  cancelled: 'Otkazana',
  waitlisted: 'Lista čekanja',
} as const;

/** WCAG 2.x relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('ReservationStatusChip', () => {
  it.each(RESERVATION_STATUSES)('shows the %s status with its label and its own icon', async (status) => {
    renderAt(<ReservationStatusChip status={status} />);
    const chip = screen.getByTestId('reservation-status');
    expect(chip).toHaveProperty('textContent', ENGLISH[status]);
    expect(chip.getAttribute('data-status')).toBe(status);
    // The icon is there (not colour alone) and hidden from screen readers, which read the label.
    const icon = chip.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
  });

  it.each(RESERVATION_STATUSES)('labels the %s status in Serbian (Latin script)', async (status) => {
    renderAt(<ReservationStatusChip status={status} />, { locale: 'sr' });
    expect(screen.getByTestId('reservation-status').textContent).toBe(SERBIAN[status]);
  });

  it('gives every status a colour and an icon of its own', () => {
    const colours = RESERVATION_STATUSES.map((status) => STATUS_STYLE[status].color);
    const icons = RESERVATION_STATUSES.map((status) => STATUS_STYLE[status].Icon);
    expect(new Set(colours).size).toBe(RESERVATION_STATUSES.length);
    expect(new Set(icons).size).toBe(RESERVATION_STATUSES.length);
  });

  it('keeps every status colour readable on the dark paper (AA contrast, 4.5:1 or more)', () => {
    for (const status of RESERVATION_STATUSES) {
      expect(contrast(STATUS_STYLE[status].color, '#171a21'), status).toBeGreaterThanOrEqual(4.5);
    }
  });
});
