import { useUserStore } from '../stores/user-store';
import { PRIVATE_CACHE_PREFIX } from './offline-caches';

/**
 * What this browser keeps of one signed-in person for offline use (issue #12: "a person's accepted
 * reservations, with their QR codes, open offline at the door; nothing private is cached for a guest on a
 * shared device after sign out"): items in localStorage under one prefix, and the service worker's private
 * page cache. Both belong to one person, the owner; they are deleted when that person signs out and
 * before anyone else's are kept, so a shared device never shows one person's reservations to another.
 */

const PREFIX = 'kuda.private.';
const OWNER_KEY = `${PREFIX}owner`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The person whose items are kept, or null when none are. */
export function privateDataOwner(): string | null {
  return storage()?.getItem(OWNER_KEY) ?? null;
}

/** Deletes every private item and every private page cache. */
export async function clearPrivateData(): Promise<void> {
  const local = storage();
  if (local) {
    const keys = Array.from({ length: local.length }, (_, index) => local.key(index)).filter((key): key is string => !!key?.startsWith(PREFIX));
    for (const key of keys) local.removeItem(key);
  }
  if (typeof caches === 'undefined') return;
  const names = await caches.keys().catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(PRIVATE_CACHE_PREFIX)).map((name) => caches.delete(name)));
}

/** `userId` is the person signed in now: another person's items go first. */
export async function claimPrivateData(userId: string): Promise<void> {
  const owner = privateDataOwner();
  if (owner === userId) return;
  if (owner !== null) await clearPrivateData();
  storage()?.setItem(OWNER_KEY, userId);
}

/** Keeps `value` for the owner; nothing is kept while no one is known to be signed in. */
export function writePrivateItem(name: string, userId: string, value: unknown): void {
  const local = storage();
  if (!local || local.getItem(OWNER_KEY) !== userId) return;
  try {
    local.setItem(`${PREFIX}${name}`, JSON.stringify(value));
  } catch {
    // Full or refused: the page still works online, only its offline copy is missing.
  }
}

/** The owner's item `name`, or null (none kept, or unreadable). */
export function readPrivateItem(name: string): unknown {
  const local = storage();
  if (!local?.getItem(OWNER_KEY)) return null;
  try {
    return JSON.parse(local.getItem(`${PREFIX}${name}`) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

let watching = false;

/**
 * Follows the session: a signed-in person claims the private data (another person's is deleted), and
 * signing out (or the session ending on the server) deletes it. Called once, after the page's load event
 * (src/web/pwa), so first settles what happened before: someone signed in, or the server's answer that
 * no one is (an unreachable server keeps the last known state, so being offline deletes nothing).
 */
export function watchPrivateDataOwner(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const now = useUserStore.getState();
  if (now.user) void claimPrivateData(now.user.id);
  else if (now.checked && !now.loggedIn) void clearPrivateData();
  useUserStore.subscribe((state, previous) => {
    if (state.user && state.user.id !== previous.user?.id) void claimPrivateData(state.user.id);
    else if (!state.loggedIn && previous.loggedIn) void clearPrivateData();
  });
}
