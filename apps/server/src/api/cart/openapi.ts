import type { CartView, CheckoutQuote, PlacedOrder, PublicCoupon } from '@vitrin/shared/api/cart';
import {
  addToCartInput,
  checkoutInput,
  checkoutQuoteInput,
  couponInput,
  updateQuantityInput,
} from '@vitrin/shared/api/cart-requests';
import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import { z } from '@vitrin/shared/zod';
import type { Operation } from '../operation.ts';

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

const cartView = z.object({
  lines: z.array(cartLine),
  count: z.number().int(),
  totals: cartTotals,
  coupon: z.object({ code: z.string(), description: z.string(), discountMinor: z.number().int() }).nullable(),
  couponProblem: z.object({ code: couponCodes, message: z.string() }).nullable(),
  canCheckout: z.boolean(),
}) satisfies z.ZodType<CartView>;

const publicCoupon = z.object({
  code: z.string(),
  description: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number().int().describe('Whole percent, or TRY minor units'),
  minBasketMinor: z.number().int(),
  endsAt: z.string().nullable(),
  category: z.object({ slug: z.string(), name: z.string() }).nullable(),
}) satisfies z.ZodType<PublicCoupon>;

const methods = z.enum(['card', 'transfer', 'cod']);
const checkoutQuote = z.object({
  totals: cartTotals,
  methods: z.array(methods),
  instalments: z.array(
    z.object({ count: z.number().int(), totalMinor: z.number().int(), monthlyMinor: z.number().int() }),
  ),
  bankAccounts: z.array(z.object({ bank: z.string(), holder: z.string(), iban: z.string() })),
}) satisfies z.ZodType<CheckoutQuote>;

const placedOrder = z.object({
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

const error = (description: string) => ({ description, schema: apiErrorBodySchema });
const common = {
  400: error('GECERSIZ_ISTEK (fields), or another input error'),
  403: error('KAYNAK_REDDEDILDI: a cookie-carrying write from another site'),
  503: error('Mağaza bakımda (yazma istekleri)'),
};
const cartAnswer = (status: number, description: string) => ({ [status]: { description, schema: cartView } });

/** The cart, coupon and checkout routes as OpenAPI operations (`openapi.ts` lists them with the rest). */
export const cartOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/front/cart',
    summary: "The shopper's cart (customer session, else the vitrin_cart cookie or X-Cart-Token), priced now",
    tag: 'cart',
    responses: cartAnswer(200, 'Cart (empty when there is none)'),
  },
  {
    method: 'get',
    path: '/api/front/cart/count',
    summary: 'Sum of the quantities (header badge)',
    tag: 'cart',
    responses: { 200: { description: 'Count', schema: z.object({ count: z.number().int() }) } },
  },
  {
    method: 'post',
    path: '/api/front/cart/items',
    summary:
      'Adds a product (variant for stock type 2, personalization for type 3) or raises its line; a guest’s first write sets the cart cookie and answers X-Cart-Token',
    tag: 'cart',
    body: addToCartInput,
    responses: {
      ...cartAnswer(201, 'Cart'),
      ...common,
      404: error('URUN_BULUNAMADI'),
      409: error('STOK_YETERSIZ, ADET_SINIRI, SEPET_DOLU, SIPARIS_TUTARI_SINIRI'),
    },
  },
  {
    method: 'patch',
    path: '/api/front/cart/items/{lineId}',
    summary: 'Sets the quantity of a line (1..999, at most the stock)',
    tag: 'cart',
    body: updateQuantityInput,
    responses: {
      ...cartAnswer(200, 'Cart'),
      ...common,
      404: error('SATIR_BULUNAMADI'),
      409: error('STOK_YETERSIZ, SIPARIS_TUTARI_SINIRI'),
    },
  },
  {
    method: 'delete',
    path: '/api/front/cart/items/{lineId}',
    summary: 'Removes a line',
    tag: 'cart',
    responses: { ...cartAnswer(200, 'Cart'), 403: common[403], 404: error('SATIR_BULUNAMADI') },
  },
  {
    method: 'post',
    path: '/api/front/cart/coupon',
    summary: 'Applies a coupon code (any letter case)',
    tag: 'cart',
    body: couponInput,
    responses: {
      ...cartAnswer(200, 'Cart'),
      ...common,
      404: error(
        'KUPON_BULUNAMADI: unknown, or a private coupon that nobody can use now (not started, ended, used up)',
      ),
      422: error(
        'KUPON_HENUZ_BASLAMADI, KUPON_SURESI_DOLDU, KUPON_LIMITI_DOLDU (public coupons), KUPON_SEPET_TUTARI_YETERSIZ, KUPON_KULLANIM_HAKKI_DOLDU, KUPON_UYGULANAMAZ',
      ),
      429: error('COK_FAZLA_ISTEK: 10 codes per cart or 30 per address in 10 minutes (Retry-After)'),
    },
  },
  {
    method: 'delete',
    path: '/api/front/cart/coupon',
    summary: 'Removes the coupon',
    tag: 'cart',
    responses: { ...cartAnswer(200, 'Cart'), 403: common[403] },
  },
  {
    method: 'post',
    path: '/api/front/cart/uploads',
    summary:
      'Uploads a personalization image (multipart/form-data field `file`; JPEG, PNG or WebP by content, at most 5 MB) into the cart (a guest gets one); unused images are deleted after an hour',
    tag: 'cart',
    responses: {
      201: {
        description: 'Stored',
        schema: z.object({ path: z.string().describe('personalization/<random>.<ext>') }),
      },
      400: error('DOSYA_GEREKLI'),
      403: common[403],
      413: error('DOSYA_COK_BUYUK'),
      415: error('GORSEL_TURU_GECERSIZ'),
      429: error(
        'COK_FAZLA_ISTEK: 30 an hour per address; GORSEL_SINIRI: the cart holds 10 images no line uses; YUKLEME_ALANI_DOLU: the disk budget of uploads (UPLOADS_BUDGET_MB) is used up until the hourly purge',
      ),
    },
  },
  {
    method: 'get',
    path: '/api/front/coupons',
    summary: 'Public coupons that have not ended, soonest end first (the /coupons page)',
    tag: 'coupons',
    responses: { 200: { description: 'Coupons', schema: z.array(publicCoupon) } },
  },
  {
    method: 'post',
    path: '/api/front/checkout/quote',
    summary:
      'Totals for a payment method, the methods this cart may use, instalment options and bank accounts',
    tag: 'checkout',
    body: checkoutQuoteInput,
    responses: {
      200: { description: 'Quote', schema: checkoutQuote },
      ...common,
      409: error('SIPARIS_TUTARI_SINIRI'),
    },
  },
  {
    method: 'post',
    path: '/api/front/checkout',
    summary:
      'Places the order of the cart. Header `Idempotency-Key` (required, ≤ 100 characters): the same key and request give the same order (201 again)',
    tag: 'checkout',
    body: checkoutInput,
    responses: {
      201: { description: 'Order placed (or the same order again)', schema: placedOrder },
      ...common,
      404: error('ADRES_BULUNAMADI, KUPON_BULUNAMADI'),
      409: error(
        'STOK_YETERSIZ, SEPET_BOS, URUN_SATISTA_DEGIL, IDEMPOTENCY_KEY_REUSED, SIPARIS_TUTARI_SINIRI',
      ),
      422: error('A coupon that no longer applies (its KUPON_* code)'),
    },
  },
];
