import type { Services } from '@vitrin/core';
import {
  couponAnswer,
  couponIdParam,
  couponListAnswer,
  couponRequest,
  couponUpdateRequest,
} from '@vitrin/shared/api/admin/coupons';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: kuponlar';
const refusedRules = {
  409: errorAnswer('KUPON_KODU_KAYITLI: another coupon has this code'),
  422: errorAnswer(
    'KUPON_SINIRI_KULLANIMDAN_AZ: the usage limit is below the uses so far; KATEGORI_BULUNAMADI: no such category',
  ),
};

/** Coupons in the panel (owners and managers: `coupons.write`, which the list needs too). */
export function registerAdminCouponRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { admin } = services.coupons;

  route({
    method: 'GET',
    url: '/api/admin/coupons',
    summary: 'Every coupon, newest first, with its uses, what is left of its limit and its state now',
    tag: TAG,
    permission: 'coupons.write',
    responses: { 200: { description: 'The coupons', schema: couponListAnswer }, ...staffRefusals },
    handler: async () => ({ items: await admin.list() }),
  });

  route({
    method: 'POST',
    url: '/api/admin/coupons',
    summary: 'Adds a coupon (the code is stored upper-case, Turkish rules)',
    tag: TAG,
    permission: 'coupons.write',
    body: couponRequest,
    responses: {
      201: { description: 'Added', schema: couponAnswer },
      ...invalid,
      ...staffRefusals,
      ...refusedRules,
    },
    handler: async (request, reply) => {
      const actor = staffActor(await signedIn(staffOf, request));
      const coupon = await admin.create(actor, request.body);
      return reply.status(201).send({ coupon });
    },
  });

  route({
    method: 'PATCH',
    url: '/api/admin/coupons/:id',
    summary: 'Edits a coupon; `{ "isActive": false }` disables it, `true` enables it again',
    tag: TAG,
    permission: 'coupons.write',
    params: { id: couponIdParam },
    body: couponUpdateRequest,
    responses: {
      200: { description: 'Changed', schema: couponAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('KUPON_BULUNAMADI'),
      ...refusedRules,
    },
    handler: async (request) => {
      const actor = staffActor(await signedIn(staffOf, request));
      return { coupon: await admin.update(actor, request.params.id, request.body) };
    },
  });
}
