import type { CartView, CheckoutQuote, PlacedOrder, PublicCoupon } from '@vitrin/shared/api/cart';
import { z } from '@vitrin/shared/zod';
import { crossOrigin, errorAnswer, maintenance } from '../route.ts';

/** What the cart and checkout API answer (the shared module has these as types only: the browser needs no zod). */
const personalization = z.object({ fields: z.record(z.string(), z.string()), image: z.string().optional() });
const money = (description: string) =>
  z.number().int().describe(`${description} (TRY minor units, VAT included)`);

const cartTotals = z.object({
  subtotalMinor: money('Sum of the line totals'),
  discountMinor: money('Coupon discount'),
  shippingMinor: money('Shipping; free at the threshold measured after the discount'),
  codFeeMinor: money('Cash-on-delivery fee (checkout with cod only)'),
  instalmentFeeMinor: money('Instalment prices above the sale prices (card with instalments only)'),
  totalMinor: money('Grand total'),
  vatLines: z.array(
    z.object({ rate: z.number().int(), grossMinor: z.number().int(), vatMinor: z.number().int() }),
  ),
  needsShipping: z.boolean(),
  freeShippingThresholdMinor: z.number().int(),
  remainingForFreeShippingMinor: z.number().int(),
});

const cartLine = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  sku: z.string(),
  image: z.string().nullable(),
  stockType: z.number().int(),
  variantId: z.number().int().nullable(),
  options: z.record(z.string(), z.string()),
  personalization: personalization.nullable(),
  quantity: z.number().int(),
  unitPriceMinor: z.number().int(),
  lineTotalMinor: z.number().int(),
  vatRate: z.number().int(),
  maxQuantity: z.number().int(),
  priceChange: z.object({ fromMinor: z.number().int(), toMinor: z.number().int() }).nullable(),
  problem: z.string().nullable().describe('Turkish: out of stock, fewer left, no longer sold'),
});

const couponCodes = z.enum([
  'KUPON_BULUNAMADI',
  'KUPON_HENUZ_BASLAMADI',
  'KUPON_SURESI_DOLDU',
  'KUPON_SEPET_TUTARI_YETERSIZ',
  'KUPON_LIMITI_DOLDU',
  'KUPON_KULLANIM_HAKKI_DOLDU',
  'KUPON_UYGULANAMAZ',
]);

export const cartView = z.object({
  lines: z.array(cartLine),
  count: z.number().int(),
  totals: cartTotals,
  coupon: z.object({ code: z.string(), description: z.string(), discountMinor: z.number().int() }).nullable(),
  couponProblem: z.object({ code: couponCodes, message: z.string() }).nullable(),
  canCheckout: z.boolean(),
}) satisfies z.ZodType<CartView>;

export const publicCoupon = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number().int().describe('Whole percent, or TRY minor units'),
  minBasketMinor: z.number().int(),
  endsAt: z.string().nullable(),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
}) satisfies z.ZodType<PublicCoupon>;

const methods = z.enum(['card', 'transfer', 'cod']);
export const checkoutQuote = z.object({
  totals: cartTotals,
  methods: z.array(methods),
  instalments: z.array(
    z.object({ count: z.number().int(), totalMinor: z.number().int(), monthlyMinor: z.number().int() }),
  ),
  bankAccounts: z.array(z.object({ bank: z.string(), holder: z.string(), iban: z.string() })),
}) satisfies z.ZodType<CheckoutQuote>;

export const placedOrder = z.object({
  orderNo: z.string(),
  status: z.number().int(),
  paymentMethod: methods,
  paymentStatus: z.enum(['pending', 'paid', 'failed', 'not_required', 'refund_pending', 'refunded']),
  totalMinor: z.number().int(),
  next: z.string().describe('/secure-pay?order=…&token=… for a card, else /order-success?order=…&token=…'),
  account: z
    .object({ created: z.boolean(), message: z.string() })
    .optional()
    .describe('Only when a guest asked for an account'),
}) satisfies z.ZodType<PlacedOrder>;

/** The cart's error answers every write may give. */
export const refused = {
  400: errorAnswer('GECERSIZ_ISTEK (fields), or another input error'),
  ...crossOrigin,
  ...maintenance,
};
