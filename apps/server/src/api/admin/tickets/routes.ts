import fastifyMultipart from '@fastify/multipart';
import type { Services } from '@vitrin/core';
import {
  adminTicketAnswer,
  adminTicketListAnswer,
  adminTicketQuery,
  ticketReplyRequest,
} from '@vitrin/shared/api/admin/tickets';
import { MAX_ATTACHMENT_BYTES } from '@vitrin/shared/ticket-status';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { formOf, sendAttachment } from '../../support/routes.ts';
import { notFound, upload, withFile } from '../../support/schemas.ts';
import { signedIn, staffActor } from '../replies.ts';
import { registerSavedReplyRoutes } from './saved-replies.ts';

const TAG = 'Yönetim: destek';
const changed = {
  409: errorAnswer(
    'TALEP_KAPALI: the customer closed the ticket / TALEP_DEGISTI: it is not in a state for this',
  ),
};
const ticketNo = { ticketNo: z.string().describe('DT- and 8 characters; anything else is not found') };

/**
 * Support in the panel (`tickets.read`, `tickets.write`: every role): the queue by state, a ticket with its
 * thread and attachments, a reply (JSON, or multipart with one `file` under the customer's limits: the
 * customer is e-mailed), close and reopen. Each change is in the audit log.
 */
export function registerAdminTicketRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { support } = services;
  registerSavedReplyRoutes(app, services, staffOf);

  route({
    method: 'GET',
    url: '/api/admin/tickets',
    summary: 'The ticket queue, last change first, of one state (`status`) or all, with each state’s count',
    tag: TAG,
    permission: 'tickets.read',
    querystring: adminTicketQuery,
    responses: {
      200: { description: 'One page', schema: adminTicketListAnswer },
      ...invalid,
      ...staffRefusals,
    },
    handler: async (request) => support.queue(request.query),
  });

  route({
    method: 'GET',
    url: '/api/admin/tickets/:ticketNo',
    summary: 'A ticket with its customer, thread and attachments',
    tag: TAG,
    permission: 'tickets.read',
    params: ticketNo,
    responses: {
      200: { description: 'The ticket', schema: adminTicketAnswer },
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => ({
      ticket: await support.staffDetail(request.params.ticketNo),
    }),
  });

  route({
    method: 'GET',
    url: '/api/admin/tickets/:ticketNo/attachments/:messageId',
    summary: "A message's attachment (Content-Disposition, nosniff)",
    tag: TAG,
    permission: 'tickets.read',
    params: { ...ticketNo, messageId: z.string().describe('The message id') },
    responses: { 200: { description: 'The file' }, ...staffRefusals, ...notFound },
    handler: async (request, reply) => {
      const { ticketNo: number, messageId } = request.params;
      return sendAttachment(reply, await support.staffAttachment(number, messageId));
    },
  });

  for (const [event, verb] of [
    ['close', 'Closes'],
    ['reopen', 'Opens again'],
  ] as const) {
    route({
      method: 'POST',
      url: `/api/admin/tickets/:ticketNo/${event}`,
      summary: `${verb} the ticket`,
      tag: TAG,
      permission: 'tickets.write',
      params: ticketNo,
      responses: {
        200: { description: 'The ticket', schema: adminTicketAnswer },
        ...staffRefusals,
        ...notFound,
        ...changed,
      },
      handler: async (request) => {
        const actor = staffActor(await signedIn(staffOf, request));
        return {
          ticket: await support.staffMove(actor, request.params.ticketNo, event),
        };
      },
    });
  }

  // Multipart is parsed only here (its own plugin scope), like the customer's side.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5, parts: 6 },
    });
    apiRoutes(
      scope,
      undefined,
      staffOf,
    )({
      method: 'POST',
      url: '/api/admin/tickets/:ticketNo/messages',
      summary: "The shop's reply (JSON or multipart with an optional `file`): the customer is e-mailed",
      tag: TAG,
      permission: 'tickets.write',
      params: ticketNo,
      body: withFile(ticketReplyRequest),
      multipart: true,
      responses: {
        201: { description: 'The ticket with the reply', schema: adminTicketAnswer },
        ...invalid,
        ...staffRefusals,
        ...notFound,
        ...upload,
        ...changed,
      },
      bodyLimit: MAX_ATTACHMENT_BYTES + 64 * 1024,
      handler: async (request, reply) => {
        const actor = staffActor(await signedIn(staffOf, request));
        const { fields, upload: file } = await formOf(request);
        const ticket = await support.staffReply(actor, request.params.ticketNo, fields, file);
        return reply.status(201).send({ ticket });
      },
    });
  });
}
