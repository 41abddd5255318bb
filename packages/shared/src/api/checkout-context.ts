/**
 * What the server gives the checkout pages (`/checkout`, `/user-checkout`) in the load context. Types only
 * (no zod). The cart is this request's: the guest cart cookie, or the logged-in customer's cart. The
 * posted form's fields are flat, with dotted names for the addresses (`shippingAddress.firstName`), the
 * same paths the server names in its field errors; the server builds the `CheckoutRequest` from them.
 */
import type { FormFields, Result } from './account-context.ts';
import type { CartView, CheckoutQuote, PaymentMethod, PlacedOrder } from './cart.ts';

export interface CheckoutContext {
  cart(): Promise<CartView>;
  /** Totals with this payment method (and card instalments), the methods the cart may use, bank accounts. */
  quote(paymentMethod: PaymentMethod, instalments?: number): Promise<Result<CheckoutQuote>>;
  /**
   * Places the order. `idempotencyKey` comes from the form (made when the page was rendered): a double
   * submit or a resent form gives the same order.
   */
  place(fields: FormFields, idempotencyKey: string): Promise<Result<PlacedOrder>>;
}
