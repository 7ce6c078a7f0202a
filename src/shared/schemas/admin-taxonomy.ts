import { CATEGORY_ICONS } from '../category-icons';
import { IdValueSchema } from './common';
import { personName, singleLineText, z } from './zod';

/**
 * The admin's taxonomy (issue 10): categories with their subcategories, and quick-filter tags. Names are
 * written per language; Serbian is required (the fallback of every page, DESIGN §3), the others optional
 * and shown with a completeness mark. An empty string means "not written".
 */

export const TAXONOMY_NAME_MAX = 80;
export const TAXONOMY_SLUG_MAX = 80;

const nameText = () => personName().max(TAXONOMY_NAME_MAX, 'field.too_long');

export const TaxonomyNameSchema = z.strictObject({
  sr: nameText().min(1, 'field.required'),
  en: nameText().optional(),
  uk: nameText().optional(),
  ru: nameText().optional(),
});
export type TaxonomyName = z.infer<typeof TaxonomyNameSchema>;

/** ASCII kebab-case, as `slugify` writes it: the part of a public URL that names the entry. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TaxonomySlugSchema = singleLineText()
  .toLowerCase()
  .max(TAXONOMY_SLUG_MAX, 'field.too_long')
  .regex(SLUG_PATTERN, 'field.slug');

/** On create the slug may be left empty: the server derives it from the Serbian name. */
const optionalSlug = z.union([z.literal(''), TaxonomySlugSchema]).optional();

/** Where among its siblings an entry goes: 0 is first; a number past the end means last. */
const position = z.number().int('field.invalid').min(0, 'field.invalid').max(10_000, 'field.invalid');

export const CategoryIconSchema = z.enum(CATEGORY_ICONS, { error: 'field.invalid_value' });

export const CategoryInputSchema = z.strictObject({
  name: TaxonomyNameSchema,
  slug: optionalSlug,
  icon: CategoryIconSchema.default('event'),
  hidden: z.boolean().optional(),
});

export const CategoryPatchSchema = z.strictObject({
  name: TaxonomyNameSchema.optional(),
  slug: TaxonomySlugSchema.optional(),
  icon: CategoryIconSchema.optional(),
  position: position.optional(),
  hidden: z.boolean().optional(),
});

export const SubcategoryInputSchema = z.strictObject({
  category_id: IdValueSchema,
  name: TaxonomyNameSchema,
  slug: optionalSlug,
  hidden: z.boolean().optional(),
});

/** A subcategory stays in its category: its events' category would otherwise disagree with it. */
export const SubcategoryPatchSchema = z.strictObject({
  name: TaxonomyNameSchema.optional(),
  slug: TaxonomySlugSchema.optional(),
  position: position.optional(),
  hidden: z.boolean().optional(),
});

export const TagInputSchema = z.strictObject({
  name: TaxonomyNameSchema,
  slug: optionalSlug,
  hidden: z.boolean().optional(),
});

export const TagPatchSchema = SubcategoryPatchSchema;

/** `POST /admin/tags/{id}/merge`: the tag the merged one goes into. */
export const TagMergeSchema = z.strictObject({ into: IdValueSchema });

const StoredNameSchema = z.object({ sr: z.string().optional(), en: z.string().optional(), uk: z.string().optional(), ru: z.string().optional() });

const entryFields = {
  id: z.number(),
  slug: z.string(),
  name: StoredNameSchema,
  position: z.number(),
  hidden: z.boolean(),
  /** Events that name the entry (any status): a category or subcategory with any cannot be deleted. */
  event_count: z.number(),
};

export const AdminSubcategorySchema = z.object({ ...entryFields, category_id: z.number() });
export type AdminSubcategory = z.infer<typeof AdminSubcategorySchema>;

export const AdminCategorySchema = z.object({ ...entryFields, icon: z.string(), subcategories: z.array(AdminSubcategorySchema) });
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

export const AdminTagSchema = z.object(entryFields);
export type AdminTag = z.infer<typeof AdminTagSchema>;

export const AdminCategoryListSchema = z.object({ items: z.array(AdminCategorySchema) });
export const AdminSubcategoryListSchema = z.object({ items: z.array(AdminSubcategorySchema) });
export const AdminTagListSchema = z.object({ items: z.array(AdminTagSchema) });

export type CategoryInput = z.output<typeof CategoryInputSchema>;
export type CategoryPatch = z.output<typeof CategoryPatchSchema>;
export type SubcategoryInput = z.output<typeof SubcategoryInputSchema>;
export type SubcategoryPatch = z.output<typeof SubcategoryPatchSchema>;
export type TagInput = z.output<typeof TagInputSchema>;
export type TagPatch = z.output<typeof TagPatchSchema>;
