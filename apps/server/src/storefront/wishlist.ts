import type { Services } from '@vitrin/core';
import type { Result } from '@vitrin/shared/api/account-context';
import type { WishlistContext } from '@vitrin/shared/api/wishlist-context';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE, isSameOrigin } from '../http/same-origin.ts';
import type { AccountOf } from '../sessions/account.ts';
import { compareCookie, cookieCompare, wishlistCookie } from '../sessions/wishlist-cookie.ts';
import { wishlistRequest } from '../sessions/wishlist-request.ts';
import { refusalOf } from './results.ts';

/**
 * The `/wishlist` and `/compare` pages' part of the load context, through the same services and cookies as
 * the REST routes (`api/wishlist/`): the lists, and the plain form posts that change them (a product's
 * heart or compare button elsewhere adds, the list pages' buttons remove).
 */
export function createWishlistContext(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  accountOf: AccountOf,
  publicUrl: string,
): WishlistContext {
  const publicOrigin = new URL(publicUrl).origin;

  /** A form post changes a cookie-held list: only from the shop's own pages; a shopper's mistake is a result. */
  async function write<T>(work: () => Promise<{ value: T; setCookie: string[] }>): Promise<Result<T>> {
    if (!isSameOrigin(request, publicOrigin)) {
      return { ok: false, status: 403, error: { code: CROSS_ORIGIN_CODE, message: CROSS_ORIGIN_MESSAGE } };
    }
    try {
      const { value, setCookie } = await work();
      return { ok: true, value, setCookie };
    } catch (err) {
      const refused = refusalOf(err);
      if (refused) return refused;
      throw err;
    }
  }

  /** Adds or removes a favourite: the customer's stored list, or the guest's cookie written anew. */
  const changeWishlist = (change: 'add' | 'remove') => (productId: string) =>
    write(async () => {
      const { owner, shopper } = await wishlistRequest(request, reply, accountOf);
      const { view, guest } =
        change === 'add'
          ? await services.wishlist.add(owner, { productId }, shopper)
          : await services.wishlist.remove(owner, productId, shopper);
      return { value: view, setCookie: guest ? [wishlistCookie(request, guest)] : [] };
    });

  /** Adds or removes a product of the compare cookie (a fifth is refused with the limit named). */
  const changeCompare = (change: 'add' | 'remove') => (productId: string) =>
    write(async () => {
      const shopper = await accountOf(request, reply).shopper();
      const ids = cookieCompare(request);
      const { view, ids: next } =
        change === 'add'
          ? await services.compare.add(ids, { productId }, shopper)
          : await services.compare.remove(ids, productId, shopper);
      return { value: view, setCookie: [compareCookie(request, next)] };
    });

  return {
    async view() {
      const { owner, shopper } = await wishlistRequest(request, reply, accountOf);
      return services.wishlist.view(owner, shopper);
    },
    add: changeWishlist('add'),
    remove: changeWishlist('remove'),
    async compare() {
      return services.compare.view(cookieCompare(request), await accountOf(request, reply).shopper());
    },
    addToCompare: changeCompare('add'),
    removeFromCompare: changeCompare('remove'),
  };
}
