import type { Services } from '@vitrin/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { refuseCrossOriginListWrite, wishlistCookie } from '../../sessions/wishlist-cookie.ts';
import { wishlistRequest } from '../../sessions/wishlist-request.ts';
import { answer } from '../cart/replies.ts';

const productIdOf = (request: FastifyRequest) => (request.params as { productId: string }).productId;

/**
 * Favourites (Favorilerim): a customer's are stored, a guest's travel in the `vitrin_wishlist` cookie and
 * join the account at login. Every answer is the whole list (`WishlistView`), priced now.
 */
export function registerWishlistRoutes(
  app: FastifyInstance,
  services: Services,
  accountOf: AccountOf,
  { publicUrl }: { publicUrl: string },
) {
  const { wishlist } = services;
  const onRequest = refuseCrossOriginListWrite(publicUrl);

  app.get('/api/front/wishlist', async (request, reply) => {
    const { owner, shopper } = await wishlistRequest(request, reply, accountOf);
    return answer(reply, 200, () => wishlist.view(owner, shopper));
  });

  app.post('/api/front/wishlist', { onRequest }, async (request, reply) => {
    const { owner, shopper } = await wishlistRequest(request, reply, accountOf);
    return answer(reply, 201, async () => {
      const { view, guest } = await wishlist.add(owner, request.body, shopper);
      if (guest) reply.header('set-cookie', wishlistCookie(request, guest));
      return view;
    });
  });

  app.delete('/api/front/wishlist/:productId', { onRequest }, async (request, reply) => {
    const { owner, shopper } = await wishlistRequest(request, reply, accountOf);
    return answer(reply, 200, async () => {
      const { view, guest } = await wishlist.remove(owner, productIdOf(request), shopper);
      if (guest) reply.header('set-cookie', wishlistCookie(request, guest));
      return view;
    });
  });
}
