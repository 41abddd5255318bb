import type { Services } from '@vitrin/core';
import { tagAnswer, tagIdParam, tagListAnswer, tagRequest } from '@vitrin/shared/api/admin/tags';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: etiketler';
const notFound = { 404: errorAnswer('ETIKET_BULUNAMADI') };
const slugTaken = { 409: errorAnswer('ETIKET_SLUG_KULLANIMDA: another tag has the slug') };

/** Product tags: read with `catalog.read`, changed with `catalog.write`; every change audited. */
export function registerAdminTagRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const admin = services.tagAdmin;
  const actorOf = async (request: Parameters<typeof signedIn>[1]) =>
    staffActor(await signedIn(staffOf, request));

  route({
    method: 'GET',
    url: '/api/admin/tags',
    summary: 'Every tag by name, with how many products carry it',
    tag: TAG,
    permission: 'catalog.read',
    responses: { 200: { description: 'The tags', schema: tagListAnswer }, ...staffRefusals },
    handler: async () => ({ items: await admin.list() }),
  });

  route({
    method: 'POST',
    url: '/api/admin/tags',
    summary: 'Adds a tag; a blank slug is made from the name',
    tag: TAG,
    permission: 'catalog.write',
    body: tagRequest,
    responses: {
      201: { description: 'Added', schema: tagAnswer },
      ...invalid,
      ...staffRefusals,
      ...slugTaken,
    },
    handler: async (request, reply) => {
      const tag = await admin.create(await actorOf(request), request.body);
      return reply.status(201).send({ tag });
    },
  });

  route({
    method: 'PATCH',
    url: '/api/admin/tags/:id',
    summary: 'Renames a tag (a blank slug keeps the slug)',
    tag: TAG,
    permission: 'catalog.write',
    params: { id: tagIdParam },
    body: tagRequest,
    responses: {
      200: { description: 'Changed', schema: tagAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...slugTaken,
    },
    handler: async (request) => ({
      tag: await admin.update(await actorOf(request), request.params.id, request.body),
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/admin/tags/:id',
    summary: 'Deletes a tag; its products lose it',
    tag: TAG,
    permission: 'catalog.write',
    params: { id: tagIdParam },
    responses: { 204: { description: 'Deleted' }, ...invalid, ...staffRefusals, ...notFound },
    handler: async (request, reply) => {
      await admin.remove(await actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
