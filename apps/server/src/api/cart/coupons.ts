import type { Services } from '@vitrin/core';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../route.ts';
import { answer } from './replies.ts';
import { publicCoupon } from './schemas.ts';

/** The `/coupons` page: public coupons that have not ended, soonest end first. */
export function registerCouponRoutes(app: FastifyInstance, services: Services) {
  apiRoutes(app)({
    method: 'GET',
    url: '/api/front/coupons',
    summary: 'Public coupons that have not ended, soonest end first (the /coupons page)',
    tag: 'Mağaza: kuponlar',
    responses: { 200: { description: 'Coupons', schema: z.array(publicCoupon) } },
    handler: async (_request, reply) => answer(reply, 200, () => services.coupons.publicList()),
  });
}
