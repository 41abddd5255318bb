import type { Services } from '@vitrin/core';
import { createShipmentLabels } from '@vitrin/core/shipping/labels';
import { orderNumberParam } from '@vitrin/shared/api/admin/orders';
import { shipmentLabelsRequest, shipmentListAnswer } from '@vitrin/shared/api/admin/shipment-labels';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { answer } from '../../orders/replies.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';

const TAG = 'Yönetim: siparişler';

/**
 * What the panel reads of carrier shipments (issue 41, `orders.read`): an order's shipments, and the labels
 * of several orders at once as one PDF to print.
 */
export function registerAdminShipmentLabelRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const labels = createShipmentLabels(services.database.db, services.shipping, services.settings);

  route({
    method: 'GET',
    url: '/api/admin/orders/:number/shipments',
    summary: "The order's carrier shipments (labels and returns), newest first, and shipping_provider",
    tag: TAG,
    permission: 'orders.read',
    params: { number: orderNumberParam },
    responses: {
      200: { description: 'The shipments', schema: shipmentListAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('SIPARIS_BULUNAMADI'),
    },
    handler: (request, reply) => answer(reply, () => labels.list(request.params.number)),
  });

  route({
    method: 'POST',
    url: '/api/admin/shipments/labels',
    summary:
      "One PDF of the orders' latest labels, in the order given (at most 50 orders); every order must have a bought label",
    tag: TAG,
    permission: 'orders.read',
    body: shipmentLabelsRequest,
    responses: {
      200: { description: 'application/pdf' },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('SIPARIS_BULUNAMADI: names the unknown orders; KARGO_GONDERI_YOK'),
      409: errorAnswer('ETIKET_YOK: names the orders without a bought label; KARGO_ANAHTARI_YOK'),
      502: errorAnswer('KARGO_YETKI_YOK; ETIKET_OKUNAMADI: a label the carrier sent is not a PDF'),
      503: errorAnswer('KARGO_ULASILAMIYOR, KARGO_YOGUN (Retry-After)'),
    },
    handler: async (request, reply) => {
      const pdf = await answer(reply, () => labels.merged(request.body.numbers));
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="kargo-etiketleri.pdf"')
        .send(pdf);
    },
  });
}
