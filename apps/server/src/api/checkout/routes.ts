import type { Services } from '@vitrin/core';
import type { FastifyInstance } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { refuseCrossOriginCartWrite } from '../../sessions/cart-cookie.ts';
import { checkoutAccountCookies } from '../../sessions/checkout-session.ts';
import { answer, cartRequest } from '../cart/replies.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * Checkout: the quote of the payment step and placing the order. Placing needs an `Idempotency-Key` header:
 * the same key and request answer 201 with the same order again; the same key with another request is 409.
 */
export function registerCheckoutRoutes(
  app: FastifyInstance,
  services: Services,
  accountOf: AccountOf,
  { publicUrl }: { publicUrl: string },
) {
  const onRequest = refuseCrossOriginCartWrite(publicUrl);

  app.post('/api/front/checkout/quote', { onRequest }, async (request, reply) => {
    const { owner, buyer } = await cartRequest(request, reply, accountOf);
    return answer(reply, 200, () =>
      services.checkout.quote(owner ?? { token: '' }, request.body as never, buyer),
    );
  });

  app.post('/api/front/checkout', { onRequest }, async (request, reply) => {
    const { owner, buyer } = await cartRequest(request, reply, accountOf);
    return answer(reply, 201, async () => {
      const result = await services.checkout.place(
        owner ?? { token: '' },
        buyer,
        request.body,
        request.headers[IDEMPOTENCY_HEADER],
      );
      // A guest who asked for an account has one now and is logged in.
      const cookies = await checkoutAccountCookies(request, services, owner, result);
      if (cookies.length) reply.header('set-cookie', cookies);
      return result.order;
    });
  });
}
