/**
 * Product pricing for display (glossary: price types, KDV, taksit).
 *
 * A product carries price entries `{ price_type, price, currency }`; `price` is an integer of minor
 * units (kuruş / cents) and every stored price is **VAT-inclusive** ("KDV Dahil": what the shopper pays).
 *
 * Price types ({@link PRICE_TYPES}):
 * - 1 Alış Fiyatı — purchase price (cost). Never read here and never part of any output of this
 *   module; the server removes it with {@link stripCost} before anything leaves it.
 * - 2 Satış Fiyatı — sale price.
 * - 3 Piyasa Fiyatı — market price, shown struck through with the discount percentage when it is
 *   higher than the price the shopper pays.
 * - 4 Taksitli Satış Fiyatı — instalment sale price, the basis of the instalment table (the card
 *   provider's rates apply to it); when missing, the price the shopper pays is the basis.
 * - 5 Toptan Satış Fiyatı — wholesale price, used instead of the sale price for wholesale customers
 *   only; a wholesale customer's product without a type 5 entry falls back to the sale price.
 *
 * Prices in USD / EUR are shown in TRY, converted exactly with {@link convertMinor} and the shop's two
 * rates (TRY per 1 USD / 1 EUR), rounded half away from zero to whole kuruş, then by the shop's
 * {@link PriceRounding} rule ({@link priceInTry}: the one place every converted price goes through).
 */
import { type Currency, PRICE_TYPE, VAT_RATES } from './constants.ts';
import { convertMinor } from './currency.ts';
import { divideRoundHalfAwayFromZero, normalizeCurrency } from './money.ts';

/** Price type codes (see {@link PRICE_TYPE}). */
const {
  Purchase: PURCHASE,
  Sale: SALE,
  Market: MARKET,
  Instalment: INSTALMENT,
  Wholesale: WHOLESALE,
} = PRICE_TYPE;

/** One stored price of a product: an integer of minor units in `currency`, VAT included. */
export interface PriceEntry {
  price_type: number;
  price: number;
  currency: string;
}

/**
 * How a price converted from USD / EUR is rounded in TRY (the shop setting `price_rounding`): `none` keeps
 * the exact kuruş (₺2.264,63), `lira` the nearest whole lira (₺2.265,00), `90` the next price ending in
 * ,90 (₺2.264,90; at most 99 kuruş more). Prices stored in TRY are the shop's own and never rounded.
 */
