// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventSummary, SearchResult } from '../../shared/schemas/catalog';
import { EMPTY_ARGS } from '../lib/listing-args';
import { INITIAL_EVENT_LIST, useEventListStore } from '../stores/event-list-store';
import { fakeApi, json } from '../test-support/fake-api';
import { renderAt } from '../test-support/render';
import type { Route } from './+types/search';
import SearchPage from './search';
import { eventSummary } from '../test-support/event-summary';

function event(id: number): EventSummary {
  return eventSummary({ id, slug: `jazz-${id}`, title: `Jazz night ${id}`, starts_at: '2026-12-01T19:00:00.000Z', venue: null });
}

function page(result: Partial<SearchResult>) {
  const loaderData = {
    locale: 'en' as const,
    state: { q: 'jazz', args: EMPTY_ARGS, sort: 'relevance' as const },
    result: { query: 'jazz', events: [], venues: [], categories: [], next_cursor: null, total: 0, spelling: null, ...result },
    categories: [{ slug: 'koncerti', name: 'Concerts' }],
    cities: [{ slug: 'beograd', name: 'Belgrade' }],
    when: { tonight: false, today: '2026-06-01' },
    origin: 'http://kuda.test',
    canonical: 'http://kuda.test/en/search?q=jazz',
    alternates: [],
  };
  return <SearchPage {...({ loaderData } as unknown as Route.ComponentProps)} />;
}

describe('search page', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useEventListStore.setState({ ...INITIAL_EVENT_LIST });
  });
  afterEach(cleanup);

  it('shows the true total and loads the next pages from GET /search', async () => {
    const api = fakeApi({
      'GET /search': () => json({ query: 'jazz', events: [event(3)], venues: [], categories: [], next_cursor: null, total: 3, spelling: null }),
    });
    const user = userEvent.setup();
    renderAt(page({ events: [event(1), event(2)], next_cursor: 'next', total: 3 }), { path: '/en/search?q=jazz' });
    expect(await screen.findByText('3 events')).toBeTruthy();
    expect(screen.getByTestId('search-results').textContent).toContain('Jazz night 2');
    await user.click(await screen.findByRole('button', { name: 'Load more events' }));
    expect(await screen.findByText('Jazz night 3')).toBeTruthy();
    expect(screen.getByText("That's everything for now.")).toBeTruthy();
    expect(api.callsTo('GET /search')).toHaveLength(1);
  });

  it('says nothing matched and offers ways on', async () => {
    fakeApi();
    renderAt(page({ spelling: 'jam' }), { path: '/en/search?q=jazz' });
    expect(await screen.findByText('No events for “jazz”')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Did you mean “jam”?' }).getAttribute('href')).toBe('/en/search?q=jam');
    expect(screen.getByRole('heading', { level: 1, name: 'Results for “jazz”' })).toBeTruthy();
  });
});
