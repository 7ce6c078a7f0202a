import { useEffect } from 'react';
import { SCROLL_END_DEBOUNCE_MS } from '../../../shared/constants';
import { useEventListStore } from '../../stores/event-list-store';

/**
 * Keeps the spec §3 scroll position of the listing on screen. Every store change writes the whole
 * persisted state (every loaded event) to sessionStorage, so the position is saved once scrolling has
 * been quiet for the spec §9 scroll-end debounce (300 ms), not on every frame; and at once when the
 * listing goes away (opening an event) or the page is hidden (pagehide: a reload, another site), so
 * coming back within the debounce still finds the place. The value saved is the last one scrolled to,
 * read while the listing was on screen, not window.scrollY at that moment (a navigation may have moved it).
 */
export function useSavedScrollPosition(active: boolean, debounceMs = SCROLL_END_DEBOUNCE_MS): void {
  useEffect(() => {
    if (!active) return;
    let latest: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const save = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (latest === null) return;
      const y = latest;
      latest = null;
      useEventListStore.getState().setScrollPosition(y);
    };
    const onScroll = () => {
      latest = window.scrollY;
      if (timer) clearTimeout(timer);
      timer = setTimeout(save, debounceMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [active, debounceMs]);
}
