import { singleLineText, z } from './zod';
import { id, isoDateTime } from './organizer-workspace';

/** The door: check-in by code (online and synchronised from the device) and the guest list (issue 9). */

export const CheckInInputSchema = z.strictObject({
  code: singleLineText().min(4, 'field.invalid').max(200, 'field.invalid'),
  /** The event the door is working; a code for another event is `wrong_event`. */
  event_id: id.optional(),
});
export const CheckInResultSchema = z.enum(['checked_in', 'already_checked_in', 'wrong_event', 'not_accepted']);

export const GuestSchema = z.object({
  reservation_id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  party_size: z.number().int(),
  note: z.string().nullable(),
  status: z.string(),
  checked_in_at: z.string().nullable(),
  checked_in_by: z.string().nullable(),
});
export type Guest = z.infer<typeof GuestSchema>;

/** What the door is told about a scanned reservation. */
export const CheckInReservationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  event_id: z.number().int(),
  event_title: z.string(),
  party_size: z.number().int(),
  guest_name: z.string(),
  status: z.string(),
  checked_in_at: z.string().nullable(),
  checked_in_by_name: z.string().nullable(),
});
export const CheckInAnswerSchema = z.object({ result: CheckInResultSchema, reservation: CheckInReservationSchema });
export type CheckInAnswer = z.infer<typeof CheckInAnswerSchema>;

/** The door's offline queue: each scan with the time it was made; the earliest scan of a code wins. */
export const CheckInSyncSchema = z.strictObject({
  scans: z
    .array(z.strictObject({ code: CheckInInputSchema.shape.code, event_id: id, scanned_at: isoDateTime }))
    .min(1, 'field.required')
    .max(500, 'field.too_many'),
});
export const CheckInSyncResultSchema = z.object({
  results: z.array(
    z.object({
      code: z.string(),
      event_id: z.number().int(),
      scanned_at: z.string(),
      /** `not_found`: no reservation of this organizer has the code. */
      result: z.enum([...CheckInResultSchema.options, 'not_found']),
      reservation: CheckInReservationSchema.nullable(),
    }),
  ),
});
export type CheckInSyncResult = z.infer<typeof CheckInSyncResultSchema>;

export const GuestListQuerySchema = z.strictObject({ format: z.enum(['json', 'csv']).optional() });
export const GuestListSchema = z.object({
  event: z.object({ id: z.number().int(), title: z.string(), starts_at: z.string() }),
  guests: z.array(GuestSchema),
  /** Parties and people with an accepted reservation; how many of them are in; reservations per status. */
  totals: z.object({
    parties: z.number().int(),
    people: z.number().int(),
    checked_in_parties: z.number().int(),
    checked_in_people: z.number().int(),
    by_status: z.record(z.string(), z.number().int()),
  }),
});
export type GuestList = z.infer<typeof GuestListSchema>;
