import { type CartOwner, type CheckoutBuyer, GUEST_SHOPPER } from '@vitrin/core';
import { newToken } from '@vitrin/core/customers/tokens';
import { CART_TOKEN_HEADER } from '@vitrin/shared/api/cart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountOf } from '../sessions/account.ts';
import { cartCookie, cartToken, cookieCartToken } from '../sessions/cart-cookie.ts';

/** Whose cart this request reaches and who is buying. */
export interface CartRequest {
  /** Null for a guest who has no cart token yet (nothing to read; a write makes one). */
  owner: CartOwner | null;
  buyer: CheckoutBuyer;
}

/**
 * Who asks, for the cart and the checkout, the same for the REST routes and the pages: the logged-in
 * customer's cart (session cookie or Bearer), else the guest cart of the `vitrin_cart` cookie or the
 * `X-Cart-Token` header.
 */
export async function cartRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  accountOf: AccountOf,
): Promise<CartRequest> {
  const account = accountOf(request, reply);
  const me = account.hasSession() ? await account.customer() : null;
  if (me) {
    return {
      owner: { customerId: me.id },
      buyer: { customerId: me.id, email: me.email, wholesale: me.wholesale, phone: me.phone || null },
    };
  }
  const token = cartToken(request);
  return { owner: token ? { token } : null, buyer: { ...GUEST_SHOPPER, phone: null } };
}

/** The owner a read or a change of existing lines goes to: a guest without a cart token has an empty cart. */
export const readableOwner = (owner: CartOwner | null): CartOwner => owner ?? { token: '' };

/** The owner of a write that adds, and what goes with its success. */
export interface WritableOwner {
  owner: CartOwner;
  /** The guest cart cookie: a new cart's, or the guest's own sent again. */
  setCookie: string[];
  /** A new guest cart's token, which API clients without cookies read from `X-Cart-Token`. */
  newToken?: string;
}

/**
 * The owner for a write that adds (a line, a coupon, an image): a guest without a token gets a new one; a
 * guest whose cart cookie it is gets the cookie again, so the cart lives `GUEST_CART_DAYS` from this write (a
 * token of the header stays a header's). The one guest-cart rule of the REST routes and the pages; the
 * cookie goes with the write's success only.
 */
export function writableOwner(request: FastifyRequest, { owner }: CartRequest): WritableOwner {
  if (owner && !('token' in owner)) return { owner, setCookie: [] };
  if (owner) {
    const renew = cookieCartToken(request) === owner.token;
    return { owner, setCookie: renew ? [cartCookie(request, owner.token)] : [] };
  }
  const token = newToken();
  return { owner: { token }, setCookie: [cartCookie(request, token)], newToken: token };
}

/**
 * `writableOwner` for an answer that is written as it goes (the REST routes, the reorder): the cookie, and a
 * new token's `X-Cart-Token` header, go on the reply now; the REST `answer` takes them off if the write fails.
 */
export function claimOwner(request: FastifyRequest, reply: FastifyReply, cart: CartRequest): CartOwner {
  const { owner, setCookie, newToken: token } = writableOwner(request, cart);
  for (const cookie of setCookie) reply.header('set-cookie', cookie);
  if (token) reply.header(CART_TOKEN_HEADER, token);
  return owner;
}
