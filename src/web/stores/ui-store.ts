import { useEffect } from 'react';
import { create } from 'zustand';
import { BREAKPOINT_MOBILE, BREAKPOINT_TABLET, DEFAULT_ACTIVE_FILTER } from '../../shared/constants';
import type { EventSummary } from '../../shared/schemas/catalog';

/** Spec §3 general UI state. Not persisted: spec §9 keeps only the event list and navigation per session. */
export interface UiData {
  /** Indexes of the active pills in a listing's filter scroller; [0] is "all" (spec §9 default). */
  activeFilter: number[];
  /** The text typed into a listing's or the search page's own field. */
  searchQuery: string;
  /** The text typed into the app bar's global search. */
  globalSearchQuery: string;
  /** How many events the current listing shows. */
  eventCount: number;
  selectedCategoryName: string | null;
  /** Events picked for the reader (the home rows' first events). */
  tailoredEvents: EventSummary[];
  /** The last event page opened, so a listing can bring that card into view. */
  lastEventId: number | null;
  /** Narrower than 768px. */
  isMobile: boolean;
  /** Narrower than 932px: the drawer becomes temporary. */
  isTablet: boolean;
  menuOpen: { drawer: boolean; search: boolean; dateRange: boolean };
  openedSubmenus: string[];
  /** The reserve filter was switched on from "my reservations", so leaving there switches it off again. */
  reserveFilterFromMyReservations: boolean;
}

interface UiActions {
  setActiveFilter: (active: number[]) => void;
  setSearchQuery: (query: string) => void;
  setGlobalSearchQuery: (query: string) => void;
  setEventCount: (count: number) => void;
  setSelectedCategoryName: (name: string | null) => void;
  setTailoredEvents: (events: EventSummary[]) => void;
  setLastEventId: (id: number | null) => void;
  setViewportWidth: (width: number) => void;
  setMenuOpen: (menu: keyof UiData['menuOpen'], open: boolean) => void;
  toggleSubmenu: (id: string) => void;
  setReserveFilterFromMyReservations: (on: boolean) => void;
}

export type UiState = UiData & UiActions;

export const INITIAL_UI: UiData = {
  activeFilter: [...DEFAULT_ACTIVE_FILTER],
  searchQuery: '',
  globalSearchQuery: '',
  eventCount: 0,
  selectedCategoryName: null,
  tailoredEvents: [],
  lastEventId: null,
  isMobile: false,
  isTablet: false,
  menuOpen: { drawer: false, search: false, dateRange: false },
  openedSubmenus: [],
  reserveFilterFromMyReservations: false,
};

/** Spec §9 breakpoints: mobile below 768px, tablet below 932px. */
export function viewportFlags(width: number): Pick<UiData, 'isMobile' | 'isTablet'> {
  return { isMobile: width < BREAKPOINT_MOBILE, isTablet: width < BREAKPOINT_TABLET };
}

export const useUiStore = create<UiState>()((set) => ({
  ...INITIAL_UI,
  setActiveFilter: (active) => set({ activeFilter: active.length ? [...active] : [...DEFAULT_ACTIVE_FILTER] }),
  setSearchQuery: (searchQuery) => set({ searchQuery }),
  setGlobalSearchQuery: (globalSearchQuery) => set({ globalSearchQuery }),
  setEventCount: (eventCount) => set({ eventCount }),
  setSelectedCategoryName: (selectedCategoryName) => set({ selectedCategoryName }),
  setTailoredEvents: (tailoredEvents) => set({ tailoredEvents }),
  setLastEventId: (lastEventId) => set({ lastEventId }),
  setViewportWidth: (width) => set(viewportFlags(width)),
  setMenuOpen: (menu, open) => set((state) => ({ menuOpen: { ...state.menuOpen, [menu]: open } })),
  toggleSubmenu: (id) =>
    set((state) => ({
      openedSubmenus: state.openedSubmenus.includes(id) ? state.openedSubmenus.filter((open) => open !== id) : [...state.openedSubmenus, id],
    })),
  setReserveFilterFromMyReservations: (reserveFilterFromMyReservations) => set({ reserveFilterFromMyReservations }),
}));

/** Keeps the mobile flags in step with the window (client only; the server renders for any width). */
export function useViewportFlags(): void {
  const setViewportWidth = useUiStore((state) => state.setViewportWidth);
  useEffect(() => {
    const update = () => setViewportWidth(window.innerWidth);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [setViewportWidth]);
}
