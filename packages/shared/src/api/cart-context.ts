/**
 * What the server gives the `/cart` page in the load context: this request's cart (the guest cart cookie or
 * the logged-in customer's) and the changes its plain form posts make (lines, the coupon). Types only (no zod).
 */
import type { FormFields, Result } from './account-context.ts';
import type { CartView } from './cart.ts';

export interface CartContext {
  view(): Promise<CartView>;
  /** A product page's `Sepete Ekle` form: `productId`, `variantId`, `quantity`, `p_<field key>` texts. */
  add(fields: FormFields): Promise<Result<CartView>>;
  setQuantity(lineId: string, quantity: string): Promise<Result<CartView>>;
  remove(lineId: string): Promise<Result<CartView>>;
  /** Counted with the REST route's coupon attempts (429 when over). */
  applyCoupon(code: string): Promise<Result<CartView>>;
  removeCoupon(): Promise<Result<CartView>>;
}
