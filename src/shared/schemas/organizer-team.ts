import { CursorSchema, ID_PATTERN } from './common';
import { z } from './zod';
import { OrganizerRoleSchema } from './organizer-workspace';

/** The organizer's team: members, invitations and the activity log (issue 9). */

export const MemberInputSchema = z.strictObject({
  email: z.email('field.email').max(254, 'field.too_long'),
  role: OrganizerRoleSchema,
});
export const MemberPatchSchema = z.strictObject({ role: OrganizerRoleSchema });

/** Who `/organizer/members/{id}` names: a member by their user id, or an open invitation by its number. */
export type MemberRef = { kind: 'member'; userId: string } | { kind: 'invitation'; id: number };
/**
 * `/organizer/members/{id}`: a member's user id (a UUID) or an invitation's number (an id as every path
 * writes one); anything else is a 400 naming `id`. Read here once, so the service gets which of the two.
 */
export const MemberIdParamsSchema = z.strictObject({
  id: z.union([z.uuid(), z.string().regex(ID_PATTERN)], { error: 'field.invalid' }).transform(
    (id): MemberRef => (ID_PATTERN.test(id) ? { kind: 'invitation', id: Number(id) } : { kind: 'member', userId: id.toLowerCase() }),
  ),
});

/** `?cursor=` of the activity log, newest first. */
export const ActivityQuerySchema = z.strictObject({ cursor: CursorSchema.optional() });
export const MemberSchema = z.object({
  /** The member's user id, or the invitation's number while the invitation is open. */
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: OrganizerRoleSchema,
  status: z.enum(['active', 'invited']),
  created_at: z.string(),
});

export const ActivitySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
