import type { OrganizerEventStatus } from '../../shared/schemas/organizer-workspace';
import type { Db } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import type { NotificationsService } from '../notifications/notifications-service';
import type { OrganizerEventRow } from './organizer-events-repository';

export const PUBLISH_JOB = 'event.publish';
export const EVENT_CHANGE_JOB = 'event.notify_holder';

export interface OrganizerEventsDeps {
  db: Db;
  jobs: JobQueue;
  notifications: NotificationsService;
  /** After a public event changed (edit, publish, postpone): catalogue answer and page caches drop it. */
  onEventChanged?: () => void;
  now?: () => Date;
}

/** What the organizer-events modules work with: the service's dependencies, with the clock settled. */
export type EventsContext = Omit<OrganizerEventsDeps, 'now'> & { now: () => Date };

export const FATES = ['cancelled', 'postponed', 'rescheduled'] as const;

/** The organizer's view of the state: the publication, or the published event's own fate. */
export function organizerStatus(row: Pick<OrganizerEventRow, 'publication' | 'status'>): OrganizerEventStatus {
  if (row.publication === 'published' && (FATES as readonly string[]).includes(row.status)) return row.status as OrganizerEventStatus;
  return row.publication;
}
