import type { Services } from '@vitrin/core';
import type { AuditActor } from '@vitrin/core/audit/record';
import {
  categoryAnswer,
  categoryIdParam,
  categoryOptionsAnswer,
  categoryRequest,
  treeMoveRequest,
} from '@vitrin/shared/api/admin/categories';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: kategoriler';
/** What every change of one category (`/api/admin/categories/:id…`) declares. */
const oneCategory = { tag: TAG, permission: 'catalog.write', params: { id: categoryIdParam } } as const;
const oneRefused = { ...invalid, ...staffRefusals, 404: errorAnswer('KATEGORI_BULUNAMADI') };

/**
 * The category tree: read by any staff member (the panel's pickers), changed by owners and managers
 * (`catalog.write`). Every change is audited and in the storefront at once (menus, listings, breadcrumbs).
 */
export function registerAdminCategoryRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const admin = services.categoryAdmin;
  /** A change by the request's staff member. */
  const change = async <T>(
    request: Parameters<typeof signedIn>[1],
    work: (actor: AuditActor) => Promise<T>,
  ) => work(staffActor(await signedIn(staffOf, request)));

  route({
    method: 'GET',
    url: '/api/admin/categories',
    summary: 'Every category, hidden ones too, depth-first in the storefront’s order, each with its depth',
    tag: TAG,
    permission: 'signedIn',
    responses: { 200: { description: 'The categories', schema: categoryOptionsAnswer }, ...staffRefusals },
    handler: async () => ({ items: await admin.list() }),
  });

  route({
    method: 'POST',
    url: '/api/admin/categories',
    summary: 'Adds a category, last under its parent; a blank slug is made from the name',
    tag: TAG,
    permission: 'catalog.write',
    body: categoryRequest,
    responses: {
      201: { description: 'Added', schema: categoryAnswer },
      ...invalid,
      ...staffRefusals,
      409: errorAnswer('KATEGORI_SLUG_KULLANIMDA: another category has the slug'),
    },
    handler: async (request, reply) => {
      const category = await change(request, (actor) => admin.create(actor, request.body));
      return reply.status(201).send({ category });
    },
  });

  route({
    method: 'PATCH',
    url: '/api/admin/categories/:id',
    summary: 'Changes a category: name, slug (blank: kept), description, visibility, featured, parent',
    ...oneCategory,
    body: categoryRequest,
    responses: {
      200: { description: 'Changed', schema: categoryAnswer },
      ...oneRefused,
      409: errorAnswer(
        'KATEGORI_SLUG_KULLANIMDA: another category has the slug; KATEGORI_DONGU: the parent is the category or below it',
      ),
    },
    handler: async (request) => ({
      category: await change(request, (actor) => admin.update(actor, request.params.id, request.body)),
    }),
  });

  route({
    method: 'POST',
    url: '/api/admin/categories/:id/move',
    summary: 'Moves a category under a parent (null: the top) at a place among its siblings',
    ...oneCategory,
    body: treeMoveRequest,
    responses: {
      200: { description: 'Every category in its new order', schema: categoryOptionsAnswer },
      ...oneRefused,
      409: errorAnswer('KATEGORI_DONGU: the new parent is the category itself or below it'),
    },
    handler: async (request) => ({
      items: await change(request, (actor) => admin.move(actor, request.params.id, request.body)),
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/admin/categories/:id',
    summary: 'Deletes a category without sub-categories and products',
    ...oneCategory,
    responses: {
      204: { description: 'Deleted' },
      ...oneRefused,
      409: errorAnswer('KATEGORI_ALT_KATEGORILI: it has sub-categories; KATEGORI_URUNLU: it has products'),
    },
    handler: async (request, reply) => {
      await change(request, (actor) => admin.remove(actor, request.params.id));
      return reply.status(204).send();
    },
  });
}
