import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCategoryListSchema,
  AdminCategorySchema,
  AdminSubcategoryListSchema,
  AdminSubcategorySchema,
  AdminTagListSchema,
  AdminTagSchema,
  CategoryInputSchema,
  CategoryPatchSchema,
  SubcategoryInputSchema,
  SubcategoryPatchSchema,
  TagInputSchema,
  TagMergeSchema,
  TagPatchSchema,
} from '../../shared/schemas/admin-taxonomy';
import { IdParamsSchema } from '../../shared/schemas/common';
import { ProblemSchema } from '../../shared/schemas/problem';
import { z } from '../../shared/schemas/zod';
import { requireUser } from '../plugins/authentication';
import type { AdminServices } from './admin-services';

/**
 * What every admin route may refuse with: 400 input, 401 no signed-in user, 403 `admin_required` (the
 * scope's one hook, admin-routes.ts), 404 no such entry. Writes that can meet a rule add 409.
 */
const ADMIN_REFUSALS = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema, 404: ProblemSchema } as const;

/**
 * Categories, subcategories and tags (issue 10). Names per language (Serbian required), slug (derived from
 * the Serbian name when left out; a changed slug's old URL answers 301), icon (categories), position among
 * the siblings (PATCH `position`: 0 is first), hidden. 409 `category_has_events` / `subcategory_has_events`
 * for a delete of an entry that events name (hide it instead); 400 `slug_taken` on `slug`.
 */
export const taxonomyAdminRoutes: FastifyPluginAsyncZod<{ admin: AdminServices }> = async (app, { admin }) => {
  const { taxonomy } = admin;
  const tags = ['admin'];
  const actor = (request: Parameters<typeof requireUser>[0]) => requireUser(request).userId;

  app.get(
    '/categories',
    { schema: { tags, summary: 'Every category with its subcategories, hidden ones too, with event counts', response: { 200: AdminCategoryListSchema, ...ADMIN_REFUSALS } } },
    async () => taxonomy.listCategories(),
  );

  app.post(
    '/categories',
    { schema: { tags, summary: 'Add a category (last in order)', body: CategoryInputSchema, response: { 201: AdminCategorySchema, ...ADMIN_REFUSALS } } },
    async (request, reply) => reply.code(201).send(await taxonomy.createCategory({ actorUserId: actor(request), category: request.body })),
  );

  app.patch(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Rename, change slug or icon, move, hide or show a category',
        params: IdParamsSchema,
        body: CategoryPatchSchema,
        response: { 200: AdminCategorySchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => taxonomy.updateCategory({ actorUserId: actor(request), id: request.params.id, patch: request.body }),
  );

  app.delete(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category no event names (with its subcategories)',
        params: IdParamsSchema,
        response: { 204: z.null(), 409: ProblemSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request, reply) => {
      await taxonomy.deleteCategory({ actorUserId: actor(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/subcategories',
    { schema: { tags, summary: 'Every subcategory, hidden ones too, with event counts', response: { 200: AdminSubcategoryListSchema, ...ADMIN_REFUSALS } } },
    async () => taxonomy.listSubcategories(),
  );

  app.post(
    '/subcategories',
    {
      schema: {
        tags,
        summary: 'Add a subcategory to a category (last in order)',
        body: SubcategoryInputSchema,
        response: { 201: AdminSubcategorySchema, ...ADMIN_REFUSALS },
      },
    },
    async (request, reply) => reply.code(201).send(await taxonomy.createSubcategory({ actorUserId: actor(request), subcategory: request.body })),
  );

  app.patch(
    '/subcategories/:id',
    {
      schema: {
        tags,
        summary: 'Rename, change slug, move within its category, hide or show a subcategory',
        params: IdParamsSchema,
        body: SubcategoryPatchSchema,
        response: { 200: AdminSubcategorySchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => taxonomy.updateSubcategory({ actorUserId: actor(request), id: request.params.id, patch: request.body }),
  );

  app.delete(
    '/subcategories/:id',
    { schema: { tags, summary: 'Delete a subcategory no event names', params: IdParamsSchema, response: { 204: z.null(), 409: ProblemSchema, ...ADMIN_REFUSALS } } },
    async (request, reply) => {
      await taxonomy.deleteSubcategory({ actorUserId: actor(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/tags',
    { schema: { tags, summary: 'Every quick-filter tag, hidden ones too, with event counts', response: { 200: AdminTagListSchema, ...ADMIN_REFUSALS } } },
    async () => taxonomy.listTags(),
  );

  app.post(
    '/tags',
    { schema: { tags, summary: 'Add a tag (last in order)', body: TagInputSchema, response: { 201: AdminTagSchema, ...ADMIN_REFUSALS } } },
    async (request, reply) => reply.code(201).send(await taxonomy.createTag({ actorUserId: actor(request), tag: request.body })),
  );

  app.patch(
    '/tags/:id',
    {
      schema: { tags, summary: 'Rename, change slug, move, hide or show a tag', params: IdParamsSchema, body: TagPatchSchema, response: { 200: AdminTagSchema, ...ADMIN_REFUSALS } },
    },
    async (request) => taxonomy.updateTag({ actorUserId: actor(request), id: request.params.id, patch: request.body }),
  );

  app.delete(
    '/tags/:id',
    { schema: { tags, summary: 'Delete a tag; its events lose it', params: IdParamsSchema, response: { 204: z.null(), ...ADMIN_REFUSALS } } },
    async (request, reply) => {
      await taxonomy.deleteTag({ actorUserId: actor(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/tags/:id/merge',
    {
      schema: {
        tags,
        summary: "Merge a tag into another: its events get the other, it is deleted, and its links answer 301 to the other's",
        params: IdParamsSchema,
        body: TagMergeSchema,
        response: { 200: AdminTagSchema, ...ADMIN_REFUSALS },
      },
    },
    async (request) => taxonomy.mergeTag({ actorUserId: actor(request), id: request.params.id, into: request.body.into }),
  );
};
