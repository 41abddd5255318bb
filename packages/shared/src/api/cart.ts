/**
 * The cart, coupons and checkout as the storefront and API clients see them (REST under `/api/front`).
 * Types and constants only: no zod, so route modules and components import it without growing the
 * browser bundle. The request schemas that validate these on the server live in `cart-requests.ts`.
 *
 * REST (all answers `private, no-store`; errors are `{ error: { code, message, fields? } }` in Turkish):
 * - `GET    /api/front/cart`                      → CartView (an empty cart when there is none yet)
 * - `GET    /api/front/cart/count`                → { count } (header badge; cheap)
 * - `POST   /api/front/cart/items`                AddToCartRequest → 201 CartView
 * - `PATCH  /api/front/cart/items/{lineId}`       { quantity } → CartView
 * - `DELETE /api/front/cart/items/{lineId}`       → CartView
 * - `POST   /api/front/cart/coupon`               { code } → CartView, or 4xx with a CouponErrorCode
 * - `DELETE /api/front/cart/coupon`               → CartView
 * - `POST   /api/front/cart/uploads`              multipart `file` (JPEG/PNG/WebP, ≤ 5 MB, checked by
 *                                                 content) → 201 { path } for a designable product's image
 * - `GET    /api/front/coupons`                   → PublicCoupon[] (the `/coupons` page)
 * - `POST   /api/front/checkout/quote`            CheckoutQuoteRequest → CheckoutQuote (totals for a method)
 * - `POST   /api/front/checkout`                  CheckoutRequest + header `Idempotency-Key` → 201 PlacedOrder
 *
 * A guest's cart is found by the `vitrin_cart` cookie (httpOnly, SameSite=Lax, 30 days; set by the first
 * write); a logged-in customer's by their session, and the guest cart is merged into it at login
 * (quantities added, capped by stock). API clients without cookies send `X-Cart-Token` instead.
 */

import type { OrderPaymentStatus } from '../order-states.ts';
import type { ApiErrorBody } from './error-body.ts';

export const CART_COOKIE = 'vitrin_cart';
export const CART_TOKEN_HEADER = 'x-cart-token';
/** Most of one line a cart takes (also the bound of a quantity field). */
export const MAX_LINE_QUANTITY = 999;
/** Most distinct lines in one cart. */
export const MAX_CART_LINES = 50;
/**
 * Most one order may come to (50 000 000 TL, in kuruş): far above what a shop sells online, so only a
 * mistake or a probe meets it, and it is refused with a message at the cart, the quote and checkout
 * instead of reaching the payment provider. Order money columns are 64-bit, well above it.
 */
export const MAX_ORDER_TOTAL_MINOR = 5_000_000_000;
/** Personalization image upload bound. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface CartPersonalizationInput {
  /** Text per personalization field key of the product. */
  fields: Record<string, string>;
  /** A path returned by `POST /api/front/cart/uploads`, when the product allows an image. */
  image?: string;
}

export interface AddToCartRequest {
  productId: number;
  /** Required for a variant product (stock type 2), refused for the others. */
  variantId?: number;
  quantity: number;
  /** Required for a designable product (stock type 3) with required fields, refused for the others. */
  personalization?: CartPersonalizationInput;
}

export interface CartLineView {
  id: number;
  productId: number;
  slug: string;
  name: string;
  sku: string;
  image: string | null;
  stockType: number;
  variantId: number | null;
  /** `{ Renk: 'Mavi' }` for a variant line. */
  options: Record<string, string>;
  personalization: CartPersonalizationInput | null;
  quantity: number;
  /** TRY minor units, VAT included (personalization surcharge included). */
  unitPriceMinor: number;
  lineTotalMinor: number;
  vatRate: number;
  /** The most this line may hold now (stock, or MAX_LINE_QUANTITY when unlimited). 0: out of stock. */
  maxQuantity: number;
  /** Set when the unit price changed since the line was added. */
  priceChange: { fromMinor: number; toMinor: number } | null;
  /** A Turkish sentence when the line cannot be bought as it is (out of stock, fewer left, inactive). */
  problem: string | null;
}

export interface VatLineView {
  rate: number;
  grossMinor: number;
  vatMinor: number;
}

