import type { Services } from '@vitrin/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { compareCookie, cookieCompare, refuseCrossOriginListWrite } from '../../sessions/wishlist-cookie.ts';
import { answer } from '../cart/replies.ts';

const productIdOf = (request: FastifyRequest) => (request.params as { productId: string }).productId;

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

  app.get('/api/front/compare', async (request, reply) => {
    const shopper = await shopperOf(request, reply);
    return answer(reply, 200, () => compare.view(cookieCompare(request), shopper));
  });

  app.post('/api/front/compare', { onRequest }, async (request, reply) => {
    const shopper = await shopperOf(request, reply);
    return answer(reply, 201, async () => {
      const { view, ids } = await compare.add(cookieCompare(request), request.body, shopper);
      reply.header('set-cookie', compareCookie(request, ids));
      return view;
    });
  });

  app.delete('/api/front/compare/:productId', { onRequest }, async (request, reply) => {
    const shopper = await shopperOf(request, reply);
    return answer(reply, 200, async () => {
      const { view, ids } = await compare.remove(cookieCompare(request), productIdOf(request), shopper);
      reply.header('set-cookie', compareCookie(request, ids));
      return view;
    });
  });
}
