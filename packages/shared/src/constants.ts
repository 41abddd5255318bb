/**
 * Stored integer codes by name. The integers are what the database holds (the seed and the migrations fix
 * them); code compares with these names, never with the bare numbers (`scripts/check-state-numbers.mjs`).
 */

/** `pages.type`: the kind of a content page. */
export const PAGE_TYPE = { Corporate: 1, Help: 2, Static: 3, Blog: 4 } as const;
export type PageTypeName = keyof typeof PAGE_TYPE;

/** `products.stock_type` (and `order_items.stock_type`): how a product is stocked. */
export const STOCK_TYPE = { Single: 1, Variant: 2, Designable: 3, Virtual: 4 } as const;
export type StockTypeName = keyof typeof STOCK_TYPE;
export type StockType = (typeof STOCK_TYPE)[StockTypeName];

/** `product_prices.price_type`: which price an entry is; `Purchase` is cost and never leaves the server. */
export const PRICE_TYPE = { Purchase: 1, Sale: 2, Market: 3, Instalment: 4, Wholesale: 5 } as const;
export type PriceTypeName = keyof typeof PRICE_TYPE;
export type PriceType = (typeof PRICE_TYPE)[PriceTypeName];

/** Page types of content pages (spec section 3). */
export const PAGE_TYPES = {
  1: 'Kurumsal',
  2: 'Yardım',
  3: 'Sabit Sayfa',
  4: 'Blog',
} as const;
export type PageType = keyof typeof PAGE_TYPES;

export const CURRENCIES = ['TRY', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const VAT_RATES = [0, 10, 20] as const;

export const STOCK_TYPES = {
  1: 'Tekil Ürün',
  2: 'Varyantlı Ürün',
  3: 'Tasarlanabilir Ürün',
  4: 'Sanal Ürün',
} as const;

/** Price types; 1 (purchase price) is cost and never leaves the server. */
export const PRICE_TYPES = {
  1: 'Alış Fiyatı',
  2: 'Satış Fiyatı',
  3: 'Piyasa Fiyatı',
  4: 'Taksitli Satış Fiyatı',
  5: 'Toptan Satış Fiyatı',
} as const;

/** HTTP statuses the browser client retries (once for reads, never for writes), spec section 7. */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

/** A failed route chunk reloads the page at most once per this many ms per path (spec section 9). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** Error code of API writes refused during maintenance. */
export const MAINTENANCE_CODE = 'MAINTENANCE';

/** Cookie that mirrors the visitor's localStorage `admin_key` so the server can check it. */
export const ADMIN_KEY_STORAGE = 'admin_key';
export const ADMIN_KEY_COOKIE = 'admin_key';

/**
 * Days a shopper may withdraw from a distance sale without giving a reason (Mesafeli Sözleşmeler
 * Yönetmeliği, madde 9); personalised and instantly delivered digital goods are excepted (madde 15).
 */
export const WITHDRAWAL_DAYS = 14;
