import { AccountError, accountErrorStatus, type Services, ShopError } from '@vitrin/core';
import type { Failure, Result } from '@vitrin/shared/api/account-context';
import type { CartView } from '@vitrin/shared/api/cart';
import type { CheckoutContext } from '@vitrin/shared/api/checkout-context';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE, isSameOrigin } from '../http/same-origin.ts';
import type { AccountOf } from '../sessions/account.ts';
import { hasCartCookie } from '../sessions/cart-cookie.ts';
import { checkoutAccountCookies } from '../sessions/checkout-session.ts';
import { cartRequest } from './cart-request.ts';
import { checkoutRequestFromForm } from './checkout-form.ts';
import { diskFullRefusal } from './results.ts';

function refusal(err: ShopError | AccountError, fieldName: (path: string) => string = (p) => p): Failure {
  const status = err instanceof ShopError ? err.status : accountErrorStatus[err.code];
  const fields = err.fields
    ? Object.fromEntries(Object.entries(err.fields).map(([path, message]) => [fieldName(path), message]))
    : undefined;
  return {
    ok: false,
    status,
    error: { code: err.code, message: err.message, ...(fields ? { fields } : {}) },
  };
}

/**
 * The checkout pages' part of the load context: the request's cart (guest cookie or customer), quotes per
 * payment method and placing the order, through the same services as the REST checkout
 * (`routes/checkout.ts`).
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
      const { owner, buyer } = await cartRequest(request, reply, accountOf);
      // A guest without a cart token has an empty cart (the token matches nothing).
      return services.cart.view(owner ?? { token: '' }, buyer);
    },
    async quote(paymentMethod, instalments = 1) {
      const { owner, buyer } = await cartRequest(request, reply, accountOf);
      try {
        const value = await services.checkout.quote(
          owner ?? { token: '' },
          { paymentMethod, instalments },
          buyer,
        );
        return { ok: true, value, setCookie: [] };
      } catch (err) {
        if (err instanceof ShopError || err instanceof AccountError) return refusal(err);
        throw err;
      }
    },
    async place(fields, idempotencyKey) {
      // The guest cart cookie is an ambient credential: an order is only placed from the shop's own pages.
      if (hasCartCookie(request) && !isSameOrigin(request, publicOrigin)) {
        return { ok: false, status: 403, error: { code: CROSS_ORIGIN_CODE, message: CROSS_ORIGIN_MESSAGE } };
      }
      const { owner, buyer } = await cartRequest(request, reply, accountOf);
      const form = checkoutRequestFromForm(fields);
      try {
        const result = await services.checkout.place(
          owner ?? { token: '' },
          buyer,
          form.request,
          idempotencyKey,
        );
        const setCookie = await checkoutAccountCookies(request, services, owner, result);
        return { ok: true, value: result.order, setCookie } satisfies Result<typeof result.order>;
      } catch (err) {
        if (err instanceof ShopError || err instanceof AccountError) return refusal(err, form.fieldName);
        const full = diskFullRefusal(err);
        if (full) return full;
        throw err;
      }
    },
  };
}
