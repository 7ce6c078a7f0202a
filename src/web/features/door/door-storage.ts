import { GuestListSchema, type GuestList } from '../../../shared/schemas/organizer-door';
import { z } from '../../../shared/schemas/zod';
import type { QueuedScan } from './offline-door';

/**
 * What the door keeps on the device (localStorage, so that a reload in a cellar with no signal still has
 * it): the event being worked, its guest list, and the scans waiting to be sent.
 */

const KEYS = { event: 'kuda.door.event', queue: 'kuda.door.queue', list: (eventId: number) => `kuda.door.guests.${eventId}` };

const QueueSchema = z.array(z.object({ code: z.string(), event_id: z.number().int(), scanned_at: z.string() }));

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const text = storage()?.getItem(key);
    if (!text) return null;
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the door still works online.
  }
}

export const doorStorage = {
  eventId: () => read(KEYS.event, z.number().int().positive()),
  setEventId: (eventId: number | null) => write(KEYS.event, eventId),
  guestList: (eventId: number): GuestList | null => read(KEYS.list(eventId), GuestListSchema),
  setGuestList: (eventId: number, list: GuestList) => write(KEYS.list(eventId), list),
  queue: (): QueuedScan[] => read(KEYS.queue, QueueSchema) ?? [],
  setQueue: (queue: readonly QueuedScan[]) => write(KEYS.queue, queue.length ? queue : null),
};
