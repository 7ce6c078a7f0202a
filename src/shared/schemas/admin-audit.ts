import { CursorSchema } from './common';
import { singleLineText, z } from './zod';

/** The append-only audit log as the admin reads it (issue 10, DESIGN §14): newest first, filtered. */

export const AuditQuerySchema = z.strictObject({
  actor: z.uuid({ error: 'field.invalid' }).optional(),
  target_type: singleLineText().trim().min(1, { error: 'field.required' }).max(50, { error: 'field.too_big' }).optional(),
  target_id: singleLineText().trim().min(1, { error: 'field.required' }).max(100, { error: 'field.too_big' }).optional(),
  cursor: CursorSchema.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

const Snapshot = z.record(z.string(), z.unknown()).nullable();

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** Null for the system (a scheduled job); name and e-mail are null for an account since erased. */
  actor: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  before: Snapshot,
  after: Snapshot,
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({ items: z.array(AuditEntrySchema), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;

/**
 * `GET /admin/dashboard`: what waits for an admin. `reports` counts distinct reported targets with an open
 * report (the queue works per target), `open_reports` the open reports themselves.
 */
export const AdminDashboardSchema = z.object({
  applications: z.number().int(),
  applications_needing_info: z.number().int(),
  review: z.number().int(),
  reports: z.number().int(),
  open_reports: z.number().int(),
  suspended_users: z.number().int(),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
