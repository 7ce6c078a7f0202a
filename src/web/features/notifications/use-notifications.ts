import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notification } from '../../../shared/schemas/reservations';
import { fetchNotifications, markNotificationsRead } from './notifications-api';
import { onNotificationsChanged } from './notifications-events';

/** How often the bell looks for news while the tab is visible. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export interface NotificationsState {
  items: Notification[];
  unread: number;
  loaded: boolean;
  refresh: () => Promise<void>;
  markRead: (ids?: number[]) => Promise<void>;
}

/**
 * The signed-in user's latest notifications and unread count: loaded when `enabled` (signed in), again
 * on every route change (`pathname`), when a reservation changes in this tab, when the tab becomes
 * visible, and every minute while it is.
 */
export function useNotifications(enabled: boolean, pathname: string): NotificationsState {
  const [items, setItems] = useState<Notification[]>([]);
  const [unread, setUnread] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    // Only the newest request's answer is kept, so a slow old poll never overwrites a fresh read.
    const request = ++latest.current;
    const result = await fetchNotifications();
    if (request !== latest.current || !result.ok) return;
    setItems(result.data.items);
    setUnread(result.data.unread_count);
    setLoaded(true);
  }, []);

  const markRead = useCallback(
    async (ids?: number[]) => {
      const readAt = new Date().toISOString();
      setItems((current) => current.map((item) => (!ids || ids.includes(item.id) ? { ...item, read_at: item.read_at ?? readAt } : item)));
      const result = await markNotificationsRead(ids);
      if (result.ok) setUnread(result.data.unread_count);
      else await refresh();
    },
    [refresh],
  );

  useEffect(() => {
    if (!enabled) return;
    void refresh();
  }, [enabled, pathname, refresh]);

  useEffect(() => {
    if (!enabled) return;
    const poll = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const timer = window.setInterval(poll, NOTIFICATIONS_POLL_MS);
    document.addEventListener('visibilitychange', poll);
    const stop = onNotificationsChanged(() => void refresh());
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
      stop();
    };
  }, [enabled, refresh]);

  return enabled ? { items, unread, loaded, refresh, markRead } : { items: [], unread: 0, loaded: false, refresh, markRead };
}
