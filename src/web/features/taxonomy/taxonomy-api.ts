import type {
  AdminCategory,
  AdminSubcategory,
  AdminTag,
  CategoryInput,
  CategoryPatch,
  SubcategoryInput,
  SubcategoryPatch,
  TagInput,
  TagPatch,
} from '../../../shared/schemas/admin-taxonomy';
import { type ApiResult, getApiClient } from '../../lib/api-client';

export type { AdminCategory, AdminSubcategory, AdminTag };

/** Which list an entry belongs to; the API path is its plural. */
export type TaxonomyKind = 'category' | 'subcategory' | 'tag';
const PATHS: Record<TaxonomyKind, string> = { category: '/admin/categories', subcategory: '/admin/subcategories', tag: '/admin/tags' };

export function fetchCategories(): Promise<ApiResult<{ items: AdminCategory[] }>> {
  return getApiClient().get<{ items: AdminCategory[] }>(PATHS.category);
}

export function fetchTags(): Promise<ApiResult<{ items: AdminTag[] }>> {
  return getApiClient().get<{ items: AdminTag[] }>(PATHS.tag);
}

export function createCategory(input: CategoryInput): Promise<ApiResult<AdminCategory>> {
  return getApiClient().post<AdminCategory>(PATHS.category, input);
}

export function createSubcategory(input: SubcategoryInput): Promise<ApiResult<AdminSubcategory>> {
  return getApiClient().post<AdminSubcategory>(PATHS.subcategory, input);
}

export function createTag(input: TagInput): Promise<ApiResult<AdminTag>> {
  return getApiClient().post<AdminTag>(PATHS.tag, input);
}

/** One PATCH for every kind: rename, new slug, icon (categories), position, hidden. */
export function updateEntry(kind: TaxonomyKind, id: number, patch: CategoryPatch | SubcategoryPatch | TagPatch): Promise<ApiResult<unknown>> {
  return getApiClient().patch<unknown>(`${PATHS[kind]}/${id}`, patch);
}

export function deleteEntry(kind: TaxonomyKind, id: number): Promise<ApiResult<null>> {
  return getApiClient().delete<null>(`${PATHS[kind]}/${id}`);
}

export function mergeTag(id: number, into: number): Promise<ApiResult<AdminTag>> {
  return getApiClient().post<AdminTag>(`${PATHS.tag}/${id}/merge`, { into });
}
