import type { Services } from '@vitrin/core';
import type { FastifyInstance } from 'fastify';
import { answer } from './replies.ts';

/** The `/coupons` page: public coupons that have not ended, soonest end first. */
export function registerCouponRoutes(app: FastifyInstance, services: Services) {
  app.get('/api/front/coupons', async (_request, reply) =>
    answer(reply, 200, () => services.coupons.publicList()),
  );
}
