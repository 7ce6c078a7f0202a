import { DatedCursorSchema } from './common';
import { ReservationStatusSchema } from './reservations';
import { multiLineText, singleLineText, z } from './zod';

/**
 * The admin's users section (issue 10, DESIGN §14): search, one person's details, suspension and the
 * Kuda-wide role. Shared by the server (routes validate and serialise with these) and the web.
 */

export const UserRoleSchema = z.enum(['user', 'organizer', 'admin']);
export type UserRole = z.infer<typeof UserRoleSchema>;
export const USER_ROLES = UserRoleSchema.options;

export const UserStatusSchema = z.enum(['active', 'suspended', 'deleted']);
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const SUSPENSION_REASON_MAX_LENGTH = 1000;
export const USER_SEARCH_MAX_LENGTH = 200;

/** `GET /admin/users?q=&cursor=`: an e-mail, a name or a phone number in any common spelling, in part. */
export const AdminUserQuerySchema = z.strictObject({
  q: singleLineText().trim().max(USER_SEARCH_MAX_LENGTH, { error: 'field.too_big' }).optional(),
  cursor: DatedCursorSchema.optional(),
});
export type AdminUserQuery = z.infer<typeof AdminUserQuerySchema>;

export const AdminUserSummarySchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  phone_number: z.string().nullable(),
  role: UserRoleSchema,
  status: UserStatusSchema,
  created_at: z.string(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;

export const AdminUserPageSchema = z.object({
  items: z.array(AdminUserSummarySchema),
  next_cursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminSuspensionSchema = z.object({
  reason: z.string().nullable(),
  at: z.string().nullable(),
  by: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
});

export const AdminUserMembershipSchema = z.object({
  organizer_id: z.number().int(),
  organizer_name: z.string(),
  role: z.enum(['owner', 'manager', 'door', 'viewer']),
});

export const AdminUserReservationSchema = z.object({
  id: z.number().int(),
  status: ReservationStatusSchema,
  party_size: z.number().int(),
  created_at: z.string(),
  event: z.object({ id: z.number().int(), title: z.string(), starts_at: z.string() }),
});
export type AdminUserReservation = z.infer<typeof AdminUserReservationSchema>;

/** `GET /admin/users/{id}`: the profile, standing, role, teams and the latest reservations (one page). */
export const AdminUserDetailSchema = AdminUserSummarySchema.extend({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  locale: z.string(),
  suspension: AdminSuspensionSchema.nullable(),
  memberships: z.array(AdminUserMembershipSchema),
  reservations: z.array(AdminUserReservationSchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/** `POST /admin/users/{id}/suspend`: why, in the admin's words (kept with the account and in the audit log). */
export const SuspendUserSchema = z.strictObject({
  reason: multiLineText()
    .trim()
    .min(1, { error: 'field.required' })
    .max(SUSPENSION_REASON_MAX_LENGTH, { error: 'field.too_big' }),
});
export type SuspendUserInput = z.infer<typeof SuspendUserSchema>;

/** `PATCH /admin/users/{id}`: the Kuda-wide role. */
export const ChangeUserRoleSchema = z.strictObject({ role: UserRoleSchema });
export type ChangeUserRoleInput = z.infer<typeof ChangeUserRoleSchema>;
