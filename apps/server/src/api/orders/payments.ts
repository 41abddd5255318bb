import type { Services } from '@vitrin/core';
import type { FastifyInstance } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { answer, customerIdOf } from './replies.ts';

/**
 * The JSON steps of the `/secure-pay` page (the built-in test provider's hosted 3-D Secure page):
 * session → card → verify. `result` takes a provider's signed result as it comes back through the browser.
 *
 * Card numbers arrive in request bodies only, and Fastify's request log never includes a body; nothing
 * here logs the body or an error carrying it (field messages never repeat the value). The attempts are
 * limited per address: a card form is a place to try stolen numbers.
 */
export function registerPaymentRoutes(app: FastifyInstance, services: Services, accountOf: AccountOf) {
  app.get('/api/front/payments/session', async (request, reply) =>
    answer(reply, async () =>
      services.payments.session(request.query, await customerIdOf(accountOf, request, reply)),
    ),
  );

  app.post(
    '/api/front/payments/card',
    { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } },
    async (request, reply) =>
      answer(reply, async () => {
        const challenge = await services.payments.payByCard(
          request.body,
          await customerIdOf(accountOf, request, reply),
        );
        reply.status(201);
        return challenge;
      }),
  );

  app.post(
    '/api/front/payments/verify',
    { config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } },
    async (request, reply) => answer(reply, () => services.payments.verify(request.body)),
  );

  app.post(
    '/api/front/payments/result',
    { config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } },
    async (request, reply) => answer(reply, () => services.payments.complete(request.body)),
  );
}
