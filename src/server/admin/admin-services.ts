import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import type { AuthService } from '../auth/auth-service';
import type { CatalogService } from '../catalog/catalog-service';
import type { NotificationsService } from '../notifications/notifications-service';
import type { ReservationsService } from '../reservations/reservations-service';
import type { Mailer } from '../notifications/mailer';
import { AdminAuditService } from './audit-service';
import { AdminDashboardService } from './dashboard-service';
import { AdminUsersService } from './users-service';
import { registerNoticeJobs } from './admin-notices';
import { ApplicationsService } from './applications-service';
import { ModerationService } from './moderation-service';
import { ReportsService } from './reports-service';
import { TaxonomyAdminService } from './taxonomy-service';

/** What the admin domain's services are built from (services.ts passes the process's own). */
export interface AdminDeps {
  db: Database['db'];
  jobs: JobQueue;
  auth: AuthService;
  catalog: CatalogService;
  notifications: NotificationsService;
  reservations: ReservationsService;
  mailer: Mailer;
  publicUrl: string;
}

/** The admin back office's services (issue 10): one per section. */
export interface AdminServices {
  dashboard: AdminDashboardService;
  users: AdminUsersService;
  audit: AdminAuditService;
  applications: ApplicationsService;
  moderation: ModerationService;
  reports: ReportsService;
  taxonomy: TaxonomyAdminService;
}

export function createAdminServices(deps: AdminDeps): AdminServices {
  // The e-mails of application and review notices (written by both services below).
  registerNoticeJobs(deps.jobs, deps.notifications);
  return {
    dashboard: new AdminDashboardService({ db: deps.db }),
    users: new AdminUsersService({ db: deps.db, reservations: deps.reservations }),
    audit: new AdminAuditService({ db: deps.db }),
    applications: new ApplicationsService({ db: deps.db, jobs: deps.jobs }),
    // An approved event is public at once: cached listings must show it.
    moderation: new ModerationService({ db: deps.db, jobs: deps.jobs, onEventChanged: () => deps.catalog.invalidate() }),
    // A removed event must leave cached listings and pages at once.
    reports: new ReportsService({ db: deps.db, onEventRemoved: () => deps.catalog.invalidate() }),
    taxonomy: new TaxonomyAdminService({ db: deps.db, catalog: deps.catalog }),
  };
}
