import type { Services } from '@vitrin/core';
import {
  adminOrderDetailAnswer,
  adminOrderListAnswer,
  adminOrderListQuery,
  bulkOrderStatusAnswer,
  bulkOrderStatusRequest,
  channelInvoiceRequest,
  orderChannelSchema,
  orderNoteRequest,
  orderNoteSchema,
  orderNumberParam,
  orderPaymentRequest,
  orderStatusRequest,
} from '@vitrin/shared/api/admin/orders';
import { cardRefundRequest, cardRefundsAnswer } from '@vitrin/shared/api/admin/refunds';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { answer } from '../../orders/replies.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';
import { registerAdminInvoiceRoutes } from './invoices.ts';
import { registerAdminShipmentLabelRoutes } from './shipment-labels.ts';
import { registerAdminShipmentReturnRoutes } from './shipment-returns.ts';
import { registerAdminShipmentRoutes } from './shipments.ts';

const TAG = 'Yönetim: siparişler';
const notFound = { 404: errorAnswer('SIPARIS_BULUNAMADI') };
const detail = { description: 'The order as the panel shows it', schema: adminOrderDetailAnswer };

/**
 * Orders in the panel: reading (`orders.read`, every role) and running them (`orders.write`): state changes
 * one by one or several at once, a transfer marked paid or refunded, card refunds of chosen lines, internal notes.
 */
export function registerAdminOrderRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { orderAdmin } = services;
  const actorOf = async (request: Parameters<typeof signedIn>[1]) =>
    staffActor(await signedIn(staffOf, request));

  route({
    method: 'GET',
    url: '/api/admin/orders',
    summary:
      'The orders, newest first, 25 a page: search by number, name or e-mail; state, payment method, channel (trendyol or storefront), days',
    tag: TAG,
    permission: 'orders.read',
    querystring: adminOrderListQuery,
    responses: { 200: { description: 'A page', schema: adminOrderListAnswer }, ...invalid, ...staffRefusals },
    handler: (request, reply) => answer(reply, () => orderAdmin.list(request.query)),
  });

  route({
    method: 'POST',
    url: '/api/admin/orders/status',
    summary: 'Moves several orders to one state (not Kargoya Verildi), each checked on its own',
    tag: TAG,
    permission: 'orders.write',
    body: bulkOrderStatusRequest,
    responses: {
      200: { description: 'A result per order', schema: bulkOrderStatusAnswer },
      ...invalid,
      ...staffRefusals,
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      return answer(reply, () => orderAdmin.changeStatuses(actor, request.body));
    },
  });

  route({
    method: 'GET',
    url: '/api/admin/orders/:number',
    summary:
      'An order: lines, customer, addresses, payment, coupon, history, notes and the states it may go to',
    tag: TAG,
    permission: 'orders.read',
    params: { number: orderNumberParam },
    responses: { 200: detail, ...invalid, ...staffRefusals, ...notFound },
    handler: (request, reply) =>
      answer(reply, async () => {
        const found = await orderAdmin.detail(request.params.number);
        return { ...found, invoice: await services.einvoicing.view(found.order.orderNo) };
      }),
  });

  route({
    method: 'POST',
    url: '/api/admin/orders/:number/status',
    summary: 'Changes the state as the transition table allows; Kargoya Verildi needs the carrier and number',
    tag: TAG,
    permission: 'orders.write',
    params: { number: orderNumberParam },
    body: orderStatusRequest,
    responses: {
      200: detail,
      ...invalid,
      ...staffRefusals,
      ...notFound,
      409: errorAnswer(
        'GECERSIZ_DURUM_GECISI: the table or the operator may not; ODEME_BEKLENIYOR; SIPARIS_DURUMU_DEGISTI; STOK_YETERSIZ',
      ),
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      return answer(reply, () => orderAdmin.changeStatus(actor, request.params.number, request.body));
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/orders/:number/payment',
    summary: "Marks a Havale / EFT order's transfer arrived (paid) or sent back after cancelling (refunded)",
    tag: TAG,
    permission: 'orders.write',
    params: { number: orderNumberParam },
    body: orderPaymentRequest,
    responses: {
      200: detail,
      ...invalid,
      ...staffRefusals,
      ...notFound,
      409: errorAnswer('ODEME_BEKLEMIYOR: no transfer awaited; IADE_BEKLEMIYOR: no transfer to give back'),
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      return answer(reply, () => orderAdmin.markPayment(actor, request.params.number, request.body));
    },
  });

  const refunds = { description: "The order's card refunds", schema: cardRefundsAnswer };
  route({
    method: 'GET',
    url: '/api/admin/orders/:number/refunds',
    summary: "A card order's refunds: each line's share of the charge, what is refunded, the refunds made",
    tag: TAG,
    permission: 'orders.read',
    params: { number: orderNumberParam },
    responses: { 200: refunds, ...invalid, ...staffRefusals, ...notFound },
    handler: (request, reply) => answer(reply, () => services.payments.refunds(request.params.number)),
  });

  route({
    method: 'POST',
    url: '/api/admin/orders/:number/refunds',
    summary:
      'Refunds chosen lines (and quantities) of a card order through its provider; the same key again is the same refund',
    tag: TAG,
    permission: 'orders.write',
    params: { number: orderNumberParam },
    body: cardRefundRequest,
    responses: {
      200: refunds,
      ...invalid,
      ...staffRefusals,
      ...notFound,
      409: errorAnswer(
        'IADE_YAPILAMAZ: not a paid card order; IADE_EDILDI: a line already refunded; IADE_FAZLA: more than is left; IADE_REDDEDILDI: the provider refused; IADE_SONUCU_BEKLENIYOR: no answer yet (asking again refunds once)',
      ),
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      return answer(reply, () => services.payments.refundLines(request.params.number, request.body, actor));
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/orders/:number/notes',
    summary: 'Adds an internal note (staff only, never shown to the customer)',
    tag: TAG,
    permission: 'orders.write',
    params: { number: orderNumberParam },
    body: orderNoteRequest,
    responses: {
      201: { description: "The order's notes", schema: z.object({ notes: z.array(orderNoteSchema) }) },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      const notes = await answer(reply, () => orderAdmin.addNote(actor, request.params.number, request.body));
      return reply.status(201).send({ notes });
    },
  });

  route({
    method: 'PUT',
    url: '/api/admin/orders/:number/channel-invoice',
    summary:
      "A marketplace order's invoice number, typed by the owner: sent to the marketplace as Invoiced by the next round",
    tag: TAG,
    permission: 'orders.write',
    params: { number: orderNumberParam },
    body: channelInvoiceRequest,
    responses: {
      200: { description: "The order's marketplace block", schema: orderChannelSchema },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      409: errorAnswer(
        'PAZARYERI_SIPARISI_DEGIL: a storefront order; FATURA_BILDIRILDI: the marketplace already took a number',
      ),
    },
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      return answer(reply, () => orderAdmin.setChannelInvoice(actor, request.params.number, request.body));
    },
  });

  registerAdminShipmentRoutes(app, services, staffOf);
  registerAdminInvoiceRoutes(app, services, staffOf);
  registerAdminShipmentReturnRoutes(app, services, staffOf);
  registerAdminShipmentLabelRoutes(app, services, staffOf);
}
