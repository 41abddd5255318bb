/**
 * What the server gives the order pages (`/order-success`, `/secure-pay`, `/panel/orders`) in the load
 * context. Types only (no zod). `token` is a guest link's signed access token (`?token=`); a logged-in
 * customer's own orders need none. Inputs of the payment forms are the raw form fields; the server
 * validates them with the schemas of `order-requests.ts` and answers with a result.
 */
import type { FormFields, Result } from './account-context.ts';
import type { OrderDetail, OrderList, PaymentOutcome, PaymentSession, PaymentStep } from './orders.ts';

export interface OrdersContext {
  /** The logged-in customer's orders, newest first (401 OTURUM_GECERSIZ without a customer). */
  list(page: number): Promise<Result<OrderList>>;
  detail(orderNo: string, token?: string | null): Promise<Result<OrderDetail>>;
  /** While the order is in state 0 or 1. */
  cancel(orderNo: string, token?: string | null): Promise<Result<OrderDetail>>;
  /** "Tekrar Satın Al": the order's lines back into this request's cart (what is still sold, capped by stock). */
  reorder(orderNo: string, token?: string | null): Promise<Result<{ added: number; skipped: number }>>;
  paymentSession(orderNo: string, token?: string | null): Promise<Result<PaymentSession>>;
  /** Fields: order, token, cardNumber, holder, expiryMonth, expiryYear, cvc. Never logged or stored. */
  payByCard(fields: FormFields): Promise<Result<PaymentStep>>;
  /** Fields: challenge, code (the 3-D Secure step). */
  verifyPayment(fields: FormFields): Promise<Result<PaymentOutcome>>;
  /** How many guest orders carry the customer's e-mail address but are not on the account yet. */
  guestOrders(): Promise<Result<number>>;
  /** E-mails the customer a link that adds those orders (when there are any); their count. */
  requestGuestOrdersLink(): Promise<Result<number>>;
  /** The e-mailed link's `token`: adds the guest orders to the account; how many (400 BAGLANTI_GECERSIZ). */
  linkGuestOrders(token: string): Promise<Result<number>>;
}
