import type { Services } from '@vitrin/core';
import { exportQuery } from '@vitrin/shared/api/admin/dashboard';
import { packingSlipAnswer } from '@vitrin/shared/api/admin/documents';
import { orderNoSchema } from '@vitrin/shared/api/order-requests';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { answer } from '../../orders/replies.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';

const TAG = 'Yönetim: belgeler';
const notFound = { 404: errorAnswer('SIPARIS_BULUNAMADI') };
/** A file the browser saves under `name` (the names here are ASCII: an order number, days). */
const download = (reply: FastifyReply, type: string, name: string, body: string | Buffer) =>
  reply.type(type).header('content-disposition', `attachment; filename="${name}"`).send(body);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * An order's papers (its packing slip and invoice PDF), for every role that reads orders, and the orders of
 * a date range as CSV or XLSX, a bulk download of names and addresses: `exports.read` (owners and managers).
 */
export function registerDocumentRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { orderDocuments, reports } = services;

  route({
    method: 'GET',
    url: '/api/admin/orders/:number/packing-slip',
    summary: 'What the packing slip prints: lines, quantities, options and addresses, no prices',
    tag: TAG,
    permission: 'orders.read',
    params: { number: orderNoSchema },
    responses: {
      200: { description: 'The slip', schema: packingSlipAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: (request, reply) => answer(reply, () => orderDocuments.packingSlip(request.params.number)),
  });

  route({
    method: 'GET',
    url: '/api/admin/orders/:number/invoice.pdf',
    summary: "The order's invoice-ready PDF (seller, buyer, lines, VAT by rate, totals)",
    tag: TAG,
    permission: 'orders.read',
    params: { number: orderNoSchema },
    responses: { 200: { description: 'application/pdf' }, ...invalid, ...staffRefusals, ...notFound },
    handler: async (request, reply) => {
      const { number } = request.params;
      const pdf = await answer(reply, () => orderDocuments.invoicePdf(number));
      return download(reply, 'application/pdf', `fatura-${number}.pdf`, pdf);
    },
  });

  route({
    method: 'GET',
    url: '/api/admin/exports/orders.csv',
    summary:
      'Orders placed from `from` to `to` (YYYY-MM-DD, Turkey time, both included, at most 366 days) as CSV for Turkish Excel: UTF-8 with BOM, `;` between fields, amounts as 1234,56',
    tag: TAG,
    permission: 'exports.read',
    querystring: exportQuery,
    responses: { 200: { description: 'text/csv' }, ...invalid, ...staffRefusals },
    handler: async (request, reply) => {
      const { from, to } = request.query;
      const csv = await reports.ordersCsv(request.query);
      return download(reply, 'text/csv; charset=utf-8', `siparisler-${from}-${to}.csv`, csv);
    },
  });

  route({
    method: 'GET',
    url: '/api/admin/exports/orders.xlsx',
    summary:
      'The same orders as an Excel workbook: amounts as number cells in lira, dates as date cells (Turkey time)',
    tag: TAG,
    permission: 'exports.read',
    querystring: exportQuery,
    responses: { 200: { description: XLSX_TYPE }, ...invalid, ...staffRefusals },
    handler: async (request, reply) => {
      const { from, to } = request.query;
      const xlsx = await reports.ordersXlsx(request.query);
      return download(reply, XLSX_TYPE, `siparisler-${from}-${to}.xlsx`, xlsx);
    },
  });
}