export interface CartTotals {
  /** Sum of the line totals (VAT included). */
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  /** Only at checkout with Kapıda Ödeme. */
  codFeeMinor: number;
  /** Only at checkout with card instalments priced above the sale price. */
  instalmentFeeMinor: number;
  totalMinor: number;
  /** VAT contained in the total, per rate, after discount (one rounding rule: `vatPortion`). */
  vatLines: VatLineView[];
  /** False for a cart of virtual products only (no shipping, no cash on delivery). */
  needsShipping: boolean;
  /** 0 when the shop offers no free shipping. */
  freeShippingThresholdMinor: number;
  /** How much more for free shipping; 0 once reached. */
  remainingForFreeShippingMinor: number;
}

export type CouponErrorCode =
  | 'KUPON_BULUNAMADI'
  | 'KUPON_HENUZ_BASLAMADI'
  | 'KUPON_SURESI_DOLDU'
  | 'KUPON_SEPET_TUTARI_YETERSIZ'
  | 'KUPON_LIMITI_DOLDU'
  | 'KUPON_KULLANIM_HAKKI_DOLDU'
  | 'KUPON_UYGULANAMAZ';

export interface AppliedCoupon {
  code: string;
  description: string;
  discountMinor: number;
}

export interface CartView {
  lines: CartLineView[];
  /** Sum of quantities (the header badge). */
  count: number;
  totals: CartTotals;
  coupon: AppliedCoupon | null;
  /** The applied coupon no longer applies (e.g. the basket fell below its minimum): why, in Turkish. */
  couponProblem: { code: CouponErrorCode; message: string } | null;
  /** True when every line can be bought as it is (no `problem`). */
  canCheckout: boolean;
}

export interface PublicCoupon {
  code: string;
  description: string;
  kind: 'percent' | 'amount';
  /** Whole percent, or TRY minor units. */
  value: number;
  minBasketMinor: number;
  /** ISO time, or null for no end. */
  endsAt: string | null;
  /** Limited to a category: its name and slug. */
  category: { slug: string; name: string } | null;
}

export type PaymentMethod = 'card' | 'transfer' | 'cod';
export const INSTALMENT_CHOICES = [1, 2, 3, 6, 9, 12] as const;

export interface CheckoutQuoteRequest {
  paymentMethod: PaymentMethod;
  /** Card only; 1 for a single payment. */
  instalments?: number;
}

export interface CheckoutQuote {
  totals: CartTotals;
  /** Which methods this cart may use (no cash on delivery for virtual products only). */
  methods: PaymentMethod[];
  /** Card instalment options with their totals (from the instalment prices, price type 4). */
  instalments: Array<{ count: number; totalMinor: number; monthlyMinor: number }>;
  /** Shown for Havale / EFT. */
  bankAccounts: Array<{ bank: string; holder: string; iban: string }>;
}

/** An address typed at checkout (same fields and rules as the address book, without its title). */
export interface CheckoutAddressInput {
  firstName: string;
  lastName: string;
  phone: string;
  provinceCode: number;
  district: string;
  line: string;
  postcode?: string;
  billingType?: 'individual' | 'corporate';
  tcKimlikNo?: string;
  companyName?: string;
  taxNumber?: string;
  taxOffice?: string;
}

/**
 * Guest checkout gives addresses; a customer may give saved address ids instead (`shippingAddressId`,
 * `billingAddressId`, their own only). `billingSameAsShipping` copies the shipping address (which then
 * needs its invoice fields). Prices and totals are never taken from the request: the server computes them.
 */
export interface CheckoutRequest {
  email?: string;
  phone?: string;
  shippingAddress?: CheckoutAddressInput;
  shippingAddressId?: number;
  billingSameAsShipping?: boolean;
  billingAddress?: CheckoutAddressInput;
  billingAddressId?: number;
  paymentMethod: PaymentMethod;
  instalments?: number;
  /** Ön bilgilendirme formu and mesafeli satış sözleşmesi: must be true. */
  acceptTerms: boolean;
  note?: string;
  /** Guest only: also open an account with this password. */
  createAccountPassword?: string;
}

export interface PlacedOrder {
  orderNo: string;
  status: number;
  paymentMethod: PaymentMethod;
  paymentStatus: OrderPaymentStatus;
  totalMinor: number;
  /** Where the shopper goes next: `/secure-pay?...` for a card, else `/order-success?...`. */
  next: string;
  /**
   * Only when a guest asked for an account (`createAccountPassword`): whether it was opened (the answer then
   * also logs the shopper in), and a Turkish sentence saying so or why not. The order stands either way.
   */
  account?: { created: boolean; message: string };
}

export type CartError = ApiErrorBody['error'];
