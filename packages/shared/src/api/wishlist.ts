/**
 * Wishlist (Favorilerim) and compare list (Karşılaştır): answers, limits, request schemas and the cookie
 * formats. The storefront imports only types from here (`import type`): the schemas bring zod.
 *
 * A guest's wishlist and everyone's compare list live in cookies that the server reads back with the same
 * strict parsers below: anything that is not exactly what we write (a hand-edited, truncated or oversized
 * value) is read as an empty list, never as an error.
 */
import { z } from '../zod.ts';
import type { PriceView, ProductCard, StockView } from './catalog.ts';

export const WISHLIST_COOKIE = 'vitrin_wishlist';
export const COMPARE_COOKIE = 'vitrin_compare';
/** At most this many favourites per guest cookie or per customer. */
export const MAX_WISHLIST_ITEMS = 100;
/** At most this many products side by side. */
export const MAX_COMPARE_ITEMS = 4;

export const WISHLIST_FULL_CODE = 'FAVORI_LISTESI_DOLU';
export const COMPARE_LIMIT_CODE = 'KARSILASTIRMA_LIMITI';

/** One favourite: the product as its public card, with its TRY price when it was added. */
export interface WishlistItemView {
  product: ProductCard;
  /** TRY minor units, VAT included, the price shown when the product was added. */
  addedPriceMinor: number;
  /** How much cheaper the product is now than when it was added; 0 when not cheaper (or no price). */
  priceDropMinor: number;
}

export interface WishlistView {
  items: WishlistItemView[];
  /** Ids of the products shown, for the hearts on cards and product pages. */
  productIds: number[];
  count: number;
}

/** One product of the compare table, from the same public shape as the product page (never the cost). */
export interface CompareItemView {
  id: number;
  slug: string;
  name: string;
  image: string | null;
  stockType: number;
  vatRate: number;
  stock: StockView;
  price: PriceView | null;
  optionGroups: Array<{ name: string; values: string[] }>;
  specifications: Array<{ key: string; value: string }>;
}

export interface CompareView {
  items: CompareItemView[];
  productIds: number[];
  count: number;
  max: number;
}

// ---------------------------------------------------------------------------------------------------------
// Requests

const MAX_ID = 2_147_483_647;
const PRODUCT_ID_MESSAGE = 'Geçersiz ürün';

/** A product id as JSON sends it, or as digits (a form post, a path segment). */
export const productIdSchema = z.preprocess(
  (v: unknown) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: PRODUCT_ID_MESSAGE })
    .int(PRODUCT_ID_MESSAGE)
    .min(1, PRODUCT_ID_MESSAGE)
    .max(MAX_ID, PRODUCT_ID_MESSAGE),
);

/** `POST /api/front/wishlist` and `POST /api/front/compare`. */
export const productRefInput = z.object({ productId: productIdSchema });
export type ProductRefRequest = z.input<typeof productRefInput>;

// ---------------------------------------------------------------------------------------------------------
// Cookies

/** A guest's favourite as kept in the cookie. */
export interface GuestWishlistItem {
  productId: number;
  addedPriceMinor: number;
}

const WISHLIST_ITEM = /^([1-9]\d{0,9})\.(\d{1,12})$/;
const COMPARE_VALUE = /^[1-9]\d{0,9}(?:-[1-9]\d{0,9}){0,3}$/;

const safeId = (n: number) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID;

/** `12.45990-13.1000`: product id and added price per favourite. Anything else reads as no favourites. */
export function parseWishlistCookie(raw: string | undefined): GuestWishlistItem[] {
  if (!raw || raw.length > MAX_WISHLIST_ITEMS * 24) return [];
  const parts = raw.split('-');
  if (parts.length > MAX_WISHLIST_ITEMS) return [];
  const items: GuestWishlistItem[] = [];
  const seen = new Set<number>();
  for (const part of parts) {
    const match = WISHLIST_ITEM.exec(part);
    if (!match) return [];
    const productId = Number(match[1]);
    const addedPriceMinor = Number(match[2]);
    if (!safeId(productId) || !Number.isSafeInteger(addedPriceMinor) || seen.has(productId)) return [];
    seen.add(productId);
    items.push({ productId, addedPriceMinor });
  }
  return items;
}

export function serializeWishlistCookie(items: readonly GuestWishlistItem[]): string {
  return items.map((i) => `${i.productId}.${i.addedPriceMinor}`).join('-');
}

/** `12-13-14`: up to four product ids. Anything else reads as an empty compare list. */
export function parseCompareCookie(raw: string | undefined): number[] {
  if (!raw || !COMPARE_VALUE.test(raw)) return [];
  const ids = raw.split('-').map(Number);
  if (!ids.every(safeId) || new Set(ids).size !== ids.length) return [];
  return ids;
}

export function serializeCompareCookie(ids: readonly number[]): string {
  return ids.join('-');
}
