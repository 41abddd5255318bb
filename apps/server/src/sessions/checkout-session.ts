import type { CartOwner, CheckoutResult, Services } from '@vitrin/core';
import type { FastifyRequest } from 'fastify';
import { expiredCartCookie, hasCartCookie } from './cart-cookie.ts';
import { customerDeviceCookie } from './device-cookie.ts';
import { sessionCookies } from './session-cookie.ts';
import { cookieWishlist, expiredWishlistCookie, hasWishlistCookie } from './wishlist-cookie.ts';

/**
 * A guest who asked for an account at checkout and got one is logged in like after registration: the
 * session cookies and the device cookie a login gives to set, with the emptied guest cart merged into the new account and its cookie expired.
 * No cookies when no account was opened. Used by the REST checkout and by the checkout pages.
 */
export async function checkoutAccountCookies(
  request: FastifyRequest,
  services: Services,
  owner: CartOwner | null,
  result: CheckoutResult,
): Promise<string[]> {
  const session = result.account?.session;
  if (!session) return [];
  const cookies = sessionCookies(request, {
    token: session.token,
    remember: false,
    wholesale: session.customer.wholesale,
  });
  cookies.push(customerDeviceCookie(request, session.deviceCookie));
  if (owner && 'token' in owner) await services.cart.mergeGuest(owner.token, session.customer.id);
  try {
    await services.wishlist.mergeGuest(cookieWishlist(request), session.customer.id);
    if (hasWishlistCookie(request)) cookies.push(expiredWishlistCookie(request));
  } catch (err) {
    // The order stands; the favourites stay in the guest cookie.
    request.log.error({ err }, 'guest wishlist not merged after checkout');
  }
  return hasCartCookie(request) ? [...cookies, expiredCartCookie(request)] : cookies;
}
