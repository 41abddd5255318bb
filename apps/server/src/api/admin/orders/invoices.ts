import type { Services } from '@vitrin/core';
import { einvoiceHealthAnswer, invoiceAnswer } from '@vitrin/shared/api/admin/invoices';
import { orderNumberParam } from '@vitrin/shared/api/admin/orders';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { answer } from '../../orders/replies.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: siparişler';

/**
 * An order's e-invoice (issue 42): asked for from the panel (`orders.write`; written once, issued through
 * Paraşüt by a durable job), its PDF as the shop stored it (`orders.read`), and the integrator's health.
 */
export function registerAdminInvoiceRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { einvoicing } = services;

  route({
    method: 'POST',
    url: '/api/admin/orders/:number/invoice',
    summary:
      "Issues the order's e-Arşiv or e-Fatura through Paraşüt (tried now, retried by the round while Paraşüt is away); asking again answers the same invoice",
    tag: TAG,
    permission: 'orders.write',
    params: { number: orderNumberParam },
    responses: {
      200: { description: 'The invoice asked for before (nothing made again)', schema: invoiceAnswer },
      201: { description: 'The invoice job, tried once', schema: invoiceAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('SIPARIS_BULUNAMADI'),
      409: errorAnswer('EFATURA_KAPALI: einvoice_provider is none; FATURA_KESILEMEZ: cancelled or not paid'),
    },
    handler: async (request, reply) => {
      const actor = staffActor(await signedIn(staffOf, request));
      const { created, invoice } = await answer(reply, () =>
        einvoicing.request(actor, request.params.number),
      );
      return reply.status(created ? 201 : 200).send({ invoice });
    },
  });

  route({
    method: 'GET',
    url: '/api/admin/orders/:number/einvoice.pdf',
    summary: "The order's invoice PDF as the shop stored it",
    tag: TAG,
    permission: 'orders.read',
    params: { number: orderNumberParam },
    responses: {
      200: { description: 'application/pdf' },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('SIPARIS_BULUNAMADI; FATURA_PDF_YOK: not issued yet'),
    },
    handler: async (request, reply) => {
      const { number } = request.params;
      const pdf = await answer(reply, () => einvoicing.pdf(number));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="fatura-${number}.pdf"`)
        .send(pdf);
    },
  });

  route({
    method: 'GET',
    url: '/api/admin/einvoice/health',
    summary: "The e-invoice integrator's last good call and last failure, and the invoices waiting or failed",
    tag: 'Yönetim: ayarlar',
    permission: 'orders.read',
    responses: { 200: { description: 'Health', schema: einvoiceHealthAnswer }, ...staffRefusals },
    handler: (_request, reply) => answer(reply, () => einvoicing.health()),
  });
}
