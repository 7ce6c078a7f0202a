import type { Services } from '../../services';
import { seedDemoAdmin, type DemoAdminResult } from './demo-admin';
import { seedDemoReservations } from './demo-reservations';
import { seedDemoWorkspace, type DemoWorkspaceResult } from './demo-workspace';

/**
 * What the demo people did after the catalogue was seeded, through the services (their rules, history,
 * activity log and queued jobs): the demo user's reservations first (they take the demo organizer's
 * programme events, never the workspace's), then the organizer's workspace, then what waits for the admin
 * (review queue, an application, reports). Used by the server's first
 * start and by `npm run db:seed`.
 */
export async function seedDemoActivity(
  services: Pick<Services, 'database' | 'reservations' | 'organizer' | 'organizerEvents' | 'organizerVenues' | 'organizerTeam' | 'admin'>,
  options: { now?: Date } = {},
): Promise<{ reservations: number; workspace: DemoWorkspaceResult | null; admin: DemoAdminResult | null; ms: number }> {
  const startedAt = performance.now();
  const reservations = await seedDemoReservations(services);
  const workspace = await seedDemoWorkspace(services, options);
  const admin = await seedDemoAdmin(services, options);
  return { reservations, workspace, admin, ms: Math.round(performance.now() - startedAt) };
}
