import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { quietSessionStorage } from '../lib/session-storage';
import type { Category, EventSummary } from '../../shared/schemas/catalog';
import { type DateConstraint, isListingPath, type ListingArgs, sameArgs } from '../lib/listing-args';

export type Subcategory = Category['subcategories'][number];

/** Spec §3 event list state, kept per browser session (spec §9). */
export interface EventListData {
  /** Home rows: category slug → its next events. */
  eventsByCategory: Record<string, EventSummary[]>;
  categories: Category[];
  /** Category slug → category. */
  categoryMap: Record<string, Category>;
  /** Subcategories of the selected category. */
  subcategories: Subcategory[];
  selectedCategory: string | null;
  selectedSubcategory: string | null;
  /** Selected quick-filter tag slugs. */
  quickFilterTags: string[];
  scrollPosition: number;
  /** Cursor of the next page to load; null when none was loaded yet or all are. */
  lastEventPage: string | null;
  loadedAllEvents: boolean;
  initialEventsLoaded: boolean;
  /** The cached listing was checked against the server's first page on this visit. */
  cacheValidated: boolean;
  reserveFilter: boolean;
  dateConstraint: DateConstraint;
  infiniteScroll: boolean;
  openSubmenus: string[];
  /** The current listing's events, every page loaded so far. */
  temporaryEvents: EventSummary[];
  /** What `temporaryEvents` were loaded with. */
  arguments: ListingArgs | null;
  lastEventListingPath: string | null;
}

export interface FirstPage {
  path: string;
  args: ListingArgs;
  items: EventSummary[];
  nextCursor: string | null;
}

interface EventListActions {
  /** Spec §4 path-change rule. */
  enterPath: (pathname: string) => void;
  /** Puts the server's first page in place, unless the session already holds more of the same listing. */
  showListing: (page: FirstPage) => 'restored' | 'replaced';
  appendPage: (items: EventSummary[], nextCursor: string | null) => void;
  setScrollPosition: (y: number) => void;
  setCategories: (categories: Category[]) => void;
  setHomeRows: (rows: { category: { slug: string }; events: EventSummary[] }[]) => void;
  setInfiniteScroll: (on: boolean) => void;
  toggleSubmenu: (id: string) => void;
}

export type EventListState = EventListData & EventListActions;

export const INITIAL_EVENT_LIST: EventListData = {
  eventsByCategory: {},
  categories: [],
  categoryMap: {},
  subcategories: [],
  selectedCategory: null,
  selectedSubcategory: null,
  quickFilterTags: [],
  scrollPosition: 0,
  lastEventPage: null,
  loadedAllEvents: false,
  initialEventsLoaded: false,
  cacheValidated: false,
  reserveFilter: false,
  dateConstraint: null,
  infiniteScroll: true,
  openSubmenus: [],
  temporaryEvents: [],
  arguments: null,
  lastEventListingPath: null,
};

/**
 * Spec §4: when the path changes to a listing path that differs from the last listing path, temporary
 * events are cleared, the scroll position set to 0, the loaded-all flag set to false, and the path
 * recorded. Any other path changes nothing (null).
 */
export function listingPathChange(state: Pick<EventListData, 'lastEventListingPath'>, pathname: string): Partial<EventListData> | null {
  if (!isListingPath(pathname) || pathname === state.lastEventListingPath) return null;
  return { temporaryEvents: [], scrollPosition: 0, loadedAllEvents: false, lastEventListingPath: pathname };
}

function sameFirstPage(cached: EventSummary[], fresh: EventSummary[]): boolean {
  return fresh.every((event, index) => cached[index]?.id === event.id);
}

/**
 * Which list a listing page shows. The session's list wins when it is the same listing (path and
 * arguments) and still starts with the server's first page: that is the "come back and find it as it
 * was" case. Otherwise the server's first page replaces it.
 */
export function resolveListing(state: EventListData, page: FirstPage): { outcome: 'restored' | 'replaced'; patch: Partial<EventListData> } {
  const filters = {
    selectedCategory: page.args.category,
    selectedSubcategory: page.args.subcategory,
    quickFilterTags: page.args.tags,
    reserveFilter: page.args.reservable,
    dateConstraint: page.args.date,
    subcategories: page.args.category ? (state.categoryMap[page.args.category]?.subcategories ?? []) : [],
  };
  const same =
    state.lastEventListingPath === page.path &&
    sameArgs(state.arguments, page.args) &&
    state.temporaryEvents.length >= page.items.length &&
    state.temporaryEvents.length > 0 &&
    sameFirstPage(state.temporaryEvents, page.items);
  if (same) return { outcome: 'restored', patch: { ...filters, cacheValidated: true, initialEventsLoaded: true } };
  return {
    outcome: 'replaced',
    patch: {
      ...filters,
      temporaryEvents: page.items,
      lastEventPage: page.nextCursor,
      loadedAllEvents: page.nextCursor === null,
      initialEventsLoaded: true,
      cacheValidated: true,
      arguments: page.args,
      lastEventListingPath: page.path,
      // A different filter on the same path is a new list: start it from the top.
      scrollPosition: sameArgs(state.arguments, page.args) && state.lastEventListingPath === page.path ? state.scrollPosition : 0,
    },
  };
}

/** Appends a page, skipping events already shown (a page boundary can move while the list is open). */
export function appendEvents(current: EventSummary[], items: EventSummary[]): EventSummary[] {
  const seen = new Set(current.map((event) => event.id));
  return [...current, ...items.filter((event) => !seen.has(event.id))];
}

const DATA_KEYS = Object.keys(INITIAL_EVENT_LIST) as (keyof EventListData)[];

export const useEventListStore = create<EventListState>()(
  persist(
    (set, get) => ({
      ...INITIAL_EVENT_LIST,
      enterPath: (pathname) => {
        const patch = listingPathChange(get(), pathname);
        if (patch) set(patch);
      },
      showListing: (page) => {
        const { outcome, patch } = resolveListing(get(), page);
        set(patch);
        return outcome;
      },
      appendPage: (items, nextCursor) =>
        set((state) => ({
          temporaryEvents: appendEvents(state.temporaryEvents, items),
          lastEventPage: nextCursor,
          loadedAllEvents: nextCursor === null,
        })),
      setScrollPosition: (y) => set({ scrollPosition: Math.max(0, Math.round(y)) }),
      setCategories: (categories) =>
        set({ categories, categoryMap: Object.fromEntries(categories.map((category) => [category.slug, category])) }),
      setHomeRows: (rows) => set({ eventsByCategory: Object.fromEntries(rows.map((row) => [row.category.slug, row.events])) }),
      setInfiniteScroll: (on) => set({ infiniteScroll: on }),
      toggleSubmenu: (id) =>
        set((state) => ({
          openSubmenus: state.openSubmenus.includes(id) ? state.openSubmenus.filter((open) => open !== id) : [...state.openSubmenus, id],
        })),
    }),
    {
      name: 'event-list',
      storage: createJSONStorage(() => quietSessionStorage),
      partialize: (state) => Object.fromEntries(DATA_KEYS.map((key) => [key, state[key]])) as unknown as EventListData,
      // Rehydrated on the client after the first render, so server and client render the same HTML.
      skipHydration: true,
    },
  ),
);
