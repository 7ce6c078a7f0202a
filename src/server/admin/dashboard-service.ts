import type { AdminDashboard } from '../../shared/schemas/admin-audit';
import type { Db } from '../db/client';
import { attentionCounts } from './dashboard-repository';

/**
 * What waits for an admin. Reports count twice: `reports` is the distinct reported targets (the queue
 * handles a target at once, whatever number of people reported it), `open_reports` the reports themselves.
 */
export class AdminDashboardService {
  constructor(private readonly deps: { db: Db }) {}

  async counts(): Promise<AdminDashboard> {
    const counts = await attentionCounts(this.deps.db);
    return {
      applications: counts.applicationsPending,
      applications_needing_info: counts.applicationsNeedingInfo,
      review: counts.review,
      reports: counts.reportedTargets,
      open_reports: counts.openReports,
      suspended_users: counts.suspendedUsers,
    };
  }
}
