import type { CartLineView, CartView, CouponErrorCode, PaymentMethod } from '@vitrin/shared/api/cart';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import type { PriceContext } from '@vitrin/shared/pricing';
import type { CouponRow } from '../coupons/rules.ts';
import type { CouponService } from '../coupons/service.ts';
import type { Db } from '../db/client.ts';
import type { cartItems, carts } from '../db/schema.ts';
import type { Settings } from '../settings/registry.ts';
import {
  type CatalogueSlice,
  loadCatalogue,
  maxQuantityOf,
  type PricedItem,
  priceItem,
} from './catalogue.ts';
import type { Shopper } from './owner.ts';
import { type ComputedTotals, computeTotals, type ShippingRules, type TotalsLine } from './totals.ts';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
/** What pricing reads of a cart line. */
export type CartLine = Pick<
  CartItemRow,
  'id' | 'productId' | 'variantId' | 'quantity' | 'personalization' | 'addedPriceMinor'
>;
/** What pricing reads of a cart. */
export type CartHead = Pick<CartRow, 'id' | 'couponCode'>;

/** A line with what the catalogue says about it now. */
export interface PricedLine {
  row: CartLine;
  /** Null when the product was deleted. */
  item: PricedItem | null;
  view: CartLineView;
}

export interface PricedCart {
  cart: CartHead | null;
  lines: PricedLine[];
  /** The applied coupon when it applies now. */
  coupon: CouponRow | null;
  couponProblem: { code: CouponErrorCode; message: string } | null;
  totals: ComputedTotals;
  /** The same lines and coupon with another payment method (the quote's instalment options). */
  totalsFor(method: PaymentMethod, instalments?: number): ComputedTotals;
  view: CartView;
}

export function shippingRules(s: Settings): ShippingRules {
  return {
    shippingFeeMinor: s.shipping_fee,
    freeShippingThresholdMinor: s.free_shipping_threshold,
    codFeeMinor: s.cod_fee,
  };
}

export function priceContext(s: Settings, shopper: Pick<Shopper, 'wholesale'>): PriceContext {
  return {
    usdRate: s.usd_rate,
    eurRate: s.eur_rate,
    rounding: s.price_rounding,
    wholesale: shopper.wholesale,
  };
}

/** The Turkish sentence for a line that cannot be bought as it is. */
function problemOf(item: PricedItem | null, quantity: number): string | null {
  if (!item?.sold) return 'Bu ürün artık satılmıyor; lütfen sepetinizden çıkarın.';
  if (item.stock !== null && item.stock <= 0) return 'Bu ürün tükendi; lütfen sepetinizden çıkarın.';
  if (item.stock !== null && item.stock < quantity) {
    return `Bu üründen yalnızca ${item.stock} adet kaldı; lütfen adedi azaltın.`;
  }
  return null;
}

function lineView(row: CartLine, item: PricedItem | null): CartLineView {
  const unit = item?.sold ? item.unitPriceMinor : 0;
  return {
    id: row.id,
    productId: row.productId,
    slug: item?.product.slug ?? '',
    name: item?.product.name ?? '',
    sku: item?.sku ?? '',
    image: item?.image ?? null,
    stockType: item?.product.stockType ?? 1,
    variantId: row.variantId,
    options: item?.options ?? {},
    personalization: row.personalization ?? null,
    quantity: row.quantity,
    unitPriceMinor: unit,
    lineTotalMinor: unit * row.quantity,
    vatRate: item?.vatRate ?? 0,
    maxQuantity: item ? maxQuantityOf(item) : 0,
    priceChange:
      item?.sold && row.addedPriceMinor !== unit ? { fromMinor: row.addedPriceMinor, toMinor: unit } : null,
    problem: problemOf(item, row.quantity),
  };
}

export interface PriceCartOptions {
  settings: Settings;
  coupons: CouponService;
  shopper: Shopper;
  method?: PaymentMethod | undefined;
  instalments?: number | undefined;
}

/**
 * Prices a cart from the catalogue as it is now (never from anything the client sent), checks its coupon
 * again and computes the totals. Lines that can no longer be bought show their problem and count nowhere.
 * Runs on `db` or inside a transaction (checkout).
 */
export async function priceCart(
  db: Db,
  cart: CartHead | null,
  rows: readonly CartLine[],
  { settings, coupons, shopper, method, instalments }: PriceCartOptions,
  /** The catalogue already read for these lines (in the same transaction), if any. */
  read?: CatalogueSlice,
): Promise<PricedCart> {
  const slice =
    read && rows.every((r) => read.products.has(r.productId)) ? read : await loadCatalogue(db, rows);
  const ctx = priceContext(settings, shopper);
  const lines: PricedLine[] = rows.map((row) => {
    const item = priceItem(slice, row, ctx);
    return { row, item, view: lineView(row, item) };
  });
  const counted = lines.filter((l) => l.item?.sold);

  let coupon: CouponRow | null = null;
  let shown: Pick<CouponRow, 'code' | 'description'> | null = null;
  let couponProblem: PricedCart['couponProblem'] = null;
  let eligible = counted.map(() => false);
  if (cart?.couponCode) {
    const evaluation = await coupons.evaluate(
      cart.couponCode,
      counted.map((l) => ({ categoryId: l.item!.product.categoryId, grossMinor: l.view.lineTotalMinor })),
      { customerId: shopper.customerId, email: shopper.email },
      db,
    );
    shown = evaluation.coupon ?? { code: cart.couponCode, description: '' };
    if (evaluation.ok) {
      coupon = evaluation.coupon;
      eligible = evaluation.eligible;
    } else {
      couponProblem = { code: evaluation.code, message: evaluation.message };
    }
  }

  const totalsLines: TotalsLine[] = counted.map((l, i) => ({
    grossMinor: l.view.lineTotalMinor,
    vatRate: l.view.vatRate,
    virtual: l.item!.product.stockType === STOCK_TYPE.Virtual,
    discountable: eligible[i]!,
    instalmentExtraMinor: l.item!.instalmentExtraMinor * l.row.quantity,
  }));
  const rules = shippingRules(settings);
  const totals = computeTotals(totalsLines, rules, { coupon, method, instalments });
  const { lineDiscounts: _, ...cartTotals } = totals;

  return {
    cart,
    lines,
    coupon,
    couponProblem,
    totals,
    totalsFor: (m, n) => computeTotals(totalsLines, rules, { coupon, method: m, instalments: n }),
    view: {
      lines: lines.map((l) => l.view),
      count: lines.reduce((a, l) => a + l.row.quantity, 0),
      totals: cartTotals,
      // A coupon that no longer applies is still shown (with its reason), so the shopper can remove it.
      coupon: shown
        ? { code: shown.code, description: shown.description, discountMinor: totals.discountMinor }
        : null,
      couponProblem,
      canCheckout: lines.length > 0 && lines.every((l) => l.view.problem === null),
    },
  };
}
