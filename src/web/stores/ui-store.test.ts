import { beforeEach, describe, expect, it } from 'vitest';
import { INITIAL_UI, useUiStore, viewportFlags } from './ui-store';

describe('general UI state (spec §3)', () => {
  beforeEach(() => useUiStore.setState({ ...INITIAL_UI }));

  it('starts with the active filter [0]', () => {
    expect(useUiStore.getState().activeFilter).toEqual([0]);
  });

  it('falls back to [0] when no filter is active', () => {
    useUiStore.getState().setActiveFilter([2, 3]);
    expect(useUiStore.getState().activeFilter).toEqual([2, 3]);
    useUiStore.getState().setActiveFilter([]);
    expect(useUiStore.getState().activeFilter).toEqual([0]);
  });

  it('sets the mobile flags at the spec breakpoints 768 and 932', () => {
    expect(viewportFlags(375)).toEqual({ isMobile: true, isTablet: true });
    expect(viewportFlags(767)).toEqual({ isMobile: true, isTablet: true });
    expect(viewportFlags(768)).toEqual({ isMobile: false, isTablet: true });
    expect(viewportFlags(931)).toEqual({ isMobile: false, isTablet: true });
    expect(viewportFlags(932)).toEqual({ isMobile: false, isTablet: false });
  });

  it('opens and closes one menu without touching the others', () => {
    useUiStore.getState().setMenuOpen('search', true);
    expect(useUiStore.getState().menuOpen).toEqual({ drawer: false, search: true, dateRange: false });
  });

  it('toggles opened submenus', () => {
    useUiStore.getState().toggleSubmenu('koncerti');
    useUiStore.getState().toggleSubmenu('sport');
    useUiStore.getState().toggleSubmenu('koncerti');
    expect(useUiStore.getState().openedSubmenus).toEqual(['sport']);
  });

  it('keeps the search queries, counts and the reserve-filter origin', () => {
    const s = useUiStore.getState();
    s.setGlobalSearchQuery('концерт');
    s.setSearchQuery('jazz');
    s.setEventCount(12);
    s.setLastEventId(42);
    s.setSelectedCategoryName('Concerts');
    s.setReserveFilterFromMyReservations(true);
    expect(useUiStore.getState()).toMatchObject({
      globalSearchQuery: 'концерт',
      searchQuery: 'jazz',
      eventCount: 12,
      lastEventId: 42,
      selectedCategoryName: 'Concerts',
      reserveFilterFromMyReservations: true,
    });
  });
});
