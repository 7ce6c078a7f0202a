import { useState } from 'react';
import type { ApiResult } from './api-client';

export interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * "More" under a server-rendered or loader-given first page: keeps the pages read so far, follows the
 * cursor, and says while it reads. The parent keys the list by its query, so a new filter starts over.
 */
export function useMorePages<T>(first: CursorPage<T>, fetchPage: (cursor: string) => Promise<ApiResult<CursorPage<T>>>) {
  const [pages, setPages] = useState<CursorPage<T>[]>([]);
  const [loading, setLoading] = useState(false);
  const items = [...first.items, ...pages.flatMap((page) => page.items)];
  const cursor = pages.length > 0 ? (pages.at(-1)?.next_cursor ?? null) : first.next_cursor;

  const loadMore = async () => {
    if (!cursor || loading) return;
    setLoading(true);
    const result = await fetchPage(cursor);
    setLoading(false);
    if (result.ok) setPages((current) => [...current, result.data]);
  };

  return { items, cursor, loading, loadMore };
}