export const PRICE_ROUNDINGS = ['none', 'lira', '90'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

/** The shop's exchange rates (TRY per 1 USD / 1 EUR, e.g. `"41.25"`), its rounding rule and the customer's kind. */
export interface PriceContext {
  usdRate: string;
  eurRate: string;
  /** For prices converted from USD / EUR; none when absent. */
  rounding?: PriceRounding;
  /** True for a wholesale customer: the wholesale price (type 5) replaces the sale price when present. */
  wholesale?: boolean;
}

/** A converted TRY amount (minor units, non-negative) rounded by the shop's rule. */
export function roundConverted(minor: number, rounding: PriceRounding = 'none'): number {
  if (rounding === 'lira') return Math.round(minor / 100) * 100;
  // A free entry stays free rather than costing ,90.
  if (rounding === '90') return minor === 0 ? 0 : Math.ceil((minor - 90) / 100) * 100 + 90;
  return minor;
}

/**
 * A stored amount in TRY as the shop charges it: converted with the shop's rates and, when it was not in
 * TRY, rounded by the shop's rule. Product pages, listings, search, the cart and orders all price through
 * this, so they agree to the kuruş.
 */
export function priceInTry(amountMinor: number, currency: string, ctx: PriceContext): number {
  const converted = convertMinor(amountMinor, currency, 'TRY', ctx);
  return normalizeCurrency(currency) === 'TRY' ? converted : roundConverted(converted, ctx.rounding);
}

/** What the storefront shows for a product's price. All amounts are TRY minor units. */
export interface DisplayPrice {
  /** The price the shopper pays, in TRY minor units, VAT included. */
  amountMinor: number;
  vatRate: 0 | 10 | 20;
  /** The VAT contained in `amountMinor` ({@link vatPortion}). */
  vatMinor: number;
  /** The market price in TRY, only when it is higher than `amountMinor`; otherwise null. */
  marketMinor: number | null;
  /** Whole percent, rounded down, only when the market price is higher and the discount is at least 1%. */
  discountPercent: number | null;
  /** The basis of the instalment table in TRY: the instalment price (type 4), else `amountMinor`. */
  instalmentBaseMinor: number;
  /** The currency of the stored price that `amountMinor` was converted from. */
  originalCurrency: Currency;
  /** True when the wholesale price (type 5) was applied. */
  isWholesale: boolean;
}

type VatRate = (typeof VAT_RATES)[number];

function isVatRate(rate: number): rate is VatRate {
  return (VAT_RATES as readonly number[]).includes(rate);
}

function checkVatRate(rate: number): VatRate {
  if (!isVatRate(rate)) {
    throw new RangeError(`Invalid VAT rate ${String(rate)}: expected one of ${VAT_RATES.join(', ')}`);
  }
  return rate;
}

function checkMinor(value: number, name: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Invalid ${name} ${String(value)}: expected a non-negative integer of minor units`);
  }
  return BigInt(value);
}

/**
 * The VAT contained in a VAT-inclusive (gross) amount: `gross × rate / (100 + rate)`.
 *
 * This is the **single rounding rule for VAT** in the shop: the exact quotient is rounded once,
 * half away from zero, to a whole minor unit (`vatPortion(999, 20)` = 166.5 → 167). Order totals apply
 * it per line, on the line's gross amount: VAT of a line = `vatPortion(unit gross × quantity, rate)`
 * (not the unit VAT times the quantity), so each line is rounded once.
 *
 * Throws a RangeError when `vatRate` is not 0, 10 or 20, or `grossMinor` is not a non-negative safe
 * integer.
 *
 * @example vatPortion(12000, 20) // 2000 (₺120,00 includes ₺20,00 KDV)
 */
export function vatPortion(grossMinor: number, vatRate: number): number {
  const rate = checkVatRate(vatRate);
  const gross = checkMinor(grossMinor, 'gross amount');
  if (rate === 0) return 0;
  return Number(divideRoundHalfAwayFromZero(gross * BigInt(rate), BigInt(100 + rate)));
}

/**
 * The discount of the sale price against the market price, in whole percent **rounded down**:
 * `floor((market − sale) × 100 / market)`.
 *
 * Returns null when the market price is not higher than the sale price, or when the discount rounds
 * down to 0% (e.g. sale 9999, market 10000 → 0.01% → null): the shop never advertises "%0".
 * Throws a RangeError for negative or non-integer amounts.
 *
 * @example discountPercent(7500, 10000) // 25
 */
export function discountPercent(saleMinor: number, marketMinor: number): number | null {
  const sale = checkMinor(saleMinor, 'sale amount');
  const market = checkMinor(marketMinor, 'market amount');
  if (market <= sale) return null;
  const percent = Number(((market - sale) * 100n) / market); // bigint division truncates: rounds down
  return percent >= 1 ? percent : null;
}

/**
 * Removes purchase prices (type 1, cost) from a list of price entries. The server calls this before
 * any price entry leaves it. Returns a new array; the other entries are kept as they are, in order.
 */
export function stripCost<T extends { price_type: number }>(entries: T[]): T[] {
  return entries.filter((entry) => !isCost(entry.price_type));
}

/** Whether a price type code is the purchase price (type 1, cost), which only staff who set prices may read. */
export function isCost(priceType: number | string): boolean {
  // Number(): a type code that arrived as the string "1" is still cost.
  return Number(priceType) === PURCHASE;
}

interface UsableEntry {
  price: number;
  currency: Currency;
}

/**
 * The first usable entry of each display price type. Unusable entries are skipped before "first
 * wins" applies: unknown currency, or a price that is not a non-negative safe integer.
 * Purchase prices (type 1) are never looked at.
 */
function pickEntries(entries: readonly PriceEntry[]): Map<number, UsableEntry> {
  const picked = new Map<number, UsableEntry>();
  for (const entry of entries) {
    const type = entry.price_type;
    if (type !== SALE && type !== MARKET && type !== INSTALMENT && type !== WHOLESALE) continue;
    if (picked.has(type)) continue;
    if (!Number.isSafeInteger(entry.price) || entry.price < 0) continue;
    const currency = normalizeCurrency(entry.currency);
    if (!currency) continue;
    picked.set(type, { price: entry.price, currency });
  }
  return picked;
}

/**
 * Resolves what the storefront shows for a product, in TRY.
 *
 * - The price paid is the sale price (type 2), or for a wholesale customer (`ctx.wholesale`) the
 *   wholesale price (type 5) when present, else the sale price.
 * - Returns null when there is no usable price to pay: no type 2 (retail), or neither 5 nor 2 (wholesale).
 * - Entries with an unknown currency or a negative / non-integer price are ignored; among several
 *   usable entries of one type the first wins. Currencies are read like everywhere else in the shop
 *   ({@link normalizeCurrency}: `'TL'` and any letter case are accepted; an empty currency is TRY).
 * - USD / EUR prices are converted with {@link priceInTry} (rates and rounding rule); a missing or invalid rate that a
 *   conversion needs throws a RangeError (a misconfigured shop must not show a wrong price).
 * - The market price (type 3) is compared with the price paid after conversion to TRY.
 * - The instalment basis is the instalment price (type 4), else the price paid.
 * - The purchase price (type 1) is never read and never appears in the result.
 *
 * Throws a RangeError when `vatRate` is not 0, 10 or 20.
 */
export function resolveDisplayPrice(
  entries: PriceEntry[],
  vatRate: number,
  ctx: PriceContext,
): DisplayPrice | null {
  const rate = checkVatRate(vatRate);
  const picked = pickEntries(entries);
  const toTry = (entry: UsableEntry): number => priceInTry(entry.price, entry.currency, ctx);

  const wholesaleEntry = ctx.wholesale === true ? picked.get(WHOLESALE) : undefined;
  const paid = wholesaleEntry ?? picked.get(SALE);
  if (!paid) return null;

  const amountMinor = toTry(paid);
  const market = picked.get(MARKET);
  const marketTry = market ? toTry(market) : null;
  const marketMinor = marketTry !== null && marketTry > amountMinor ? marketTry : null;
  const instalment = picked.get(INSTALMENT);

  return {
    amountMinor,
    vatRate: rate,
    vatMinor: vatPortion(amountMinor, rate),
    marketMinor,
    discountPercent: marketMinor === null ? null : discountPercent(amountMinor, marketMinor),
    instalmentBaseMinor: instalment ? toTry(instalment) : amountMinor,
    originalCurrency: paid.currency,
    isWholesale: wholesaleEntry !== undefined,
  };
}
