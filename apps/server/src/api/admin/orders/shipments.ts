import type { Services } from '@vitrin/core';
import { orderNumberParam } from '@vitrin/shared/api/admin/orders';
import { shipmentAnswer, shipmentCreateRequest, shipmentIdParam } from '@vitrin/shared/api/admin/shipments';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { answer } from '../../orders/replies.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: siparişler';
const shipment = {
  description: 'The shipment: carrier, tracking number and link, label link',
  schema: shipmentAnswer,
};

/**
 * An order's carrier label (issue 41): bought from the carrier `shipping_provider` names (Geliver or Yurtiçi
 * Kargo, keys from the environment), the order moved to "Kargoya Verildi" with its tracking number; the
 * label's PDF for the panel to print. Buying needs `orders.write` (as a state change does), the PDF
 * `orders.read`.
 */
export function registerAdminShipmentRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);

  route({
    method: 'POST',
    url: '/api/admin/orders/:number/shipments',
    summary:
      "Buys the order's label from the chosen carrier (parcels optional: 1 kg / 1 desi) and moves it to Kargoya Verildi; the same order again answers the label bought first",
    tag: TAG,
    permission: 'orders.write',
    params: { number: orderNumberParam },
    body: shipmentCreateRequest,
    responses: {
      200: { description: 'The label bought before (nothing bought again)', schema: shipmentAnswer },
      201: shipment,
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('SIPARIS_BULUNAMADI'),
      409: errorAnswer(
        "KARGO_ENTEGRASYONU_YOK: shipping_provider is manual; KARGO_ANAHTARI_YOK: the carrier's keys are not in the environment; GONDERICI_ADRESI_YOK; TESLIMAT_ADRESI_YOK; GECERSIZ_DURUM_GECISI: the order may not go to Kargoya Verildi",
      ),
      422: errorAnswer('KARGO_REDDETTI: the carrier refused (its words); KARGO_TEKLIF_YOK'),
      502: errorAnswer('KARGO_YETKI_YOK: the carrier refused the keys'),
      503: errorAnswer(
        'KARGO_ULASILAMIYOR, KARGO_YOGUN: the carrier is down or busy; nothing bought, the order unchanged (Retry-After)',
      ),
    },
    handler: async (request, reply) => {
      const actor = staffActor(await signedIn(staffOf, request));
      const { created, ...result } = await answer(reply, () =>
        services.shipping.ship(actor, request.params.number, request.body),
      );
      return reply.status(created ? 201 : 200).send(result);
    },
  });

  route({
    method: 'GET',
    url: '/api/admin/orders/:number/shipments/:id/label',
    summary: "A shipment's label as a PDF, from the carrier that sold it",
    tag: TAG,
    permission: 'orders.read',
    params: { number: orderNumberParam, id: shipmentIdParam },
    responses: {
      200: { description: 'application/pdf' },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer(
        'SIPARIS_BULUNAMADI; GONDERI_BULUNAMADI; KARGO_GONDERI_YOK: the carrier has no such shipment',
      ),
      409: errorAnswer('ETIKET_YOK: not bought yet; KARGO_ANAHTARI_YOK'),
      502: errorAnswer('KARGO_YETKI_YOK'),
      503: errorAnswer('KARGO_ULASILAMIYOR, KARGO_YOGUN (Retry-After)'),
    },
    handler: async (request, reply) => {
      const { number, id } = request.params;
      const pdf = await answer(reply, () => services.shipping.label(number, id));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="kargo-etiketi-${number}-${id}.pdf"`)
        .send(pdf);
    },
  });
}
