import type { Services } from '@vitrin/core';
import { orderAccessQuery, orderListQuery } from '@vitrin/shared/api/order-requests';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { type AccountOf, customerIdOf } from '../../sessions/account.ts';
import { apiRoutes, crossOrigin, errorAnswer, invalid, maintenance, noSession } from '../route.ts';
import { answer } from './replies.ts';
import { detail, list, notFound } from './schemas.ts';

/** Anything but one of the viewer's order numbers answers 404, as an unknown number does. */
const orderNo = { orderNo: z.string().describe('The order number') };

/**
 * The customer's orders (panel: Siparişlerim) and one order for its customer or for the holder of its guest
 * link (`?token=`). Another customer's order, an unknown one and a wrong token all answer 404
 * SIPARIS_BULUNAMADI: nobody learns which order numbers exist.
 */
export function registerOrderRoutes(app: FastifyInstance, services: Services, accountOf: AccountOf) {
  const route = apiRoutes(app, accountOf);
  const tag = 'Mağaza: siparişlerim';

  route({
    method: 'GET',
    url: '/api/front/orders',
    summary: "The logged-in customer's orders, newest first, paged (panel: Siparişlerim)",
    tag,
    auth: true,
    querystring: orderListQuery,
    responses: { 200: { description: 'Orders', schema: list }, ...invalid, ...noSession },
    handler: async (request, reply) =>
      answer(reply, async () =>
        services.orders.list((await customerIdOf(accountOf, request, reply))!, request.query),
      ),
  });

  route({
    method: 'GET',
    url: '/api/front/orders/:orderNo',
    summary:
      'One order with lines, totals, addresses, payment and history: its customer, or `?token=` of the guest link',
    tag,
    params: orderNo,
    querystring: orderAccessQuery,
    responses: { 200: { description: 'Order', schema: detail }, ...invalid, ...notFound },
    handler: async (request, reply) =>
      answer(reply, async () => {
        const viewer = {
          customerId: await customerIdOf(accountOf, request, reply),
          token: request.query.token,
        };
        const found = await services.orders.detail(request.params.orderNo, viewer);
        return {
          ...found,
          invoicePdfUrl: await services.einvoicing.shopperPdfUrl(found.orderNo, viewer.token),
        };
      }),
  });

  route({
    method: 'GET',
    url: '/api/front/orders/:orderNo/invoice',
    summary:
      "The order's e-Arşiv / e-Fatura PDF, as the shop stored it: its customer, or `?token=` of the guest link",
    tag,
    params: orderNo,
    querystring: orderAccessQuery,
    responses: {
      200: { description: 'application/pdf' },
      ...invalid,
      404: errorAnswer(
        'SIPARIS_BULUNAMADI: unknown, another customer’s, or a wrong token; FATURA_PDF_YOK: no invoice yet',
      ),
    },
    handler: async (request, reply) => {
      const pdf = await answer(reply, async () => {
        const order = await services.orders.accessible(request.params.orderNo, {
          customerId: await customerIdOf(accountOf, request, reply),
          token: request.query.token,
        });
        return services.einvoicing.pdf(order.orderNo);
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="fatura-${request.params.orderNo}.pdf"`)
        .send(pdf);
    },
  });

  route({
    method: 'POST',
    url: '/api/front/orders/:orderNo/cancel',
    summary: 'Cancels the order (states 0 and 1): stock and coupon use are given back',
    tag,
    params: orderNo,
    querystring: orderAccessQuery,
    responses: {
      200: { description: 'The cancelled order', schema: detail },
      ...invalid,
      ...crossOrigin,
      ...notFound,
      409: errorAnswer(
        'GECERSIZ_DURUM_GECISI (not cancellable now) or SIPARIS_DURUMU_DEGISTI (changed meanwhile)',
      ),
      ...maintenance,
    },
    handler: async (request, reply) =>
      answer(reply, async () =>
        services.orders.cancel(request.params.orderNo, {
          customerId: await customerIdOf(accountOf, request, reply),
          token: request.query.token,
        }),
      ),
  });
}
