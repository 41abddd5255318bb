/**
 * Trendyol in the staff panel (issue 43, `/api/admin/marketplace/trendyol/*`): the channel's health, its
 * listings by state, a listing's stock buffer and one round at once; Trendyol's categories, brands and a
 * category's attributes, the owner's category and brand mappings, and a product put on Trendyol.
 * Brings zod: imported by path.
 */
import { lineText, z } from '../../zod.ts';
import { pageNumber } from '../page-number.ts';
import { rowId } from './categories.ts';

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
  pending: z
    .boolean()
    .describe('A batch is waiting for Trendyol, or a product put on Trendyol is not sent yet'),
  seen: z
    .boolean()
    .describe('Trendyol listed it in a read (false: put on Trendyol from the shop and not listed there yet)'),
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

// Putting a product on Trendyol: Trendyol's categories, brands and attributes, the owner's mappings.

export const trendyolCategoriesQuery = z.object({
  q: lineText({ error: 'Arama metin olmalı' })
    .trim()
    .max(100, 'Arama en fazla 100 karakter olabilir')
    .default('')
    .describe('Words of the category path (Turkish folding); empty: the first leaves'),
});
export type TrendyolCategoriesQuery = z.input<typeof trendyolCategoriesQuery>;

export const trendyolCategoriesAnswer = z.object({
  categories: z
    .array(
      z.object({
        id: z.number().int().describe("Trendyol's category id (a leaf: a product goes only there)"),
        name: z.string(),
        path: z.string().describe('Ev & Mobilya › Mutfak › Kupa & Bardak'),
      }),
    )
    .describe('At most 50'),
});
export type TrendyolCategoriesAnswer = z.infer<typeof trendyolCategoriesAnswer>;

export const trendyolBrandsQuery = z.object({
  q: lineText({ error: 'Marka adını girin' })
    .trim()
    .min(1, 'Marka adını girin')
    .max(100, 'Marka adı en fazla 100 karakter olabilir')
    .describe("The brand's exact name on Trendyol (tried as typed and in capitals)"),
});
export type TrendyolBrandsQuery = z.input<typeof trendyolBrandsQuery>;

export const trendyolBrandsAnswer = z.object({
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TrendyolBrandsAnswer = z.infer<typeof trendyolBrandsAnswer>;

export const trendyolCategoryParam = rowId('Trendyol kategori numarası geçersiz');

export const trendyolAttributesAnswer = z.object({
  categoryId: z.number().int(),
  attributes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      required: z.boolean().describe('Must be given to publish a product in this category'),
      allowCustom: z.boolean().describe('Free text (customValue) is taken; else one of values (valueId)'),
      varianter: z.boolean().describe('Differs by variant (give it per variant)'),
      values: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  ),
});
export type TrendyolAttributesAnswer = z.infer<typeof trendyolAttributesAnswer>;

export const MAPPING_KINDS = ['category', 'brand'] as const;
export type MappingKindName = (typeof MAPPING_KINDS)[number];
const mappingKind = z.enum(MAPPING_KINDS, 'Eşleşme türü category ya da brand olmalı');
const mappingLocal = lineText({ error: 'Eşlenen değer metin olmalı' })
  .trim()
  .min(1, 'Mağazadaki kategori numarasını ya da marka adını girin')
  .max(200, 'Eşlenen değer en fazla 200 karakter olabilir');

export const trendyolMappingSchema = z.object({
  kind: z.enum(MAPPING_KINDS),
  local: z.string().describe("The shop's category id, or the brand name as products carry it"),
  localName: z.string().nullable().describe("The shop's category name (null: the category is gone)"),
  remote: z.number().int().describe("Trendyol's category or brand id"),
  remoteName: z.string().describe("Trendyol's category path or brand name"),
});

export const trendyolMappingsAnswer = z.object({ mappings: z.array(trendyolMappingSchema) });
export type TrendyolMappingsAnswer = z.infer<typeof trendyolMappingsAnswer>;

export const trendyolMappingRequest = z.object({
  kind: mappingKind,
  local: mappingLocal.describe(
    "category: the shop's category id; brand: the brand name as products carry it",
  ),
  remote: rowId('Trendyol numarası geçersiz').describe("Trendyol's category id (a leaf) or brand id"),
  remoteName: lineText({ error: 'Trendyol adı metin olmalı' })
    .trim()
    .max(300, 'Trendyol adı en fazla 300 karakter olabilir')
    .optional()
    .describe("The brand's name on Trendyol (a category's is taken from Trendyol's tree)"),
});
export type TrendyolMappingRequest = z.input<typeof trendyolMappingRequest>;

export const trendyolMappingAnswer = z.object({ mapping: trendyolMappingSchema });

export const trendyolMappingParams = { kind: mappingKind, local: mappingLocal };

const ATTRIBUTE_MESSAGE = 'Her özellik için attributeId ve valueId ya da customValue girin';
const attributeInput = z
  .object({
    attributeId: rowId('Özellik numarası geçersiz'),
    valueId: rowId('Özellik değeri numarası geçersiz').optional(),
    customValue: lineText({ error: 'Özellik değeri metin olmalı' })
      .trim()
      .min(1, 'Özellik değerini girin')
      .max(200, 'Özellik değeri en fazla 200 karakter olabilir')
      .optional(),
  })
  .refine((a) => (a.valueId === undefined) !== (a.customValue === undefined), ATTRIBUTE_MESSAGE);

export const DESI_MAX = 1000;
export const trendyolPublishRequest = z.object({
  attributes: z
    .array(attributeInput, 'Özellikler bir liste olmalı')
    .max(100, 'En fazla 100 özellik girilebilir')
    .describe("The Trendyol category's attributes for every item (its required ones must be there)"),
  variants: z
    .array(
      z.object({
        barcode: trendyolBarcodeParam,
        attributes: z.array(attributeInput, 'Özellikler bir liste olmalı').max(100),
      }),
      'Seçenekler bir liste olmalı',
    )
    .max(1000, 'En fazla 1000 seçenek')
    .optional()
    .describe("A variant's own attributes by barcode (a size), over the product's"),
  desi: z
    .number({ error: `Desi 0,01 ile ${DESI_MAX} arasında bir sayı olmalı` })
    .min(0.01, `Desi 0,01 ile ${DESI_MAX} arasında bir sayı olmalı`)
    .max(DESI_MAX, `Desi 0,01 ile ${DESI_MAX} arasında bir sayı olmalı`)
    .optional()
    .describe('Volumetric weight for the carrier; 1 unless given'),
});
export type TrendyolPublishRequest = z.input<typeof trendyolPublishRequest>;

export const trendyolPublishAnswer = z.object({
  productId: z.number().int(),
  barcodes: z.array(z.string()).describe('One listing each, followed by the Trendyol round'),
  batchId: z
    .string()
    .nullable()
    .describe("Trendyol's batch (null: Trendyol is away; the round sends it once)"),
  waiting: z.string().nullable().describe('Why it is not sent yet, in Turkish'),
});
export type TrendyolPublishAnswer = z.infer<typeof trendyolPublishAnswer>;

/** What a 422 of publish carries beside the error: each thing missing (mapping, barcode, price, attributes…). */
export const PUBLISH_MISSING_KINDS = [
  'category',
  'brand',
  'barcode',
  'price',
  'image',
  'attributes',
] as const;
