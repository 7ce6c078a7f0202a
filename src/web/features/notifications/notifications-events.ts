/**
 * Anything that changes a reservation tells the bell to look again at once, rather than waiting for the
 * next poll: the server has just written a notification about it.
 */
const CHANGED = 'kuda:notifications-changed';

export function notifyNotificationsChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

export function onNotificationsChanged(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  return () => window.removeEventListener(CHANGED, listener);
}
