import type { CustomerProfile } from '@vitrin/shared/api/account';
import type { CheckoutQuote, PaymentMethod } from '@vitrin/shared/api/cart';
import { type AppLoadContext, redirect } from 'react-router';
import { NO_STORE } from '../account/meta.ts';
import { failed, formFields, redirectWithCookies, valueOrThrow } from '../account/session.server.ts';

interface Args {
  request: Request;
  context: AppLoadContext;
}

/**
 * What both checkout pages show: the cart (an empty one goes back to /cart), the totals of every payment
 * method the cart may use (the page switches between them without asking again), and a fresh
 * idempotency key for this form: however often it is sent, it places one order.
 */
export async function checkoutData({ request, context }: Args) {
  const cart = await context.checkout.cart();
  if (cart.lines.length === 0) throw redirect('/cart', { headers: NO_STORE });
  const card = valueOrThrow(request, await context.checkout.quote('card'));
  const quotes: Partial<Record<PaymentMethod, CheckoutQuote>> = { card };
  for (const method of card.methods) {
    if (method !== 'card') quotes[method] = valueOrThrow(request, await context.checkout.quote(method));
  }
  return { cart, quotes, methods: card.methods, idempotencyKey: crypto.randomUUID() };
}

export type CheckoutData = Awaited<ReturnType<typeof checkoutData>>;

/** The form's action on both pages: the order, then the payment page or the success page. */
export async function placeOrder({ request, context }: Args) {
  const fields = await formFields(request);
  // The form asks a guest's phone once, in the address; the order takes it as its contact number too.
  const addressPhone = fields['shippingAddress.phone'] ?? fields['billingAddress.phone'];
  if (fields.phone === undefined && typeof addressPhone === 'string' && addressPhone.trim()) {
    fields.phone = addressPhone;
  }
  const key = typeof fields.idempotencyKey === 'string' ? fields.idempotencyKey : '';
  const result = await context.checkout.place(fields, key);
  if (!result.ok) return failed(request, result, fields);
  return redirectWithCookies(result.value.next, result.setCookie);
}

/** A customer who opens the guest checkout is taken to theirs (saved addresses, orders in the panel). */
export async function redirectCustomerToUserCheckout({ context }: Args): Promise<void> {
  const customer: CustomerProfile | null = await context.account.customer();
  if (customer) throw redirect('/user-checkout', { headers: NO_STORE });
}
