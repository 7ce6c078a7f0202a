// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { SavedEvent } from '../../../shared/schemas/saved';
import { formatEventDate } from '../../lib/format';
import { eventSummary } from '../../test-support/event-summary';
import { renderAt } from '../../test-support/render';
import { SavedList } from './saved-list';

afterEach(cleanup);

const saved = (overrides: Partial<SavedEvent>): SavedEvent => ({
  ...eventSummary(),
  saved_at: '2026-11-20T10:00:00.000Z',
  change: null,
  past: false,
  ...overrides,
});

it('flags what changed on each saved event and lists the past ones under their own heading', () => {
  renderAt(
    <SavedList
      first={[
        saved({ id: 1, title: 'Called off', status: 'cancelled', change: 'cancelled' }),
        saved({ id: 2, title: 'Waiting', status: 'postponed', date_tba: true, change: 'postponed' }),
        saved({ id: 3, title: 'Moved', status: 'rescheduled', starts_at: '2026-12-20T19:00:00.000Z', previous_starts_at: '2026-12-05T19:00:00.000Z', change: 'rescheduled' }),
        saved({ id: 4, title: 'As planned' }),
        saved({ id: 5, title: 'Last week', past: true, starts_at: '2026-11-10T19:00:00.000Z' }),
      ]}
      firstCursor={null}
    />,
  );
  const upcoming = screen.getByRole('list', { name: 'Coming up' });
  const flags = within(upcoming)
    .getAllByTestId('saved-flag')
    .map((flag) => flag.textContent);
  expect(flags).toEqual(['Cancelled', 'Postponed, new date to be announced', `Moved to ${formatEventDate('2026-12-20T19:00:00.000Z', 'Europe/Belgrade', 'en')}`]);
  expect(within(upcoming).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Called off', 'Waiting', 'Moved', 'As planned']);
  const past = screen.getByRole('list', { name: 'Already happened' });
  expect(within(past).getByRole('heading', { level: 3 }).textContent).toBe('Last week');
  expect(within(past).queryAllByTestId('saved-flag')).toEqual([]);
  // Everything is on the page already: no "show more".
  expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
});
