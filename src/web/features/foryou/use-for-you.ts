import { useEffect, useState } from 'react';
import type { ForYouItem } from '../../../shared/schemas/for-you';
import { useUserStore } from '../../stores/user-store';
import { useUiStore } from '../../stores/ui-store';
import { fetchForYou, sendCategoryVisit } from './for-you-api';

/**
 * The person's "for you" items, asked for after hydration only: the home page's HTML is cached and shared
 * by every guest, so nothing personal is ever rendered on the server. Undefined until the answer is in,
 * null when it failed; asked again when the person signs in or out. Non-empty answers fill the spec's
 * *tailored events* UI state.
 */
export function useForYou(locale: string, limit: number): ForYouItem[] | null | undefined {
  const loggedIn = useUserStore((state) => state.loggedIn);
  const [items, setItems] = useState<ForYouItem[] | null | undefined>(undefined);
  useEffect(() => {
    const abort = new AbortController();
    void fetchForYou(limit, abort.signal).then((answer) => {
      if (abort.signal.aborted) return;
      const picked = answer?.items ?? null;
      setItems(picked);
      if (picked?.length) useUiStore.getState().setTailoredEvents(picked.map((item) => item.event));
    });
    return () => abort.abort();
  }, [loggedIn, locale, limit]);
  return items;
}

/** Counts a category page as opened (a "for you" signal), once per page shown, after hydration. */
export function useCategoryVisit(category: string): void {
  useEffect(() => {
    sendCategoryVisit(category);
  }, [category]);
}
