import type { Services } from '@vitrin/core';
import { productRefInput } from '@vitrin/shared/api/wishlist';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { compareCookie, cookieCompare, refuseCrossOriginListWrite } from '../../sessions/wishlist-cookie.ts';
import { answer } from '../cart/replies.ts';
import { apiRoutes, errorAnswer } from '../route.ts';
import { compareView, productIdParam, refused } from './schemas.ts';

/**
 * The compare list (Karşılaştır): up to four product ids in the `vitrin_compare` cookie, for guests and
 * customers alike. Every answer is the whole table (`CompareView`).
 */
export function registerCompareRoutes(
  app: FastifyInstance,
  services: Services,
  accountOf: AccountOf,
  { publicUrl }: { publicUrl: string },
) {
  const { compare } = services;
  const onRequest = refuseCrossOriginListWrite(publicUrl);
  const shopperOf = (request: FastifyRequest, reply: FastifyReply) => accountOf(request, reply).shopper();

  const route = apiRoutes(app);
  const tag = 'Mağaza: favoriler ve karşılaştırma';

  route({
    method: 'GET',
    url: '/api/front/compare',
    summary: 'The compare table of the vitrin_compare cookie (up to 4 products)',
    tag,
    responses: { 200: { description: 'Compare table', schema: compareView } },
    handler: async (request, reply) => {
      const shopper = await shopperOf(request, reply);
      return answer(reply, 200, () => compare.view(cookieCompare(request), shopper));
    },
  });

  route({
    method: 'POST',
    url: '/api/front/compare',
    summary: 'Adds a product to the compare list (cookie, guests and customers alike)',
    tag,
    body: productRefInput,
    responses: {
      201: { description: 'Compare table', schema: compareView },
      ...refused,
      404: errorAnswer('URUN_BULUNAMADI'),
      409: errorAnswer('KARSILASTIRMA_LIMITI: at most 4 products'),
    },
    onRequest,
    handler: async (request, reply) => {
      const shopper = await shopperOf(request, reply);
      return answer(reply, 201, async () => {
        const { view, ids } = await compare.add(cookieCompare(request), request.body, shopper);
        reply.header('set-cookie', compareCookie(request, ids));
        return view;
      });
    },
  });

  route({
    method: 'DELETE',
    url: '/api/front/compare/:productId',
    summary: 'Removes a product from the compare list',
    tag,
    params: productIdParam,
    responses: { 200: { description: 'Compare table', schema: compareView }, ...refused },
    onRequest,
    handler: async (request, reply) => {
      const shopper = await shopperOf(request, reply);
      return answer(reply, 200, async () => {
        const { view, ids } = await compare.remove(cookieCompare(request), request.params.productId, shopper);
        reply.header('set-cookie', compareCookie(request, ids));
        return view;
      });
    },
  });
}
