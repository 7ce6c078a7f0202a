// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventCapacity } from '../../../shared/schemas/reservations';
import { renderAt } from '../../test-support/render';
import { EventCapacityCard } from './event-capacity-card';

afterEach(cleanup);

const EVENT: EventCapacity = {
  event_id: 7,
  title: 'Jazz night',
  starts_at: '2030-06-01T19:00:00.000Z',
  mode: 'instant',
  capacity: 10,
  taken: 10,
  remaining: 0,
  waitlisted: 2,
  waitlisted_people: 5,
};

describe('EventCapacityCard', () => {
  it('says how many parties wait and how many people they are, with each language’s plural forms', async () => {
    renderAt(<EventCapacityCard event={EVENT} timeZone="Europe/Belgrade" selected={false} onSelect={() => undefined} />);
    expect(screen.getByText('2 parties waiting · 5 people')).toBeTruthy();
    cleanup();
    renderAt(<EventCapacityCard event={{ ...EVENT, waitlisted: 1, waitlisted_people: 1 }} timeZone="Europe/Belgrade" selected={false} onSelect={() => undefined} />);
    expect(screen.getByText('1 party waiting · 1 person')).toBeTruthy();
    cleanup();
    renderAt(<EventCapacityCard event={EVENT} timeZone="Europe/Belgrade" selected={false} onSelect={() => undefined} />, { locale: 'sr' });
    expect(screen.getByText('2 grupe čekaju · 5 osoba')).toBeTruthy();
    cleanup();
    renderAt(<EventCapacityCard event={{ ...EVENT, waitlisted: 5, waitlisted_people: 22 }} timeZone="Europe/Belgrade" selected={false} onSelect={() => undefined} />, { locale: 'ru' });
    expect(screen.getByText('5 групп ждут · 22 человека')).toBeTruthy();
  });

  it('says nothing about a waitlist when nobody waits', async () => {
    renderAt(<EventCapacityCard event={{ ...EVENT, waitlisted: 0, waitlisted_people: 0 }} timeZone="Europe/Belgrade" selected={false} onSelect={() => undefined} />);
    expect(screen.queryByText(/waiting/)).toBeNull();
  });
});

describe('EventCapacityCard before the first reservation', () => {
  it('shows an empty bar and says every place is free, in each language', () => {
    const empty = { ...EVENT, capacity: 40, taken: 0, remaining: 40, waitlisted: 0, waitlisted_people: 0 };
    renderAt(<EventCapacityCard event={empty} timeZone="Europe/Belgrade" selected={false} onSelect={() => undefined} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByTestId('event-remaining').textContent).toBe('All 40 places free');
    cleanup();
    renderAt(<EventCapacityCard event={empty} timeZone="Europe/Belgrade" selected={false} onSelect={() => undefined} />, { locale: 'sr' });
    expect(screen.getByTestId('event-remaining').textContent).toBe('Svih 40 mesta je slobodno');
    cleanup();
    renderAt(<EventCapacityCard event={{ ...empty, capacity: 3, remaining: 3 }} timeZone="Europe/Belgrade" selected={false} onSelect={() => undefined} />, { locale: 'uk' });
    expect(screen.getByTestId('event-remaining').textContent).toBe('Усі 3 місця вільні');
  });

  it('counts the places left once someone has booked', () => {
    renderAt(<EventCapacityCard event={{ ...EVENT, capacity: 40, taken: 2, remaining: 38 }} timeZone="Europe/Belgrade" selected={false} onSelect={() => undefined} />);
    expect(screen.getByTestId('event-remaining').textContent).toBe('38 places left');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5');
  });
});
