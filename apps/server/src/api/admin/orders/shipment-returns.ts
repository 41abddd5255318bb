import type { Services } from '@vitrin/core';
import { orderNumberParam } from '@vitrin/shared/api/admin/orders';
import { shipmentCancelAnswer } from '@vitrin/shared/api/admin/shipment-returns';
import { shipmentAnswer, shipmentCreateRequest, shipmentIdParam } from '@vitrin/shared/api/admin/shipments';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { answer } from '../../orders/replies.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: siparişler';

/**
 * A label bought by mistake cancelled at its carrier, and a delivered order's return shipment (issue 41),
 * both `orders.write`. The order's state is never moved back by a cancel (the state table has no way back).
 */
export function registerAdminShipmentReturnRoutes(
  app: FastifyInstance,
  services: Services,
  staffOf: StaffOf,
) {
  const route = apiRoutes(app, undefined, staffOf);

  route({
    method: 'POST',
    url: '/api/admin/orders/:number/shipments/:id/cancel',
    summary:
      "Cancels a bought label at its carrier (again: answered as cancelled); the order's state is left as it is",
    tag: TAG,
    permission: 'orders.write',
    params: { number: orderNumberParam, id: shipmentIdParam },
    responses: {
      200: { description: 'The cancelled shipment and the order state', schema: shipmentCancelAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('SIPARIS_BULUNAMADI; GONDERI_BULUNAMADI; KARGO_GONDERI_YOK'),
      409: errorAnswer(
        'ETIKET_YOK: no label bought; GONDERI_IPTAL_EDILEMEZ: the carrier has the parcel; KARGO_ANAHTARI_YOK',
      ),
      422: errorAnswer('KARGO_REDDETTI: the carrier refused the cancel (its words)'),
      502: errorAnswer('KARGO_YETKI_YOK'),
      503: errorAnswer(
        'KARGO_ULASILAMIYOR, KARGO_YOGUN: nothing cancelled, the shipment unchanged (Retry-After)',
      ),
    },
    handler: async (request, reply) => {
      const actor = staffActor(await signedIn(staffOf, request));
      const { number, id } = request.params;
      return answer(reply, () => services.shipmentReturns.cancel(actor, number, id));
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/orders/:number/returns',
    summary:
      "Buys a delivered order's return shipment (the shopper to the shop; parcels optional) and e-mails the shopper the return code; again: the return bought first",
    tag: TAG,
    permission: 'orders.write',
    params: { number: orderNumberParam },
    body: shipmentCreateRequest,
    responses: {
      200: { description: 'The return bought before (nothing bought again)', schema: shipmentAnswer },
      201: {
        description: 'The return shipment: carrier, return code, tracking link',
        schema: shipmentAnswer,
      },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('SIPARIS_BULUNAMADI'),
      409: errorAnswer(
        'IADE_KARGOSU_YAPILAMAZ: the order is not delivered; IADE_OLUSTURULUYOR; KARGO_ENTEGRASYONU_YOK; KARGO_ANAHTARI_YOK; GONDERICI_ADRESI_YOK; TESLIMAT_ADRESI_YOK',
      ),
      422: errorAnswer('KARGO_REDDETTI; KARGO_TEKLIF_YOK'),
      502: errorAnswer('KARGO_YETKI_YOK'),
      503: errorAnswer('KARGO_ULASILAMIYOR, KARGO_YOGUN: nothing bought, the order unchanged (Retry-After)'),
    },
    handler: async (request, reply) => {
      const actor = staffActor(await signedIn(staffOf, request));
      const { created, ...result } = await answer(reply, () =>
        services.shipmentReturns.createReturn(actor, request.params.number, request.body),
      );
      return reply.status(created ? 201 : 200).send(result);
    },
  });
}
