import type { Services } from '@vitrin/core';
import type { ListingRow } from '@vitrin/core/marketplace/listings';
import {
  STOCK_BUFFER_MAX,
  stockBufferRequest,
  TRENDYOL_LISTINGS_PER_PAGE,
  trendyolBarcodeParam,
  trendyolHealthAnswer,
  trendyolListingAnswer,
  trendyolListingsAnswer,
  trendyolListingsQuery,
  trendyolRoundAnswer,
} from '@vitrin/shared/api/admin/marketplace';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { answer } from '../../orders/replies.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';
import { registerTrendyolPublishRoutes } from './trendyol-publish.ts';

const TAG = 'Yönetim: pazaryeri';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function listingView(row: ListingRow, name: string | null, sku: string | null) {
  return {
    barcode: row.barcode,
    productId: row.productId,
    variantId: row.variantId,
    name,
    sku,
    title: row.title,
    stockCode: row.stockCode,
    approved: row.approved,
    url: row.url,
    channelQuantity: row.channelQuantity,
    channelSaleMinor: row.channelSaleMinor,
    channelListMinor: row.channelListMinor,
    stockBuffer: row.stockBuffer,
    sentQuantity: row.sentQuantity,
    sentSaleMinor: row.sentSaleMinor,
    sentListMinor: row.sentListMinor,
    sentAt: iso(row.sentAt),
    pending: row.batchId !== null || row.createItem !== null,
    seen: row.seenAt !== null,
    lastError: row.lastError,
    nextAttemptAt: iso(row.nextAttemptAt),
  };
}

/**
 * Trendyol in the panel (issue 43): the channel's health and its listings (`catalog.read`), a listing's stock
 * buffer and one round now (`catalog.write`); putting a product on Trendyol in `trendyol-publish.ts`.
 */
export function registerTrendyolRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const { trendyolSync } = services;

  route({
    method: 'GET',
    url: '/api/admin/marketplace/trendyol/health',
    summary:
      "Trendyol's health: keys set, the setting, the last good call and the last failure, listings linked, unlisted and Trendyol-only, sends waiting and failing",
    tag: TAG,
    permission: 'catalog.read',
    responses: { 200: { description: 'Health', schema: trendyolHealthAnswer }, ...staffRefusals },
    handler: (_request, reply) => answer(reply, () => trendyolSync.health()),
  });

  route({
    method: 'GET',
    url: '/api/admin/marketplace/trendyol/listings',
    summary:
      "One page of the listings linked to a product, the shop's barcodes Trendyol does not list (unlisted), or the listings on Trendyol only",
    tag: TAG,
    permission: 'catalog.read',
    querystring: trendyolListingsQuery,
    responses: {
      200: { description: 'One page', schema: trendyolListingsAnswer },
      ...invalid,
      ...staffRefusals,
    },
    handler: async (request, reply) => {
      const { state, page } = request.query;
      const found = await answer(reply, () => trendyolSync.page(state, page, TRENDYOL_LISTINGS_PER_PAGE));
      return {
        state,
        page,
        total: found.total,
        perPage: TRENDYOL_LISTINGS_PER_PAGE,
        listings: found.listings?.map((l) => listingView(l.row, l.name, l.sku)) ?? [],
        unlisted: found.items ?? [],
      };
    },
  });

  route({
    method: 'PUT',
    url: '/api/admin/marketplace/trendyol/listings/:barcode/buffer',
    summary: `Pieces kept back from Trendyol for this listing (0 to ${STOCK_BUFFER_MAX}); the next round sends the new quantity`,
    tag: TAG,
    permission: 'catalog.write',
    params: { barcode: trendyolBarcodeParam },
    body: stockBufferRequest,
    responses: {
      200: { description: 'Changed', schema: trendyolListingAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('TRENDYOL_URUNU_BULUNAMADI: no Trendyol listing has this barcode'),
    },
    handler: async (request, reply) => {
      const actor = staffActor(await signedIn(staffOf, request));
      const row = await answer(reply, () =>
        trendyolSync.setBuffer(actor, request.params.barcode, request.body.stockBuffer),
      );
      const [view] = (await trendyolSync.listings.pageOf([row.barcode])).map((l) =>
        listingView(l.row, l.name, l.sku),
      );
      return { listing: view! };
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/marketplace/trendyol/sync',
    summary:
      'One Trendyol round now (listings read and linked, stock and prices sent, batches followed, packages pulled), the setting on or off',
    tag: TAG,
    permission: 'catalog.write',
    responses: { 200: { description: 'What the round did', schema: trendyolRoundAnswer }, ...staffRefusals },
    handler: (_request, reply) => answer(reply, () => trendyolSync.runNow()),
  });

  registerTrendyolPublishRoutes(app, services, staffOf);
}
