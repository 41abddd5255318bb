import type { Services } from '@vitrin/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, staffRefusals } from '../../route.ts';

const TAG = 'Yönetim: ürün içe aktarma';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `urunler-2026-11-27`: the day of the export, Turkey time. */
const fileName = () => `urunler-${new Date(Date.now() + 3 * 60 * 60_000).toISOString().slice(0, 10)}`;

const download = (reply: FastifyReply, type: string, name: string, body: string | Buffer) =>
  reply.type(type).header('content-disposition', `attachment; filename="${name}"`).send(body);

/**
 * The whole catalogue in the import's columns (purchase prices included, so `catalog.write` only): what it
 * gives back unchanged is imported as all unchanged.
 */
export function registerProductExportRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { productImports } = services;

  route({
    method: 'GET',
    url: '/api/admin/exports/products.csv',
    summary:
      'Every product and variant in the import’s columns, purchase prices included, as CSV for Turkish Excel: UTF-8 with BOM, `;`, amounts as 1234,56',
    tag: TAG,
    permission: 'catalog.write',
    responses: { 200: { description: 'text/csv' }, ...staffRefusals },
    handler: async (_request, reply) =>
      download(reply, 'text/csv; charset=utf-8', `${fileName()}.csv`, await productImports.exportCsv()),
  });

  route({
    method: 'GET',
    url: '/api/admin/exports/products.xlsx',
    summary: 'The same as an Excel workbook: prices as number cells, SKUs and barcodes as text',
    tag: TAG,
    permission: 'catalog.write',
    responses: { 200: { description: XLSX_TYPE }, ...staffRefusals },
    handler: async (_request, reply) =>
      download(reply, XLSX_TYPE, `${fileName()}.xlsx`, await productImports.exportXlsx()),
  });
}
