import type { Services } from '@vitrin/core';
import {
  savedReplyAnswer,
  savedReplyIdParam,
  savedReplyListAnswer,
  savedReplyRequest,
} from '@vitrin/shared/api/admin/saved-replies';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: destek';
const notFound = { 404: errorAnswer('HAZIR_YANIT_BULUNAMADI') };
const titleTaken = { 409: errorAnswer('HAZIR_YANIT_VAR: another saved reply has this title (any case)') };

/**
 * Support's saved replies (`tickets.write`, every role that answers tickets): listed to insert into a reply,
 * added, changed and deleted in the panel; every change audited.
 */
export function registerSavedReplyRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { savedReplies } = services;
  const actorOf = async (request: Parameters<typeof signedIn>[1]) =>
    staffActor(await signedIn(staffOf, request));
  const params = { id: savedReplyIdParam };

  route({
    method: 'GET',
    url: '/api/admin/saved-replies',
    summary: 'Every saved reply of support, by title',
    tag: TAG,
    permission: 'tickets.write',
    responses: { 200: { description: 'The saved replies', schema: savedReplyListAnswer }, ...staffRefusals },
    handler: async () => ({ items: await savedReplies.list() }),
  });

  route({
    method: 'POST',
    url: '/api/admin/saved-replies',
    summary: 'Adds a saved reply (a title and a text)',
    tag: TAG,
    permission: 'tickets.write',
    body: savedReplyRequest,
    responses: {
      201: { description: 'Added', schema: savedReplyAnswer },
      ...invalid,
      ...staffRefusals,
      ...titleTaken,
    },
    handler: async (request, reply) => {
      const saved = await savedReplies.create(await actorOf(request), request.body);
      return reply.status(201).send({ reply: saved });
    },
  });

  route({
    method: 'PATCH',
    url: '/api/admin/saved-replies/:id',
    summary: "Changes a saved reply's title and text",
    tag: TAG,
    permission: 'tickets.write',
    params,
    body: savedReplyRequest,
    responses: {
      200: { description: 'Changed', schema: savedReplyAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...titleTaken,
    },
    handler: async (request) => ({
      reply: await savedReplies.update(await actorOf(request), request.params.id, request.body),
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/admin/saved-replies/:id',
    summary: 'Deletes a saved reply (replies already sent keep their text)',
    tag: TAG,
    permission: 'tickets.write',
    params,
    responses: { 204: { description: 'Deleted' }, ...invalid, ...staffRefusals, ...notFound },
    handler: async (request, reply) => {
      await savedReplies.remove(await actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
