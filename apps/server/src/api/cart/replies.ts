import {
  AccountError,
  accountErrorStatus,
  type CartOwner,
  type CheckoutBuyer,
  GUEST_SHOPPER,
  ShopError,
} from '@vitrin/core';
import { newToken } from '@vitrin/core/customers/tokens';
import { CART_COOKIE, CART_TOKEN_HEADER } from '@vitrin/shared/api/cart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../http/errors.ts';
import type { AccountOf } from '../../sessions/account.ts';
import { cartCookie, cartToken, cookieCartToken } from '../../sessions/cart-cookie.ts';

/** Whose cart this request reaches and who is buying. */
export interface CartRequest {
  /** Null for a guest who has no cart token yet (nothing to read; a write makes one). */
  owner: CartOwner | null;
  buyer: CheckoutBuyer;
}

/**
 * The logged-in customer's cart (session cookie or Bearer), else the guest cart of the `vitrin_cart` cookie
 * or the `X-Cart-Token` header.
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

/**
 * The owner for a write that adds (a line, a coupon): a guest without a token gets a new one, sent back as
 * the cookie (browsers) and the `X-Cart-Token` header (API clients) once the write succeeded. A guest whose
 * cart cookie it is gets the cookie again, so the cart lives `GUEST_CART_DAYS` from this write.
 */
export function writableOwner(request: FastifyRequest, reply: FastifyReply, cart: CartRequest): CartOwner {
  if (cart.owner) {
    const { owner } = cart;
    if ('token' in owner && cookieCartToken(request) === owner.token) {
      reply.header('set-cookie', cartCookie(request, owner.token));
    }
    return owner;
  }
  const token = newToken();
  reply.header('set-cookie', cartCookie(request, token));
  reply.header(CART_TOKEN_HEADER, token);
  return { token };
}

/**
 * Runs a cart operation and answers: the value with `status`, or a shopper's mistake (ShopError, AccountError)
 * as the error body with its 4xx. Anything else is a bug or an outage and goes to the error handler (500).
 * Cart answers belong to one shopper: never cached.
 */
export async function answer<T>(reply: FastifyReply, status: number, work: () => Promise<T>) {
  reply.header('cache-control', 'private, no-store');
  try {
    const value = await work();
    return reply.status(status).send(value);
  } catch (err) {
    // A cookie set for a new guest cart that was never written would point at nothing: drop it (and only
    // it: a renewed session cookie on the same answer stays).
    if ((err instanceof ShopError || err instanceof AccountError) && reply.hasHeader(CART_TOKEN_HEADER)) {
      const cookies = [reply.getHeader('set-cookie') ?? []].flat().map(String);
      reply.removeHeader('set-cookie');
      reply.removeHeader(CART_TOKEN_HEADER);
      const kept = cookies.filter((c) => !c.startsWith(`${CART_COOKIE}=`));
      if (kept.length) reply.header('set-cookie', kept);
    }
    if (err instanceof ShopError)
      return reply.status(err.status).send(errorBody(err.code, err.message, err.fields));
    if (err instanceof AccountError) {
      return reply.status(accountErrorStatus[err.code]).send(errorBody(err.code, err.message, err.fields));
    }
    throw err;
  }
}
