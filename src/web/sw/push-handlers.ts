import type { PushMessage } from '../../shared/schemas/push';

/*
 * The service worker's Web Push part (issue #12): the server's push (push-service.ts: {title, body, url,
 * tag}, already in the person's language) becomes a system notification; a click brings Kuda to the page
 * it names. The service worker calls `installPushHandlers(self)`.
 *
 * The scope is typed by what these handlers use, so this module type-checks in the DOM program as well as
 * in the worker's; a ServiceWorkerGlobalScope has all of it.
 */

interface PushEventLike {
  data: { json: () => unknown } | null;
  waitUntil: (promise: Promise<unknown>) => void;
}

interface NotificationClickEventLike {
  notification: { data?: unknown; close: () => void };
  waitUntil: (promise: Promise<unknown>) => void;
}

interface WindowClientLike {
  url: string;
  focus: () => Promise<unknown>;
}

export interface PushHandlerScope {
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
  registration: { showNotification: (title: string, options?: NotificationOptions) => Promise<void> };
  clients: {
    matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<readonly WindowClientLike[]>;
    openWindow: (url: string) => Promise<unknown>;
  };
  location: { origin: string };
}

export interface PushHandlerOptions {
  /** The notification's icon (the app's 192 px icon once the manifest has one). */
  icon?: string;
}

/** The brand, shown when a push cannot be read (a browser must show something for every push). */
const FALLBACK_TITLE = 'Kuda';

/** Checked by hand, not with the zod schema: the worker stays small, and zod's compiled parsers would need eval. */
function readMessage(event: PushEventLike): PushMessage | null {
  try {
    const data = event.data?.json() as Record<string, unknown> | null | undefined;
    const fields = ['title', 'body', 'url', 'tag'] as const;
    if (!data || typeof data !== 'object' || !fields.every((field) => typeof data[field] === 'string')) return null;
    return { title: data.title as string, body: data.body as string, url: data.url as string, tag: data.tag as string };
  } catch {
    // Not JSON: nothing of it is shown.
    return null;
  }
}

/**
 * Where a click may lead: a page of our own origin only (a path, or a full URL on it); anything else, and
 * nothing, is the home page. A push is ours (VAPID), but a notification must never open another site.
 */
export function clickTarget(url: unknown, origin: string): string {
  if (typeof url === 'string') {
    try {
      const target = new URL(url, origin);
      if (target.origin === origin) return target.href;
    } catch {
      // An unreadable URL falls through to the home page.
    }
  }
  return new URL('/', origin).href;
}

export function installPushHandlers(self: PushHandlerScope, options: PushHandlerOptions = {}): void {
  const icon = options.icon ?? '/favicon.svg';

  self.addEventListener('push', (event) => {
    const message = readMessage(event);
    const shown = message
      ? self.registration.showNotification(message.title, { body: message.body, tag: message.tag, data: { url: message.url }, icon })
      : self.registration.showNotification(FALLBACK_TITLE, { icon, data: { url: '/' } });
    event.waitUntil(shown);
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | undefined;
    const target = clickTarget(data?.url, self.location.origin);
    event.waitUntil(
      (async () => {
        // A tab already on that page comes to the front; otherwise a new one opens (an open tab may hold
        // a half-filled form, so it is never navigated away).
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => client.url === target);
        if (open) return open.focus();
        return self.clients.openWindow(target);
      })(),
    );
  });
}
