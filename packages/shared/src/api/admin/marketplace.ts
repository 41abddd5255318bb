/**
 * Trendyol in the staff panel (issue 43, `/api/admin/marketplace/trendyol/*`): the channel's health, its
 * listings by state, a listing's stock buffer and one round at once. Brings zod: imported by path.
 */
import { lineText, z } from '../../zod.ts';
import { pageNumber } from '../page-number.ts';

export const TRENDYOL_LISTINGS_PER_PAGE = 50;
export const LISTING_STATES = ['linked', 'unlisted', 'channel_only'] as const;
export type ListingStateName = (typeof LISTING_STATES)[number];
/** The largest buffer: Trendyol's own cap on an item's stock. */
export const STOCK_BUFFER_MAX = 20_000;

const instant = z.string().nullable().describe('ISO 8601');

export const trendyolListingsQuery = z.object({
  state: z
    .enum(LISTING_STATES, 'Durum linked, unlisted ya da channel_only olmalı')
    .default('linked')
    .describe(
      'linked: a product of the shop; unlisted: a shop barcode Trendyol does not list; channel_only: on Trendyol only',
    ),
  page: pageNumber,
});
export type TrendyolListingsQuery = z.input<typeof trendyolListingsQuery>;

export const trendyolBarcodeParam = lineText({ error: 'Barkod metin olmalı' })
  .trim()
  .min(1, 'Barkodu girin')
  .max(100, 'Barkod en fazla 100 karakter olabilir');

const BUFFER_MESSAGE = `Ayrılan stok 0 ile ${STOCK_BUFFER_MAX} arasında bir tam sayı olmalı`;
export const stockBufferRequest = z.object({
  stockBuffer: z
    .number({ error: BUFFER_MESSAGE })
    .int(BUFFER_MESSAGE)
    .min(0, BUFFER_MESSAGE)
    .max(STOCK_BUFFER_MAX, BUFFER_MESSAGE)
    .describe('Pieces kept back from Trendyol (its quantity is the stock less this)'),
});
export type StockBufferRequest = z.input<typeof stockBufferRequest>;

export const trendyolHealthAnswer = z.object({
  setting: z.enum(['off', 'on']).describe('The trendyol_sync setting'),
  configured: z.boolean().describe('TRENDYOL_SELLER_ID, TRENDYOL_API_KEY and TRENDYOL_API_SECRET are set'),
  missing: z.array(z.string()).describe('The TRENDYOL_* variables not set'),
  lastSuccessAt: instant,
  lastErrorAt: instant,
  lastError: z.string().nullable().describe('The last failure, in Turkish'),
  pausedUntil: instant.describe('Trendyol is waited for (its back-off or Retry-After) until then'),
  linked: z.number().int().describe('Listings linked to a product or variant by barcode'),
  unlisted: z.number().int().describe("The shop's barcodes Trendyol does not list"),
  channelOnly: z.number().int().describe('Listings no product of the shop has'),
  pending: z.number().int().describe('Linked listings whose values are not confirmed by Trendyol yet'),
  failing: z.number().int().describe('Linked listings whose last send failed or was refused'),
  intervalSeconds: z.number().int(),
});
export type TrendyolHealthAnswer = z.infer<typeof trendyolHealthAnswer>;

export const trendyolListingSchema = z.object({
  barcode: z.string(),
  productId: z.number().int().nullable(),
  variantId: z.number().int().nullable(),
  name: z.string().nullable().describe("The shop's product name (null: not linked)"),
  sku: z.string().nullable(),
  title: z.string().nullable().describe('The title on Trendyol'),
  stockCode: z.string().nullable(),
  approved: z.boolean(),
  url: z.string().nullable(),
  channelQuantity: z.number().int().nullable().describe('As Trendyol last listed it'),
  channelSaleMinor: z.number().int().nullable(),
  channelListMinor: z.number().int().nullable(),
  stockBuffer: z.number().int(),
  sentQuantity: z.number().int().nullable().describe('What the last send Trendyol took told it'),
  sentSaleMinor: z.number().int().nullable(),
  sentListMinor: z.number().int().nullable(),
  sentAt: instant,
  pending: z.boolean().describe('A batch is waiting for Trendyol'),
  lastError: z.string().nullable(),
  nextAttemptAt: instant,
});

export const unlistedItemSchema = z.object({
  barcode: z.string(),
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  name: z.string(),
  sku: z.string(),
  stock: z.number().int().nullable(),
});

export const trendyolListingsAnswer = z.object({
  state: z.enum(LISTING_STATES),
  page: z.number().int(),
  total: z.number().int(),
  perPage: z.number().int(),
  listings: z.array(trendyolListingSchema).describe('linked and channel_only'),
  unlisted: z.array(unlistedItemSchema).describe('unlisted'),
});
export type TrendyolListingsAnswer = z.infer<typeof trendyolListingsAnswer>;

export const trendyolListingAnswer = z.object({ listing: trendyolListingSchema });

export const trendyolRoundAnswer = z.object({
  ran: z.boolean().describe('False when another node runs the round now'),
  setting: z.enum(['off', 'on']),
  configured: z.boolean(),
  read: z.number().int().describe('Listings read from Trendyol'),
  linked: z.number().int(),
  channelOnly: z.number().int(),
  unlisted: z.number().int(),
  sent: z.number().int().describe('Barcodes whose quantity or prices were sent'),
  requests: z.number().int(),
  duplicates: z.number().int().describe('Requests not sent: Trendyol took the same within 15 minutes'),
  accepted: z.number().int(),
  refused: z.number().int(),
  unpriced: z.number().int().describe('Linked listings without a price to send'),
  pulled: z.number().int().nullable().describe('Packages made into orders or updated'),
  statusesSent: z.number().int().nullable(),
  error: z.string().nullable(),
  pausedUntil: instant,
});
export type TrendyolRoundAnswer = z.infer<typeof trendyolRoundAnswer>;
