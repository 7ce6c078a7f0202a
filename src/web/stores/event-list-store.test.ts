// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventSummary } from '../../shared/schemas/catalog';
import { EMPTY_ARGS, type ListingArgs } from '../lib/listing-args';
import { appendEvents, INITIAL_EVENT_LIST, listingPathChange, resolveListing, useEventListStore } from './event-list-store';
import { eventSummary } from '../test-support/event-summary';

function event(id: number): EventSummary {
  return eventSummary({ id, slug: `event-${id}`, title: `Event ${id}`, starts_at: '2026-12-01T19:00:00.000Z', venue: null });
}

const concerts: ListingArgs = { ...EMPTY_ARGS, category: 'koncerti' };

describe('spec §4 path-change rule', () => {
  it('clears temporary events, scrolls to 0, resets loaded-all and records a new listing path', () => {
    expect(listingPathChange({ lastEventListingPath: '/en/categories/koncerti' }, '/en/categories/sport')).toEqual({
      temporaryEvents: [],
      scrollPosition: 0,
      loadedAllEvents: false,
      lastEventListingPath: '/en/categories/sport',
    });
  });

  it('treats the home path as a listing path, with or without a trailing slash or language', () => {
    expect(listingPathChange({ lastEventListingPath: null }, '/en/')?.lastEventListingPath).toBe('/en/');
    expect(listingPathChange({ lastEventListingPath: null }, '/')?.lastEventListingPath).toBe('/');
    expect(listingPathChange({ lastEventListingPath: null }, '/sr')?.lastEventListingPath).toBe('/sr');
  });

  it('changes nothing when the listing path is the last one', () => {
    expect(listingPathChange({ lastEventListingPath: '/en/categories/koncerti' }, '/en/categories/koncerti')).toBeNull();
  });

  it('changes nothing on a page that is not a listing (an event, a venue, search)', () => {
    for (const path of ['/en/events/jazz-1', '/en/venues/dom-omladine-3', '/en/search', '/en/privacy-policy', '/en/reservation/new']) {
      expect(listingPathChange({ lastEventListingPath: '/en/categories/koncerti' }, path)).toBeNull();
    }
  });

  it('applies through the store: leaving for an event and coming back keeps the list and scroll position', () => {
    const store = useEventListStore;
    store.setState({ ...INITIAL_EVENT_LIST });
    store.getState().enterPath('/en/categories/koncerti');
    store.setState({ temporaryEvents: [event(1), event(2)], scrollPosition: 900, loadedAllEvents: true });
    store.getState().enterPath('/en/events/event-1-1');
    store.getState().enterPath('/en/categories/koncerti');
    expect(store.getState()).toMatchObject({ scrollPosition: 900, loadedAllEvents: true });
    expect(store.getState().temporaryEvents).toHaveLength(2);
    store.getState().enterPath('/en/categories/sport');
    expect(store.getState()).toMatchObject({ scrollPosition: 0, loadedAllEvents: false, temporaryEvents: [], lastEventListingPath: '/en/categories/sport' });
  });
});

describe('event list state', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useEventListStore.setState({ ...INITIAL_EVENT_LIST });
  });

  it('restores the session list when it is the same listing and still starts with the server page', () => {
    const state = {
      ...INITIAL_EVENT_LIST,
      lastEventListingPath: '/en/categories/koncerti',
      arguments: concerts,
      temporaryEvents: [event(1), event(2), event(3), event(4)],
      scrollPosition: 1200,
    };
    const result = resolveListing(state, { path: '/en/categories/koncerti', args: concerts, items: [event(1), event(2)], nextCursor: 'c' });
    expect(result.outcome).toBe('restored');
    expect(result.patch.temporaryEvents).toBeUndefined();
    expect(result.patch.cacheValidated).toBe(true);
  });

  it('replaces a stale session list with the server page', () => {
    const state = { ...INITIAL_EVENT_LIST, lastEventListingPath: '/en/categories/koncerti', arguments: concerts, temporaryEvents: [event(9), event(2)] };
    const result = resolveListing(state, { path: '/en/categories/koncerti', args: concerts, items: [event(1), event(2)], nextCursor: null });
    expect(result.outcome).toBe('replaced');
    expect(result.patch).toMatchObject({ temporaryEvents: [event(1), event(2)], loadedAllEvents: true, lastEventPage: null });
  });

  it('starts a new filter from the top and records its arguments and filters', () => {
    const state = { ...INITIAL_EVENT_LIST, lastEventListingPath: '/en/categories/koncerti', arguments: concerts, temporaryEvents: [event(1)], scrollPosition: 500 };
    const filtered: ListingArgs = { ...concerts, tags: ['dzez'], free: true, reservable: true, date: { kind: 'preset', preset: 'today' } };
    const result = resolveListing(state, { path: '/en/categories/koncerti', args: filtered, items: [event(5)], nextCursor: 'n' });
    expect(result.patch).toMatchObject({
      scrollPosition: 0,
      arguments: filtered,
      quickFilterTags: ['dzez'],
      reserveFilter: true,
      dateConstraint: { kind: 'preset', preset: 'today' },
      selectedCategory: 'koncerti',
      lastEventPage: 'n',
      loadedAllEvents: false,
    });
  });

  it('appends pages without repeating an event and marks the end', () => {
    expect(appendEvents([event(1), event(2)], [event(2), event(3)]).map((e) => e.id)).toEqual([1, 2, 3]);
    useEventListStore.setState({ temporaryEvents: [event(1)] });
    useEventListStore.getState().appendPage([event(2)], null);
    expect(useEventListStore.getState()).toMatchObject({ loadedAllEvents: true, lastEventPage: null });
    expect(useEventListStore.getState().temporaryEvents).toHaveLength(2);
  });

  it('keeps a category map and the home rows grouped by category', () => {
    const category = { id: 1, slug: 'koncerti', name: 'Concerts', icon: 'music_note', subcategories: [{ id: 2, slug: 'dzez', name: 'Jazz' }] };
    useEventListStore.getState().setCategories([category]);
    useEventListStore.getState().setHomeRows([{ category, events: [event(1)] }]);
    expect(useEventListStore.getState().categoryMap.koncerti).toEqual(category);
    expect(useEventListStore.getState().eventsByCategory.koncerti).toHaveLength(1);
  });

  it('is kept in sessionStorage under "event-list" with every spec §3 field', () => {
    useEventListStore.getState().setScrollPosition(321.4);
    const stored = JSON.parse(sessionStorage.getItem('event-list') ?? '{}') as { state: Record<string, unknown> };
    expect(stored.state.scrollPosition).toBe(321);
    expect(Object.keys(stored.state).sort()).toEqual(Object.keys(INITIAL_EVENT_LIST).sort());
  });

  it('rehydrates from sessionStorage on the client', async () => {
    sessionStorage.setItem('event-list', JSON.stringify({ state: { ...INITIAL_EVENT_LIST, scrollPosition: 777, lastEventListingPath: '/sr' }, version: 0 }));
    await useEventListStore.persist.rehydrate();
    expect(useEventListStore.getState()).toMatchObject({ scrollPosition: 777, lastEventListingPath: '/sr' });
  });

  it('toggles open submenus', () => {
    useEventListStore.getState().toggleSubmenu('dates');
    expect(useEventListStore.getState().openSubmenus).toEqual(['dates']);
    useEventListStore.getState().toggleSubmenu('dates');
    expect(useEventListStore.getState().openSubmenus).toEqual([]);
  });
});
