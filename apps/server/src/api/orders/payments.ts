import type { Services } from '@vitrin/core';
import {
  cardPaymentRequest,
  paymentSessionQuery,
  signedPaymentResult,
  verifyPaymentRequest,
} from '@vitrin/shared/api/order-requests';
import type { FastifyInstance } from 'fastify';
import { type AccountOf, customerIdOf } from '../../sessions/account.ts';
import { apiRoutes, crossOrigin, errorAnswer, invalid, maintenance, tooMany } from '../route.ts';
import { answer } from './replies.ts';
import { challenge, notFound, outcome, session } from './schemas.ts';

/**
 * The JSON steps of the `/secure-pay` page (the built-in test provider's hosted 3-D Secure page):
 * session → card → verify. `result` takes a provider's signed result as it comes back through the browser.
 *
 * Card numbers arrive in request bodies only, and Fastify's request log never includes a body; nothing
 * here logs the body or an error carrying it (field messages never repeat the value). The attempts are
 * limited per address: a card form is a place to try stolen numbers.
 */
export function registerPaymentRoutes(app: FastifyInstance, services: Services, accountOf: AccountOf) {
  const route = apiRoutes(app);
  const tag = 'Mağaza: ödeme';

  route({
    method: 'GET',
    url: '/api/front/payments/session',
    summary: 'What /secure-pay shows first: amount, instalments, whether the order can be paid now',
    tag,
    querystring: paymentSessionQuery,
    responses: { 200: { description: 'Payment session', schema: session }, ...invalid, ...notFound },
    handler: async (request, reply) =>
      answer(reply, async () =>
        services.payments.session(request.query, await customerIdOf(accountOf, request, reply)),
      ),
  });

  route({
    method: 'POST',
    url: '/api/front/payments/card',
    summary: 'Card form (Luhn, expiry, CVC, holder): begins a payment attempt and opens the 3-D Secure step',
    tag,
    body: cardPaymentRequest,
    responses: {
      201: { description: 'The verification-code step', schema: challenge },
      ...invalid,
      ...crossOrigin,
      ...notFound,
      409: errorAnswer('ODEME_YAPILAMAZ: paid, cancelled or not a card order'),
      ...tooMany,
      ...maintenance,
    },
    config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    handler: async (request, reply) =>
      answer(reply, async () => {
        const step = await services.payments.payByCard(
          request.body,
          await customerIdOf(accountOf, request, reply),
        );
        reply.status(201);
        return step;
      }),
  });

  route({
    method: 'POST',
    url: '/api/front/payments/verify',
    summary: 'Verification code: the bank signs its answer, the shop verifies it and applies the outcome',
    tag,
    body: verifyPaymentRequest,
    responses: {
      200: { description: 'Paid, or failed with the reason (the order is then in state 7)', schema: outcome },
      ...invalid,
      ...crossOrigin,
      409: errorAnswer('ODEME_SONUCU_KULLANILDI: this step was already completed'),
      ...tooMany,
      ...maintenance,
    },
    config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    handler: async (request, reply) => answer(reply, () => services.payments.verify(request.body)),
  });

  route({
    method: 'POST',
    url: '/api/front/payments/result',
    summary: "A payment provider's signed result, as it comes back through the browser",
    tag,
    body: signedPaymentResult,
    responses: {
      200: { description: 'Applied', schema: outcome },
      400: errorAnswer('ODEME_IMZASI_GECERSIZ: the signature does not check out'),
      ...crossOrigin,
      409: errorAnswer('ODEME_SONUCU_KULLANILDI: a replayed result'),
      ...tooMany,
      ...maintenance,
    },
    config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
    handler: async (request, reply) => answer(reply, () => services.payments.complete('test', request.body)),
  });
}
