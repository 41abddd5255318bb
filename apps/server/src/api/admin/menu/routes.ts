import type { Services } from '@vitrin/core';
import { treeMoveRequest } from '@vitrin/shared/api/admin/categories';
import {
  menuItemAnswer,
  menuItemIdParam,
  menuItemRequest,
  menuListAnswer,
} from '@vitrin/shared/api/admin/menu';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: üst menü';
const notFound = { 404: errorAnswer('MENU_OGESI_BULUNAMADI') };
const cycle = { 409: errorAnswer('MENU_DONGU: the new parent is the link itself or below it') };

/**
 * The storefront header's menu (`content.write`: owners and managers). A link that is neither an http(s) URL
 * nor a path of the site is 400 with `Invalid URL` on `url`; every change audited and in the header at once.
 */
export function registerAdminMenuRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const admin = services.menuAdmin;
  const actorOf = async (request: Parameters<typeof signedIn>[1]) =>
    staffActor(await signedIn(staffOf, request));

  route({
    method: 'GET',
    url: '/api/admin/menu',
    summary: 'The header menu’s links depth-first in their order, hidden ones too',
    tag: TAG,
    permission: 'content.write',
    responses: { 200: { description: 'The links', schema: menuListAnswer }, ...staffRefusals },
    handler: async () => ({ items: await admin.list() }),
  });

  route({
    method: 'POST',
    url: '/api/admin/menu',
    summary: 'Adds a link, last under its parent',
    tag: TAG,
    permission: 'content.write',
    body: menuItemRequest,
    responses: { 201: { description: 'Added', schema: menuItemAnswer }, ...invalid, ...staffRefusals },
    handler: async (request, reply) => {
      const item = await admin.create(await actorOf(request), request.body);
      return reply.status(201).send({ item });
    },
  });

  route({
    method: 'PATCH',
    url: '/api/admin/menu/:id',
    summary: 'Changes a link: title, URL, visibility, parent',
    tag: TAG,
    permission: 'content.write',
    params: { id: menuItemIdParam },
    body: menuItemRequest,
    responses: {
      200: { description: 'Changed', schema: menuItemAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...cycle,
    },
    handler: async (request) => ({
      item: await admin.update(await actorOf(request), request.params.id, request.body),
    }),
  });

  route({
    method: 'POST',
    url: '/api/admin/menu/:id/move',
    summary: 'Moves a link under a parent (null: the top) at a place among its siblings',
    tag: TAG,
    permission: 'content.write',
    params: { id: menuItemIdParam },
    body: treeMoveRequest,
    responses: {
      200: { description: 'Every link in its new order', schema: menuListAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...cycle,
    },
    handler: async (request) => ({
      items: await admin.move(await actorOf(request), request.params.id, request.body),
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/admin/menu/:id',
    summary: 'Removes a link and the links under it',
    tag: TAG,
    permission: 'content.write',
    params: { id: menuItemIdParam },
    responses: { 204: { description: 'Removed' }, ...invalid, ...staffRefusals, ...notFound },
    handler: async (request, reply) => {
      await admin.remove(await actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
