// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_ARGS } from '../../lib/listing-args';
import { renderAt } from '../../test-support/render';
import { SearchFilters } from './search-filters';
import type { SearchState } from './search-url';

const categories = [
  { slug: 'koncerti', name: 'Concerts' },
  { slug: 'pozoriste', name: 'Theatre' },
];
const cities = [
  { slug: 'beograd', name: 'Belgrade' },
  { slug: 'novi-sad', name: 'Novi Sad' },
];

describe('search filters', () => {
  afterEach(cleanup);

  it('are links that turn free and reservable on and off, keeping the date', () => {
    const state: SearchState = { q: 'jazz', args: { ...EMPTY_ARGS, date: { kind: 'preset', preset: 'weekend' } }, sort: 'relevance' };
    renderAt(<SearchFilters locale="en" state={state} categories={categories} cities={cities} />, { path: '/en/search?q=jazz&when=weekend' });
    expect(screen.getByRole('link', { name: 'Free' }).getAttribute('href')).toBe('/en/search?q=jazz&when=weekend&free=1');
    expect(screen.getByRole('link', { name: 'Reservable' }).getAttribute('aria-current')).toBeNull();
  });

  it('open the search for a category, a city and another order when chosen', async () => {
    const user = userEvent.setup();
    const state: SearchState = { q: 'jazz', args: EMPTY_ARGS, sort: 'relevance' };
    const { router } = renderAt(<SearchFilters locale="en" state={state} categories={categories} cities={cities} />, { path: '/en/search?q=jazz' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Novi Sad');
    await waitFor(() => expect(router.state.location.search).toBe('?q=jazz&city=novi-sad'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Theatre');
    await waitFor(() => expect(router.state.location.search).toBe('?q=jazz&category=pozoriste'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Soonest first');
    await waitFor(() => expect(router.state.location.search).toBe('?q=jazz&sort=soonest'));
  });
});
