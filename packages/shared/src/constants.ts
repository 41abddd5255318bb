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
