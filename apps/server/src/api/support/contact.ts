import type { Services } from '@vitrin/core';
import { CONTACT_SENT_MESSAGE, contactAnswer, contactRequest } from '@vitrin/shared/api/contact';
import type { FastifyInstance } from 'fastify';
import { type ContactLimiter, createContactContext } from '../../storefront/support.ts';
import { bodyOf, sendResult } from '../account/replies.ts';
import { apiRoutes, crossOrigin, invalid, maintenance, tooMany } from '../route.ts';

/**
 * The contact form: stored, then mailed to the shop (Reply-To the sender). 5 messages per address in
 * 10 minutes (429 COK_FAZLA_ISTEK); a filled honeypot gets the same success and nothing is kept.
 */
export function registerContactRoutes(app: FastifyInstance, services: Services, limit: ContactLimiter) {
  apiRoutes(app)({
    method: 'POST',
    url: '/api/front/contact',
    summary: 'The contact form: stored and mailed to the shop (5 per IP address in 10 minutes)',
    tag: 'Mağaza: destek ve iletişim',
    body: contactRequest,
    checkedByDomain: true,
    responses: {
      201: { description: 'Received', schema: contactAnswer },
      ...invalid,
      ...crossOrigin,
      ...tooMany,
      ...maintenance,
    },
    handler: async (request, reply) =>
      sendResult(
        reply,
        await createContactContext(services, request, reply, limit).send(bodyOf(request.body)),
        () => ({ status: 201, body: { ok: true, message: CONTACT_SENT_MESSAGE } }),
      ),
  });
}
