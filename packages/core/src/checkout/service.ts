import type { CheckoutQuote, CheckoutQuoteRequest, PlacedOrder } from '@vitrin/shared/api/cart';
import { eq } from 'drizzle-orm';
import type { CartOwner } from '../cart/owner.ts';
import type { CartService } from '../cart/service.ts';
import type { CouponService } from '../coupons/service.ts';
import type { CustomerService, NewLogin } from '../customers/service.ts';
import type { Db } from '../db/client.ts';
import { couponUses, orders } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { OrderParts, OrderRow } from '../orders/queries.ts';
import type { SettingsService } from '../settings/service.ts';
import { type CheckoutBuyer, placedOrder, placeOrder } from './place-order.ts';

/** What checkout needs of the orders service (the guest link token, the order's e-mails). */
export interface OrderHooks {
  /** Resolves once `accessToken` may be called. */
  ready?(): Promise<void>;
  accessToken(orderNo: string): string;
  /** Read before the order's transaction; its `placed` queues the e-mails inside it. */
  mailWriter(): Promise<{
    placed(tx: Db, placed: { order: OrderRow; parts: OrderParts }): Promise<void>;
  }>;
  /** After the commit: sends the queued e-mails. */
  sendQueuedMail(): void;
}

export interface CheckoutLogger {
  error(fields: Record<string, unknown>, message: string): void;
}

export interface CheckoutServiceOptions {
  settings: SettingsService;
  cart: CartService;
  coupons: CouponService;
  customers: CustomerService;
  orders: OrderHooks;
  /** Whether a card provider takes payments now (none configured: transfer and cash on delivery only). */
  cardPayments?: () => Promise<boolean>;
  now?: () => Date;
  logger?: CheckoutLogger;
}

/** A guest's "also open an account" at checkout, decided after the order was placed. */
export interface CheckoutAccount {
  created: boolean;
  /** Turkish: the account is open, or why it could not be (the order stands either way). */
  message: string;
  /** The new account's login and the browser's first device cookie (the HTTP layer sets both cookies). */
  session?: NewLogin;
}

export interface CheckoutResult {
  order: PlacedOrder;
  orderId: number;
  /** The same Idempotency-Key and request placed this order before: nothing new happened. */
  replayed: boolean;
  account?: CheckoutAccount;
}

/**
 * Checkout: the quote of the payment step and placing the order (`place-order.ts`). The order's e-mails
 * are queued in its transaction (`mailWriter().placed`) and sent after the commit. A guest who
 * asked for an account gets one through the customer service's own registration (same validation, same
 * welcome e-mail). That happens after the commit on purpose: a refused or failed registration (e.g. the
 * address already has an account) must not lose an order that was placed and maybe paid for. The new
 * account then owns the order.
 */
export function createCheckoutService(db: Db, options: CheckoutServiceOptions) {
  const { settings, cart, coupons, customers, orders: orderHooks } = options;
  const now = options.now ?? (() => new Date());
  const cardPayments = options.cardPayments ?? (async () => true);
  const logger: CheckoutLogger = options.logger ?? {
    error: (fields, message) => console.error(message, fields),
  };

  async function nextFor(orderNo: string, method: PlacedOrder['paymentMethod']): Promise<string> {
    await orderHooks.ready?.();
    const query = `order=${encodeURIComponent(orderNo)}&token=${encodeURIComponent(orderHooks.accessToken(orderNo))}`;
    return method === 'card' ? `/secure-pay?${query}` : `/order-success?${query}`;
  }

  async function openAccount(
    orderId: number,
    order: { email: string; phone: string; billingAddress: { firstName: string; lastName: string } },
    password: string,
  ): Promise<CheckoutAccount> {
    try {
      const session = await customers.register({
        firstName: order.billingAddress.firstName,
        lastName: order.billingAddress.lastName,
        email: order.email,
        phone: order.phone,
        password,
        // The checkout form shows the KVKK notice next to "create an account", like the registration form.
        kvkk: true,
        marketingConsent: false,
      });
      await db.transaction(async (tx) => {
        await tx.update(orders).set({ customerId: session.customer.id }).where(eq(orders.id, orderId));
        await tx
          .update(couponUses)
          .set({ customerId: session.customer.id })
          .where(eq(couponUses.orderId, orderId));
      });
      return { created: true, message: 'Hesabınız oluşturuldu ve giriş yaptınız.', session };
    } catch (err) {
      if (err instanceof DomainError) {
        return { created: false, message: `Siparişiniz alındı, ancak hesap açılamadı: ${err.message}` };
      }
      logger.error(
        { orderId, reason: err instanceof Error ? err.message : String(err) },
        'account at checkout not created',
      );
      return {
        created: false,
        message:
          'Siparişiniz alındı, ancak hesabınız şu anda açılamadı; daha sonra "Kayıt Ol" ile açabilirsiniz.',
      };
    }
  }

  return {
    async quote(owner: CartOwner, input: CheckoutQuoteRequest, buyer: CheckoutBuyer): Promise<CheckoutQuote> {
      const quote = await cart.quote(owner, input, buyer);
      if (await cardPayments()) return quote;
      return { ...quote, methods: quote.methods.filter((m) => m !== 'card') };
    },

    /** Places the order (see `placeOrder`); 201 with the same body for a replayed Idempotency-Key. */
    async place(
      owner: CartOwner,
      buyer: CheckoutBuyer,
      input: unknown,
      idempotencyKey: unknown,
    ): Promise<CheckoutResult> {
      if (
        (input as { paymentMethod?: unknown } | null)?.paymentMethod === 'card' &&
        !(await cardPayments())
      ) {
        throw new DomainError(
          409,
          'KART_ODEMESI_YOK',
          'Bu mağazada şu anda kartla ödeme alınamıyor; havale / EFT ya da kapıda ödeme seçebilirsiniz.',
        );
      }
      const mails = await orderHooks.mailWriter();
      const placed = await placeOrder(
        { db, settings: settings.all, cart, coupons, now, onPlaced: mails.placed },
        owner,
        buyer,
        input,
        idempotencyKey,
      );
      const { order } = placed;
      const result: CheckoutResult = {
        order: placedOrder(order, await nextFor(order.orderNo, order.paymentMethod)),
        orderId: order.id,
        replayed: placed.replayed,
      };
      if (placed.replayed) return result;
      orderHooks.sendQueuedMail();
      // A guest who asked for an account gets one below, and it will own the order.
      const password = buyer.customerId === null ? placed.data.createAccountPassword : undefined;
      if (password !== undefined) {
        result.account = await openAccount(order.id, order, password);
        result.order = {
          ...result.order,
          account: { created: result.account.created, message: result.account.message },
        };
      }
      return result;
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
