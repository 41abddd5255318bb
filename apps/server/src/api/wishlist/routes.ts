import type { Services } from '@vitrin/core';
import { productRefInput } from '@vitrin/shared/api/wishlist';
import type { FastifyInstance } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { refuseCrossOriginListWrite, wishlistCookie } from '../../sessions/wishlist-cookie.ts';
import { wishlistRequest } from '../../sessions/wishlist-request.ts';
import { answer } from '../cart/replies.ts';
import { apiRoutes, errorAnswer } from '../route.ts';
import { productIdParam, refused, wishlistView } from './schemas.ts';

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

  const route = apiRoutes(app);
  const tag = 'Mağaza: favoriler ve karşılaştırma';

  route({
    method: 'GET',
    url: '/api/front/wishlist',
    summary:
      'Favourites (customer session, else the vitrin_wishlist cookie), priced now, with the price drop',
    tag,
    responses: { 200: { description: 'Wishlist', schema: wishlistView } },
    handler: async (request, reply) => {
      const { owner, shopper } = await wishlistRequest(request, reply, accountOf);
      return answer(reply, 200, () => wishlist.view(owner, shopper));
    },
  });

  route({
    method: 'POST',
    url: '/api/front/wishlist',
    summary: 'Adds a product (at most 100); a guest’s list is answered as the vitrin_wishlist cookie',
    tag,
    body: productRefInput,
    responses: {
      201: { description: 'Wishlist', schema: wishlistView },
      ...refused,
      404: errorAnswer('URUN_BULUNAMADI'),
      409: errorAnswer('FAVORI_LISTESI_DOLU'),
    },
    onRequest,
    handler: async (request, reply) => {
      const { owner, shopper } = await wishlistRequest(request, reply, accountOf);
      return answer(reply, 201, async () => {
        const { view, guest } = await wishlist.add(owner, request.body, shopper);
        if (guest) reply.header('set-cookie', wishlistCookie(request, guest));
        return view;
      });
    },
  });

  route({
    method: 'DELETE',
    url: '/api/front/wishlist/:productId',
    summary: 'Removes a product (one not in the list is already removed)',
    tag,
    params: productIdParam,
    responses: { 200: { description: 'Wishlist', schema: wishlistView }, ...refused },
    onRequest,
    handler: async (request, reply) => {
      const { owner, shopper } = await wishlistRequest(request, reply, accountOf);
      return answer(reply, 200, async () => {
        const { view, guest } = await wishlist.remove(owner, request.params.productId, shopper);
        if (guest) reply.header('set-cookie', wishlistCookie(request, guest));
        return view;
      });
    },
  });
}
