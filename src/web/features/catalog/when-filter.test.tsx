// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type DateConstraint, EMPTY_ARGS, listingSearch } from '../../lib/listing-args';
import { renderAt } from '../../test-support/render';
import { todayInBelgrade } from './event-format';
import { WhenFilter } from './when-filter';

/** A Belgrade calendar day `offset` days from today (the picker refuses days before today). */
const day = (offset: number) => todayInBelgrade(new Date(Date.now() + offset * 86_400_000));

const args = { ...EMPTY_ARGS, city: 'novi-sad', free: true };
const hrefFor = (date: DateConstraint) => `/en/${listingSearch({ ...args, date })}`;

function renderFilter(date: DateConstraint, tonight = false) {
  return renderAt(
    <WhenFilter
      locale="en"
      date={date}
      hrefFor={hrefFor}
      action="/en/"
      hidden={[...new URLSearchParams(listingSearch({ ...args, date }))]}
      tonight={tonight}
      today="2026-06-01"
    />,
    { path: `/en/${listingSearch({ ...args, date })}` },
  );
}

describe('the date filter of every listing', () => {
  afterEach(cleanup);

  it('is links that turn a preset on and off, keeping the other filters, and says Tonight from 18:00', () => {
    renderFilter({ kind: 'preset', preset: 'weekend' }, true);
    const weekend = screen.getByRole('link', { name: 'This weekend' });
    expect(weekend.getAttribute('aria-current')).toBe('true');
    expect(weekend.getAttribute('href')).toBe('/en/?city=novi-sad&free=1');
    expect(screen.getByRole('link', { name: 'Tonight' }).getAttribute('href')).toBe('/en/?city=novi-sad&when=today&free=1');
    expect(screen.queryByRole('link', { name: 'Today' })).toBeNull();
  });

  it('sends a range with the other filters as a GET form, and opens its page at once with JavaScript', async () => {
    const user = userEvent.setup();
    const { router } = renderFilter(null);
    const form = screen.getByTestId('date-range-form') as HTMLFormElement;
    expect(form.method).toBe('get');
    expect([...new FormData(form)].filter(([name]) => name !== 'from' && name !== 'to')).toEqual([
      ['city', 'novi-sad'],
      ['free', '1'],
    ]);
    await user.click(screen.getByTestId('filter-range'));
    fireEvent.change(screen.getByLabelText(/From/), { target: { value: day(3) } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: day(5) } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?city=novi-sad&from=${day(3)}&to=${day(5)}&free=1`));
  });
});
