// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type EnglishPosted from '../../../locales/en/posted.json';
import { setApiClient } from '../../lib/api-client';
import { json, signedInFakeApi } from '../../test-support/fake-api';
import { catalogue, renderAt } from '../../test-support/render';
import { forgetPushOnThisDevice } from './push-device';
import { PushToggle } from './push-toggle';

const t = (catalogue.posted as unknown as typeof EnglishPosted).push;
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

/** A browser that can push: a PushManager, a service worker registration and the Notification permission. */
function fakeBrowser(permission: NotificationPermission) {
  const state = { permission, subscription: null as null | Record<string, unknown> };
  const unsubscribe = vi.fn(async () => {
    state.subscription = null;
    return true;
  });
  const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    state.subscription = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: options.applicationServerKey.buffer },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
      unsubscribe,
    };
    return state.subscription;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => state.subscription } };
  const requestPermission = vi.fn(async () => {
    state.permission = state.permission === 'default' ? 'granted' : state.permission;
    return state.permission;
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe, unsubscribe, requestPermission };
}

afterEach(() => {
  cleanup();
  setApiClient(null);
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});

describe('PushToggle', () => {
  it('shows nothing where the browser cannot push', async () => {
    signedInFakeApi();
    const { container } = renderAt(<PushToggle userId="u-1" />, { path: '/en/profile' });
    // Give a lazily loaded part every chance to appear.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
    expect(screen.queryByText(t.title)).toBeNull();
  });

  it('asks permission only on the press, subscribes with the server key, saves it; turning off deletes it', async () => {
    const browser = fakeBrowser('default');
    const api = signedInFakeApi({
      'GET /push/public_key': () => json({ public_key: PUBLIC_KEY }),
      'POST /push/subscriptions': () => json({ id: 7 }, 201),
      'DELETE /push/subscriptions/7': () => new Response(null, { status: 204 }),
    });
    renderAt(<PushToggle userId="u-1" />, { path: '/en/profile' });
    expect(await screen.findByText(t.off)).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: t.turnOn }));
    expect(await screen.findByText(t.on)).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0]!;
    expect(options).toMatchObject({ userVisibleOnly: true });
    expect(Buffer.from(options.applicationServerKey).toString('base64url')).toBe(PUBLIC_KEY);
    expect(api.callsTo('POST /push/subscriptions').map((call) => call.body)).toEqual([
      { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } },
    ]);

    await userEvent.click(screen.getByRole('button', { name: t.turnOff }));
    expect(await screen.findByText(t.off)).toBeTruthy();
    expect(api.callsTo('DELETE /push/subscriptions/7')).toHaveLength(1);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser blocks notifications, and offers no button', async () => {
    fakeBrowser('denied');
    signedInFakeApi();
    renderAt(<PushToggle userId="u-1" />, { path: '/en/profile' });
    expect(await screen.findByText(t.blocked)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.turnOn })).toBeNull();
    expect(screen.queryByRole('button', { name: t.turnOff })).toBeNull();
  });

  it('shows "off" to another person signed in on a browser someone else subscribed', async () => {
    fakeBrowser('granted');
    signedInFakeApi({ 'GET /push/public_key': () => json({ public_key: PUBLIC_KEY }), 'POST /push/subscriptions': () => json({ id: 9 }, 201) });
    const first = renderAt(<PushToggle userId="u-1" />, { path: '/en/profile' });
    await userEvent.click(await screen.findByRole('button', { name: t.turnOn }));
    expect(await screen.findByText(t.on)).toBeTruthy();
    first.unmount();
    renderAt(<PushToggle userId="u-2" />, { path: '/en/profile' });
    expect(await screen.findByText(t.off)).toBeTruthy();
  });

  it('forgets this device at sign-out: the server row and the browser subscription', async () => {
    const browser = fakeBrowser('granted');
    const api = signedInFakeApi({
      'GET /push/public_key': () => json({ public_key: PUBLIC_KEY }),
      'POST /push/subscriptions': () => json({ id: 5 }, 201),
      'DELETE /push/subscriptions/5': () => new Response(null, { status: 204 }),
    });
    renderAt(<PushToggle userId="u-1" />, { path: '/en/profile' });
    await userEvent.click(await screen.findByRole('button', { name: t.turnOn }));
    expect(await screen.findByText(t.on)).toBeTruthy();
    await forgetPushOnThisDevice();
    expect(api.callsTo('DELETE /push/subscriptions/5')).toHaveLength(1);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
