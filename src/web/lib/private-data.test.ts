// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../stores/user-store';
import { USER } from '../test-support/fake-api';
import { PAGES_CACHE, PRIVATE_PAGES_CACHE } from './offline-caches';
import { claimPrivateData, clearPrivateData, privateDataOwner, readPrivateItem, watchPrivateDataOwner, writePrivateItem } from './private-data';

/** CacheStorage as the page sees it (jsdom has none): names only, which is all the clean-up touches. */
function fakeCaches(names: string[]) {
  const open = new Set(names);
  const storage = {
    keys: async () => [...open],
    delete: async (name: string) => open.delete(name),
  };
  Object.assign(globalThis, { caches: storage });
  return open;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  useUserStore.setState({ user: null, loggedIn: false, checked: false });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'caches');
});

describe('private data kept for offline use', () => {
  it('keeps items only for the person who claimed them', async () => {
    fakeCaches([]);
    writePrivateItem('reservations', 'u1', { items: [1] });
    expect(readPrivateItem('reservations')).toBeNull();
    await claimPrivateData('u1');
    writePrivateItem('reservations', 'u2', { items: [2] });
    expect(readPrivateItem('reservations')).toBeNull();
    writePrivateItem('reservations', 'u1', { items: [1] });
    expect(readPrivateItem('reservations')).toEqual({ items: [1] });
  });

  it('clearing deletes every private item and private page cache, and nothing public', async () => {
    const open = fakeCaches([PRIVATE_PAGES_CACHE, 'kuda-private-other', PAGES_CACHE, 'workbox-precache-v2-https://kuda.example/']);
    await claimPrivateData('u1');
    writePrivateItem('reservations', 'u1', { items: [1] });
    localStorage.setItem('accessToken', 'kept-by-the-api-client');
    await clearPrivateData();
    expect(Object.keys(localStorage)).toEqual(['accessToken']);
    expect([...open].sort()).toEqual([PAGES_CACHE, 'workbox-precache-v2-https://kuda.example/']);
    expect(privateDataOwner()).toBeNull();
  });

  it('another person signing in first deletes what the previous one left', async () => {
    const open = fakeCaches([PRIVATE_PAGES_CACHE]);
    await claimPrivateData('u1');
    writePrivateItem('reservations', 'u1', { items: [1] });
    await claimPrivateData('u2');
    expect(readPrivateItem('reservations')).toBeNull();
    expect(privateDataOwner()).toBe('u2');
    expect(open.has(PRIVATE_PAGES_CACHE)).toBe(false);
  });

  it('follows the session: sign-in claims, sign-out deletes', async () => {
    const open = fakeCaches([]);
    watchPrivateDataOwner();
    useUserStore.getState().setUser(USER);
    await settle();
    expect(privateDataOwner()).toBe(USER.id);
    writePrivateItem('reservations', USER.id, { items: [1] });
    open.add(PRIVATE_PAGES_CACHE);

    useUserStore.getState().setLoggedIn(false);
    await settle();
    expect(readPrivateItem('reservations')).toBeNull();
    expect(privateDataOwner()).toBeNull();
    expect(open.size).toBe(0);
  });
});
