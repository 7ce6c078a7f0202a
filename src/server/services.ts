import { createAdminServices, type AdminServices } from './admin/admin-services';
import { publicOrigin, type Config } from './config';
import type { Database } from './db/client';
import { preparingDataDir } from './db/seed/first-start';
import { AuthService } from './auth/auth-service';
import { TokenSigner } from './auth/tokens';
import { CalendarService } from './calendar/calendar-service';
import { CatalogService } from './catalog/catalog-service';
import { registerFollowsJobs } from './follows/follows-jobs';
import { eraseForDeletedAccount as eraseFollowsOfDeletedAccount } from './follows/follows-repository';
import { FollowsService } from './follows/follows-service';
import { ForYouService } from './foryou/for-you-service';
import { registerImagesJobs } from './images/images-jobs';
import { ImagesService } from './images/images-service';
import { JobQueue } from './jobs/job-queue';
import { createMailer, type Mailer } from './notifications/mailer';
import { UnsubscribingMailer } from './notifications/unsubscribe-mailer';
import { UnsubscribeTokens } from './notifications/unsubscribe-tokens';
import { createSmsProvider, type SmsProvider } from './notifications/sms';
import { NotificationsService } from './notifications/notifications-service';
import { OrganizerEventsService } from './organizer/organizer-events-service';
import { OrganizerService } from './organizer/organizer-service';
import { OrganizerDoorService } from './organizer/organizer-door-service';
import { OrganizerTeamService } from './organizer/organizer-team-service';
import { OrganizerVenuesService } from './organizer/organizer-venues-service';
import { PushService } from './push/push-service';
import { ReservationsService } from './reservations/reservations-service';
import { eraseKeptFor } from './saved/guest-adoption';
import { registerSavedJobs } from './saved/saved-jobs';
import { SavedService } from './saved/saved-service';
import { registerUsersJobs } from './users/users-jobs';
import { createUsersServices, type UsersServices } from './users/users-service';

export interface ServiceLogger {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
}

const silentLogger: ServiceLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Every domain service, built once per process. Routes use them over HTTP; server-rendered pages call
 * them in-process through React Router's load context (DESIGN §13: no HTTP hop, no token).
 */
export interface Services {
  config: Config;
  database: Database;
  log: ServiceLogger;
  jobs: JobQueue;
  mailer: Mailer;
  sms: SmsProvider;
  auth: AuthService;
  catalog: CatalogService;
  calendar: CalendarService;
  forYou: ForYouService;
  users: UsersServices;
  notifications: NotificationsService;
  push: PushService;
  reservations: ReservationsService;
  organizer: OrganizerService;
  images: ImagesService;
  organizerEvents: OrganizerEventsService;
  organizerVenues: OrganizerVenuesService;
  organizerTeam: OrganizerTeamService;
  organizerDoor: OrganizerDoorService;
  admin: AdminServices;
  follows: FollowsService;
  saved: SavedService;
}

/**
 * Development defaults that are wrong in production: SMS codes written to the log instead of sent, e-mails
 * written to a folder instead of delivered. Named by setting only, never by value (no secret in a log).
 */
export function unsafeProductionSettings(config: Pick<Config, 'NODE_ENV' | 'SMS_PROVIDER' | 'SMTP_URL'>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const unsafe: string[] = [];
  if (config.SMS_PROVIDER === 'log') unsafe.push('SMS_PROVIDER=log: SMS messages, codes included, go to the log instead of phones');
  if (!config.SMTP_URL) unsafe.push('SMTP_URL is not set: e-mails go to DATA_DIR/outbox/mail instead of mailboxes');
  return unsafe;
}

export function createServices(config: Config, database: Database, jwtSecret: string, log: ServiceLogger = silentLogger): Services {
  const unsafe = unsafeProductionSettings(config);
  // One loud line at start, so a deployment that forgot its providers is noticed before users are.
  // The child that prepares a new data folder serves no one; the server it leaves to says it (db/seed/first-start.ts).
  if (unsafe.length && !preparingDataDir()) log.warn({ unsafe_settings: unsafe }, `UNSAFE FOR PRODUCTION: ${unsafe.join('; ')}`);
  const signer = new TokenSigner(jwtSecret);
  const jobs = new JobQueue({ db: database.db, log });
  const sms = createSmsProvider(config, log);
  const auth = new AuthService({ db: database.db, signer });
  // The one public origin of every link the server writes (e-mails, notifications, invitations).
  const publicUrl = publicOrigin(config);
  // Every e-mail with a `kind` gets its one-click unsubscribe here, whoever sends it.
  const mailer: Mailer = new UnsubscribingMailer(createMailer(config), new UnsubscribeTokens(jwtSecret), publicUrl);
  const users: UsersServices = createUsersServices({
    db: database.db,
    auth,
    jobs,
    config,
    publicUrl,
    jwtSecret,
    log,
    // Reservations need users (eligibility), so they are built below; deletion calls them only later.
    onDeleting: async (tx, userId) => {
      const cancelledReservations = await reservations.releaseForDeletedAccount(tx, userId);
      await notifications.eraseForDeletedAccount(tx, userId);
      await eraseFollowsOfDeletedAccount(tx, userId);
      await push.eraseForDeletedAccount(tx, userId);
      await eraseKeptFor(tx, userId);
      return { cancelledReservations };
    },
  });
  registerUsersJobs({ jobs, users, mailer, sms, db: database.db });
  const push = new PushService({ db: database.db, jobs, config, log });
  const notifications = new NotificationsService({ db: database.db, mailer, publicUrl, push });
  const reservations: ReservationsService = new ReservationsService({ db: database.db, jobs, notifications, users: users.profile });
  const catalog = new CatalogService({ db: database.db, publicUrl: config.PUBLIC_URL });
  const images = new ImagesService({ db: database.db, jobs });
  registerImagesJobs({ jobs, images });
  registerFollowsJobs({ jobs, db: database.db, mailer, publicUrl });
  registerSavedJobs({ jobs, db: database.db });
  const admin = createAdminServices({ db: database.db, jobs, auth, catalog, notifications, reservations, mailer, publicUrl });
  return {
    config,
    database,
    log,
    jobs,
    mailer,
    sms,
    auth,
    users,
    notifications,
    push,
    reservations,
    // A cancelled event must not linger in cached listings.
    organizer: new OrganizerService({ db: database.db, reservations, onEventChanged: () => catalog.invalidate() }),
    // Edits, publications and postponements show on public pages at once.
    organizerEvents: new OrganizerEventsService({ db: database.db, jobs, notifications, onEventChanged: () => catalog.invalidate() }),
    // A renamed venue must show its new name on the public pages at once.
    organizerVenues: new OrganizerVenuesService({ db: database.db, onVenueChanged: () => catalog.invalidate() }),
    organizerTeam: new OrganizerTeamService({ db: database.db, jobs, mailer, publicUrl }),
    organizerDoor: new OrganizerDoorService({ db: database.db }),
    catalog,
    calendar: new CalendarService({ db: database.db }),
    forYou: new ForYouService({ db: database.db, jobs, mailer, publicUrl, log }),
    images,
    admin,
    follows: new FollowsService({ db: database.db, catalog, jobs }),
    saved: new SavedService({ db: database.db, jobs }),
  };
}
