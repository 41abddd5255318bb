import type { Services } from '@vitrin/core';
import type { Result } from '@vitrin/shared/api/account-context';
import type { CartView } from '@vitrin/shared/api/cart';
import type { CheckoutContext } from '@vitrin/shared/api/checkout-context';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE } from '../http/same-origin.ts';
import type { AccountOf } from '../sessions/account.ts';
import { isCrossOriginCartWrite } from '../sessions/cart-cookie.ts';
import { checkoutAccountCookies } from '../sessions/checkout-session.ts';
import { cartRequest, readableOwner } from './cart-request.ts';
import { checkoutRequestFromForm } from './checkout-form.ts';
import { refusalOf } from './results.ts';

type Checkout = Services['checkout'];

/**
 * The checkout of this request's cart, the same for the REST routes and the pages: who asks (the customer or
 * the guest cart), the calls into core, and the cookies that log in a guest who asked for an account.
 */
export async function checkoutFor(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  accountOf: AccountOf,
) {
  const { owner, buyer } = await cartRequest(request, reply, accountOf);
  // A guest without a cart token has an empty cart (the token matches nothing).
  const cart = readableOwner(owner);
  return {
    view: () => services.cart.view(cart, buyer),
    quote: (input: Parameters<Checkout['quote']>[1]) => services.checkout.quote(cart, input, buyer),
    async place(input: Parameters<Checkout['place']>[2], idempotencyKey: Parameters<Checkout['place']>[3]) {
      const result = await services.checkout.place(cart, buyer, input, idempotencyKey);
      // A guest who asked for an account has one now and is logged in.
      const setCookie = await checkoutAccountCookies(request, services, owner, result);
      return { order: result.order, setCookie };
    },
  };
}

/**
 * The checkout pages' part of the load context: the request's cart (guest cookie or customer), quotes per
 * payment method and placing the order, through the same `checkoutFor` as the REST checkout
 * (`api/checkout/routes.ts`).
 */
export function createCheckoutContext(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  accountOf: AccountOf,
  publicUrl: string,
): CheckoutContext {
  const publicOrigin = new URL(publicUrl).origin;
  return {
    async cart(): Promise<CartView> {
      return (await checkoutFor(services, request, reply, accountOf)).view();
    },
    async quote(paymentMethod, instalments = 1) {
      const checkout = await checkoutFor(services, request, reply, accountOf);
      try {
        const value = await checkout.quote({ paymentMethod, instalments });
        return { ok: true, value, setCookie: [] };
      } catch (err) {
        const refused = refusalOf(err);
        if (refused) return refused;
        throw err;
      }
    },
    async place(fields, idempotencyKey) {
      // The guest cart cookie is an ambient credential: an order is only placed from the shop's own pages.
      if (isCrossOriginCartWrite(request, publicOrigin)) {
        return { ok: false, status: 403, error: { code: CROSS_ORIGIN_CODE, message: CROSS_ORIGIN_MESSAGE } };
      }
      const checkout = await checkoutFor(services, request, reply, accountOf);
      const form = checkoutRequestFromForm(fields);
      try {
        const { order, setCookie } = await checkout.place(form.request, idempotencyKey);
        return { ok: true, value: order, setCookie } satisfies Result<typeof order>;
      } catch (err) {
        const refused = refusalOf(err, form.fieldName);
        if (refused) return refused;
        throw err;
      }
    },
  };
}
