import { z } from './zod';
import { localizedText, MAX_CAPACITY, MAX_VENUE_IMAGES, messageText, nameText, UploadedImageSchema } from './organizer-workspace';

/** The organizer's venues: what the workspace sends and what it reads back (issue 9). */

export const VenueInputSchema = z.strictObject({
  name: localizedText(120).refine((name) => Object.values(name).some((value) => value?.trim()), {
    message: 'field.required',
    path: ['sr'],
  }),
  address: nameText(200).min(1, 'field.required'),
  city: nameText(60).min(1, 'field.required'),
  lat: z.number().min(-90, 'field.invalid').max(90, 'field.invalid'),
  lng: z.number().min(-180, 'field.invalid').max(180, 'field.invalid'),
  accessibility: messageText(1000).nullish(),
  capacity: z.number().int('field.invalid').min(1, 'field.invalid').max(MAX_CAPACITY, 'field.invalid').nullish(),
  /** The venue's photos in order (the first heads the public page); each an upload of the same organizer. */
  image_ids: z
    .array(z.uuid('field.invalid'))
    .max(MAX_VENUE_IMAGES, 'field.too_many_items')
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'field.invalid')
    .optional(),
});
export const VenuePatchSchema = VenueInputSchema.partial();

export const OrganizerVenueSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.record(z.string(), z.string()),
  display_name: z.string(),
  address: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  accessibility: z.string().nullable(),
  capacity: z.number().int().nullable(),
  /** The photos in order, as uploaded (a photo still processing has no variants yet). */
  images: z.array(UploadedImageSchema),
  url: z.string(),
});
export type OrganizerVenue = z.infer<typeof OrganizerVenueSchema>;
