import type { WishlistOwner } from '@vitrin/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountOf } from './account.ts';
import { cookieWishlist } from './wishlist-cookie.ts';

/** Whose favourites this request reaches (the logged-in customer's, else the cookie's) and their prices. */
export async function wishlistRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  accountOf: AccountOf,
): Promise<{ owner: WishlistOwner; shopper: { wholesale: boolean } }> {
  const account = accountOf(request, reply);
  const me = account.hasSession() ? await account.customer() : null;
  if (me) return { owner: { customerId: me.id }, shopper: { wholesale: me.wholesale } };
  return { owner: { guest: cookieWishlist(request) }, shopper: { wholesale: false } };
}
