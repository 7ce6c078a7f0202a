import { deleteSubscription, fetchPushPublicKey, saveSubscription } from './push-api';

/**
 * This browser's Web Push state for the signed-in person. "On" means: the browser holds a subscription
 * and this person saved it (its id is remembered here, with whose it is), so another person who signs in
 * on the same browser sees "off" until they turn it on for themselves.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

const STORAGE_KEY = 'kuda.push';
/** `serviceWorker.ready` never settles when the worker failed to install: give up instead of waiting forever. */
const WORKER_WAIT_MS = 10_000;

interface Remembered {
  user: string;
  id: number;
  endpoint: string;
}

export function isPushSupported(): boolean {
  return typeof window !== 'undefined' && 'PushManager' in window && 'serviceWorker' in navigator && 'Notification' in window;
}

function remembered(): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Remembered | null;
    return value && typeof value.id === 'number' && typeof value.user === 'string' ? value : null;
  } catch {
    return null;
  }
}

function remember(value: Remembered | null): void {
  try {
    if (value) localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the state is read again from the browser next time.
  }
}

/** The VAPID key in the form PushManager.subscribe takes (base64url → bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readPushState(userId: string): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const subscription = await currentSubscription();
  const mine = remembered();
  return subscription && mine?.user === userId && mine.endpoint === subscription.endpoint ? 'on' : 'off';
}

/**
 * Asks permission (only now, on the person's press), subscribes through the service worker with our
 * VAPID key and saves the subscription. Resolves with the new state; rejects when the server or the push
 * service failed.
 */
export async function turnPushOn(userId: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const key = await fetchPushPublicKey();
  if (!key.ok) throw new Error('push public key unavailable');
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS)),
  ]);
  const applicationServerKey = keyBytes(key.data.public_key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot receive our pushes.
  const sameKey = subscription?.options.applicationServerKey
    ? new Uint8Array(subscription.options.applicationServerKey).join() === applicationServerKey.join()
    : false;
  if (subscription && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const saved = await saveSubscription(subscription.toJSON());
  if (!saved.ok) throw new Error('push subscription not saved');
  remember({ user: userId, id: saved.data.id, endpoint: subscription.endpoint });
  return 'on';
}

/** Stops pushes to this browser: the server forgets the subscription, then the browser drops it. */
export async function turnPushOff(): Promise<PushState> {
  const mine = remembered();
  if (mine) {
    const answer = await deleteSubscription(mine.id);
    // 404: already gone on the server (deleted elsewhere, or by the push service): off all the same.
    if (!answer.ok && answer.status !== 404) throw new Error('push subscription not deleted');
  }
  remember(null);
  await (await currentSubscription())?.unsubscribe();
  return 'off';
}

/**
 * For sign-out (a shared device must not keep receiving the last person's pushes): best effort, never
 * throws. The server forgets the subscription while the session still holds; the browser drops it in any
 * case, so a row the server kept answers 410 at the next push and is deleted then.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!isPushSupported()) return;
  const mine = remembered();
  remember(null);
  if (mine) await deleteSubscription(mine.id).catch(() => undefined);
  await (await currentSubscription().catch(() => null))?.unsubscribe().catch(() => false);
}
