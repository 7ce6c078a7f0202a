import type { Database } from '../db/client';
import type { JobQueue } from '../jobs/job-queue';
import type { AuthService } from '../auth/auth-service';
import type { CatalogService } from '../catalog/catalog-service';
import type { NotificationsService } from '../notifications/notifications-service';
import type { ReservationsService } from '../reservations/reservations-service';
import type { Mailer } from '../notifications/mailer';
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
  taxonomy: TaxonomyAdminService;
}

export function createAdminServices(deps: AdminDeps): AdminServices {
  return {
    taxonomy: new TaxonomyAdminService({ db: deps.db, catalog: deps.catalog }),
  };
}
