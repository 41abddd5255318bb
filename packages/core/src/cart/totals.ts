/**
 * Cart and order totals: pure functions over integer minor units (TRY kuruş), VAT included everywhere.
 *
 * Rules, in the order they apply:
 * 1. **Subtotal**: the sum of the line totals (unit price × quantity).
 * 2. **Discount** (coupon): a percent of the eligible lines' subtotal, rounded half away from zero, or a fixed
 *    amount capped at that subtotal. The discount is spread over the eligible lines in proportion to their
 *    totals with the largest-remainder method, so the parts add up to the discount exactly.
 * 3. **Shipping**: the flat `shipping_fee`; free when the subtotal **after the discount** reaches
 *    `free_shipping_threshold` (the threshold is about what the shopper pays for goods, so a coupon that
 *    takes the basket below it brings the fee back); none when every line is virtual (stock type 4).
 * 4. **Cash-on-delivery fee**: `cod_fee`, only with Kapıda Ödeme and only for a cart that is shipped.
 * 5. **Instalment fee**: paying by card in more than one instalment costs the instalment prices (type 4)
 *    where they are above the sale prices: the sum of those differences over the lines.
 * 6. **Total** = subtotal − discount + shipping + COD fee + instalment fee.
 *
 * VAT is contained in every amount. Per line it is `vatPortion(line gross after its discount share and
 * with its instalment difference, line rate)`: one rounding per line, by the shop's one rule
 * (`@vitrin/shared/pricing` `vatPortion`). Shipping and the COD fee are services taxed at the standard
 * 20 %, each rounded once. `vatLines` groups these by rate; their gross amounts add up to the total.
 */
import type { CartTotals, PaymentMethod, VatLineView } from '@vitrin/shared/api/cart';
import { divideRoundHalfAwayFromZero } from '@vitrin/shared/money';
import { vatPortion } from '@vitrin/shared/pricing';

/** VAT rate of shipping and the cash-on-delivery fee (services at the standard rate). */
export const SERVICE_VAT_RATE = 20;

export interface TotalsLine {
  /** Unit price × quantity, TRY minor units, VAT included. */
  grossMinor: number;
  vatRate: number;
  /** A virtual product (stock type 4): never shipped. */
  virtual: boolean;
  /** Whether the applied coupon discounts this line (its category is in the coupon's scope). */
  discountable: boolean;
  /** (Instalment unit price − sale unit price) × quantity when positive, else 0. */
  instalmentExtraMinor: number;
}

export interface CouponTerms {
  kind: 'percent' | 'amount';
  /** Whole percent (1-100), or TRY minor units. */
  value: number;
}

export interface ShippingRules {
  shippingFeeMinor: number;
  /** 0: shipping is never free. */
  freeShippingThresholdMinor: number;
  codFeeMinor: number;
}

export interface TotalsOptions {
  coupon?: CouponTerms | null | undefined;
  method?: PaymentMethod | undefined;
  instalments?: number | undefined;
}

export interface ComputedTotals extends CartTotals {
  /** The discount share of each line, in the order of the lines given. */
  lineDiscounts: number[];
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Splits `amount` into parts proportional to `weights` that add up to `amount` exactly: each part is the
 * floor of its exact share, and the minor units left over go one each to the largest fractional remainders
 * (the earlier line first on a tie). Weights of zero get nothing; all-zero weights give all zeros.
 */
export function distribute(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (amount === 0 || total === 0n) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const parts = exact.map((e) => e / total);
  let left = amount - Number(parts.reduce((a, b) => a + b, 0n));
  const byRemainder = exact
    .map((e, index) => ({ index, remainder: e % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index]! += 1n;
    left -= 1;
  }
  return parts.map(Number);
}

/** The discount a coupon gives on the eligible lines: percent rounded half away from zero, amount capped. */
export function couponDiscount(lines: readonly TotalsLine[], coupon: CouponTerms | null | undefined): number {
  if (!coupon) return 0;
  const eligible = sum(lines.filter((l) => l.discountable).map((l) => l.grossMinor));
  if (eligible <= 0) return 0;
  if (coupon.kind === 'amount') return Math.min(coupon.value, eligible);
  const percent = Math.min(100, Math.max(0, coupon.value));
  return Number(divideRoundHalfAwayFromZero(BigInt(eligible) * BigInt(percent), 100n));
}

/** Every total of a cart (or of an order about to be placed) for a payment method; see the module rules. */
export function computeTotals(
  lines: readonly TotalsLine[],
  rules: ShippingRules,
  { coupon, method, instalments = 1 }: TotalsOptions = {},
): ComputedTotals {
  const subtotalMinor = sum(lines.map((l) => l.grossMinor));
  const discountMinor = couponDiscount(lines, coupon);
  const lineDiscounts = distribute(
    discountMinor,
    lines.map((l) => (l.discountable ? l.grossMinor : 0)),
  );
  const afterDiscount = subtotalMinor - discountMinor;

  const needsShipping = lines.some((l) => !l.virtual);
  const threshold = rules.freeShippingThresholdMinor;
  const freeShipping = threshold > 0 && afterDiscount >= threshold;
  const shippingMinor = needsShipping && !freeShipping ? rules.shippingFeeMinor : 0;
  const remainingForFreeShippingMinor =
    needsShipping && threshold > 0 ? Math.max(0, threshold - afterDiscount) : 0;
  const codFeeMinor = method === 'cod' && needsShipping ? rules.codFeeMinor : 0;
  const paysInstalments = method === 'card' && instalments > 1;
  const instalmentFeeMinor = paysInstalments ? sum(lines.map((l) => l.instalmentExtraMinor)) : 0;

  const byRate = new Map<number, VatLineView>();
  const add = (rate: number, grossMinor: number) => {
    if (grossMinor === 0) return;
    const entry = byRate.get(rate) ?? { rate, grossMinor: 0, vatMinor: 0 };
    entry.grossMinor += grossMinor;
    entry.vatMinor += vatPortion(grossMinor, rate);
    byRate.set(rate, entry);
  };
  lines.forEach((line, i) => {
    const extra = paysInstalments ? line.instalmentExtraMinor : 0;
    add(line.vatRate, line.grossMinor - lineDiscounts[i]! + extra);
  });
  add(SERVICE_VAT_RATE, shippingMinor);
  add(SERVICE_VAT_RATE, codFeeMinor);

  return {
    subtotalMinor,
    discountMinor,
    shippingMinor,
    codFeeMinor,
    instalmentFeeMinor,
    totalMinor: afterDiscount + shippingMinor + codFeeMinor + instalmentFeeMinor,
    vatLines: [...byRate.values()].sort((a, b) => a.rate - b.rate),
    needsShipping,
    freeShippingThresholdMinor: threshold,
    remainingForFreeShippingMinor,
    lineDiscounts,
  };
}
