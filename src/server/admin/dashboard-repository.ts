import { count, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, organizerApplications, reports, users } from '../db/schema';

/** One cheap count per admin queue (each on its own index), read together on the pool (`Db`: never in a transaction). */
export async function attentionCounts(db: Db) {
  const [[applications], [review], [openReports], [suspended]] = await Promise.all([
    db
      .select({
        pending: sql<number>`count(*) FILTER (WHERE ${organizerApplications.status} = 'pending')`.mapWith(Number),
        needsInfo: sql<number>`count(*) FILTER (WHERE ${organizerApplications.status} = 'needs_info')`.mapWith(Number),
      })
      .from(organizerApplications)
      .where(inArray(organizerApplications.status, ['pending', 'needs_info'])),
    db.select({ n: count() }).from(events).where(eq(events.publication, 'pending_review')),
    db
      .select({ reports: count(), targets: countDistinct(sql`(${reports.targetType}, ${reports.targetId})`) })
      .from(reports)
      .where(eq(reports.status, 'open')),
    db.select({ n: count() }).from(users).where(eq(users.status, 'suspended')),
  ]);
  return {
    applicationsPending: applications?.pending ?? 0,
    applicationsNeedingInfo: applications?.needsInfo ?? 0,
    review: review?.n ?? 0,
    openReports: openReports?.reports ?? 0,
    reportedTargets: openReports?.targets ?? 0,
    suspendedUsers: suspended?.n ?? 0,
  };
}
