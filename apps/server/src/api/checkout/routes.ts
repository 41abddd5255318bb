import type { Services } from '@vitrin/core';
import { checkoutInput, checkoutQuoteInput } from '@vitrin/shared/api/cart-requests';
import type { FastifyInstance } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { refuseCrossOriginCartWrite } from '../../sessions/cart-cookie.ts';
import { checkoutFor } from '../../storefront/checkout.ts';
import { answer } from '../cart/replies.ts';
import { checkoutQuote, placedOrder, refused } from '../cart/schemas.ts';
import { apiRoutes, errorAnswer } from '../route.ts';

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

  const route = apiRoutes(app);
  const tag = 'Mağaza: sipariş verme';

  route({
    method: 'POST',
    url: '/api/front/checkout/quote',
    summary:
      'Totals for a payment method, the methods this cart may use, instalment options and bank accounts',
    tag,
    body: checkoutQuoteInput,
    responses: {
      200: { description: 'Quote', schema: checkoutQuote },
      ...refused,
      409: errorAnswer('SIPARIS_TUTARI_SINIRI'),
    },
    onRequest,
    handler: async (request, reply) => {
      const checkout = await checkoutFor(services, request, reply, accountOf);
      return answer(reply, 200, () => checkout.quote(request.body));
    },
  });

  route({
    method: 'POST',
    url: '/api/front/checkout',
    summary:
      'Places the order of the cart. Header `Idempotency-Key` (required, ≤ 100 characters): the same key and request give the same order (201 again)',
    tag,
    body: checkoutInput,
    // The key is checked first (IDEMPOTENCY_KEY_GECERSIZ), then the body.
    checkedByDomain: true,
    responses: {
      201: { description: 'Order placed (or the same order again)', schema: placedOrder },
      ...refused,
      404: errorAnswer('ADRES_BULUNAMADI, KUPON_BULUNAMADI'),
      409: errorAnswer(
        'STOK_YETERSIZ, SEPET_BOS, URUN_SATISTA_DEGIL, IDEMPOTENCY_KEY_REUSED, SIPARIS_TUTARI_SINIRI',
      ),
      422: errorAnswer('A coupon that no longer applies (its KUPON_* code)'),
    },
    onRequest,
    handler: async (request, reply) => {
      const checkout = await checkoutFor(services, request, reply, accountOf);
      return answer(reply, 201, async () => {
        const { order, setCookie } = await checkout.place(request.body, request.headers[IDEMPOTENCY_HEADER]);
        // A guest who asked for an account has one now and is logged in.
        if (setCookie.length) reply.header('set-cookie', setCookie);
        return order;
      });
    },
  });
}
