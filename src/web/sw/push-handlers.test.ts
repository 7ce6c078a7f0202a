import { describe, expect, it, vi } from 'vitest';
import { clickTarget, installPushHandlers, type PushHandlerScope } from './push-handlers';

type Listener = (event: unknown) => void;

/** A service worker scope of our own: records listeners, shown notifications and opened windows. */
function fakeScope(openUrls: string[] = []) {
  const listeners = new Map<string, Listener>();
  const focused: string[] = [];
  const scope = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => openUrls.map((url) => ({ url, focus: async () => focused.push(url) }))),
      openWindow: vi.fn(async () => null),
    },
    location: { origin: 'https://kuda.rs' },
  };
  const fire = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
    await pending;
  };
  return { scope, fire, focused, self: scope as unknown as PushHandlerScope };
}

const pushOf = (payload: unknown) => ({ data: { json: () => payload } });

describe('installPushHandlers', () => {
  it('shows the pushed notification with its text, tag, page and icon', async () => {
    const { scope, fire, self } = fakeScope();
    installPushHandlers(self, { icon: '/icons/icon-192.png' });
    await fire('push', pushOf({ title: 'Podsetnik: Koncert', body: 'Sutra u 20:00', url: '/sr/reservation/7', tag: 'reservation-7' }));
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Podsetnik: Koncert', {
      body: 'Sutra u 20:00',
      tag: 'reservation-7',
      data: { url: '/sr/reservation/7' },
      icon: '/icons/icon-192.png',
    });
  });

  it('still shows something for a push it cannot read (browsers require it)', async () => {
    const { scope, fire, self } = fakeScope();
    installPushHandlers(self);
    await fire('push', { data: { json: () => JSON.parse('not json') } });
    await fire('push', pushOf({ title: 42 }));
    await fire('push', { data: null });
    expect(scope.registration.showNotification).toHaveBeenCalledTimes(3);
    expect(scope.registration.showNotification).toHaveBeenLastCalledWith('Kuda', { icon: '/favicon.svg', data: { url: '/' } });
  });

  it('on a click focuses a tab already on the page, or opens the page', async () => {
    const onPage = fakeScope(['https://kuda.rs/sr', 'https://kuda.rs/sr/reservation/7']);
    installPushHandlers(onPage.self);
    const close = vi.fn();
    await onPage.fire('notificationclick', { notification: { data: { url: '/sr/reservation/7' }, close } });
    expect(close).toHaveBeenCalled();
    expect(onPage.focused).toEqual(['https://kuda.rs/sr/reservation/7']);
    expect(onPage.scope.clients.openWindow).not.toHaveBeenCalled();

    const elsewhere = fakeScope(['https://kuda.rs/sr']);
    installPushHandlers(elsewhere.self);
    await elsewhere.fire('notificationclick', { notification: { data: { url: '/sr/reservation/7' }, close: () => undefined } });
    expect(elsewhere.focused).toEqual([]);
    expect(elsewhere.scope.clients.openWindow).toHaveBeenCalledWith('https://kuda.rs/sr/reservation/7');
  });

  it('never leads a click off our origin', () => {
    expect(clickTarget('https://evil.example/phish', 'https://kuda.rs')).toBe('https://kuda.rs/');
    expect(clickTarget('//evil.example/x', 'https://kuda.rs')).toBe('https://kuda.rs/');
    expect(clickTarget('javascript:alert(1)', 'https://kuda.rs')).toBe('https://kuda.rs/');
    expect(clickTarget(undefined, 'https://kuda.rs')).toBe('https://kuda.rs/');
    expect(clickTarget('https://kuda.rs/en/reservation/3', 'https://kuda.rs')).toBe('https://kuda.rs/en/reservation/3');
  });
});
