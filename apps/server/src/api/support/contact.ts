import type { Services } from '@vitrin/core';
import { CONTACT_SENT_MESSAGE } from '@vitrin/shared/api/contact';
import type { FastifyInstance } from 'fastify';
import { type ContactLimiter, createContactContext } from '../../pages/context/support.ts';
import { bodyOf, sendResult } from '../account/replies.ts';

/**
 * The contact form: stored, then mailed to the shop (Reply-To the sender). 5 messages per address in
 * 10 minutes (429 COK_FAZLA_ISTEK); a filled honeypot gets the same success and nothing is kept.
 */
export function registerContactRoutes(app: FastifyInstance, services: Services, limit: ContactLimiter) {
  app.post('/api/front/contact', async (request, reply) =>
    sendResult(
      reply,
      await createContactContext(services, request, reply, limit).send(bodyOf(request.body)),
      () => ({ status: 201, body: { ok: true, message: CONTACT_SENT_MESSAGE } }),
    ),
  );
}
