import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@vitrin/core/db/client';
import {
  categories,
  coupons,
  couponUses,
  type OrderAddress,
  orderHistory,
  orderItems,
  orders,
  type PaymentMethod,
  payments,
  products,
  productVariants,
} from '@vitrin/core/db/schema';
import { createMailer, type Mailer, type MailMessage } from '@vitrin/core/mail/mailer';
import { TEST_VERIFICATION_CODE } from '@vitrin/core/payments/test-provider';
import { createServices, type Services } from '@vitrin/core/services';
import { and, eq, gte, sql } from 'drizzle-orm';
import { openTestDatabase } from './database.ts';

/**
 * For order and payment tests: a fresh database with a tiny catalogue (a single product with 1000 in stock,
 * a variant with 500, a virtual product with unlimited stock, a coupon with 100 uses) and `placeOrder`, which does
 * what checkout does to the database — order, lines, first history row, stock taken with conditional
 * updates, coupon use recorded — without depending on the checkout code.
 */
export const SHOP_URL = 'https://magaza.example.com';

export const billing: OrderAddress = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  phone: '+905321234567',
  provinceCode: 34,
  province: 'İstanbul',
  district: 'Kadıköy',
  line: 'Caferağa Mah. Moda Cad. No: 1 D: 2',
  postcode: '34710',
  billingType: 'individual',
  tcKimlikNo: '10000000146',
  companyName: null,
  taxNumber: null,
  taxOffice: null,
};

export type LineKind = 'single' | 'variant' | 'virtual';

export interface PlaceOrderInput {
  email?: string;
  customerId?: number | null;
  paymentMethod?: PaymentMethod;
  lines?: Array<{ kind: LineKind; quantity: number }>;
  withCoupon?: boolean;
  /** Minutes until an unpaid card order expires (negative: already past). */
  dueInMinutes?: number;
}

export async function openOrderWorld(options: { mailer?: Mailer; database?: Database } = {}) {
  const opened = options.database ? undefined : await openTestDatabase();
  const database = options.database ?? opened!.database;
  const outboxDir = await mkdtemp(join(tmpdir(), 'vitrin-orders-outbox-'));
  const outbox = createMailer({ outboxDir, from: 'Vitrin Atölye <siparis@example.com>' });
  const sent: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? {
    async send(message) {
      sent.push(message);
      await outbox.send(message);
    },
    close: () => outbox.close(),
  };
  const services: Services = createServices(database, { mailer, shopUrl: SHOP_URL });
  const { db } = database;

  const ids = { single: 0, variantProduct: 0, variant: 0, virtual: 0, coupon: 0 };
  async function seedCatalogue() {
    const [category] = await db.insert(categories).values({ slug: 'seramik', name: 'Seramik' }).returning();
    const product = (slug: string, stockType: number, stock: number | null) =>
      db
        .insert(products)
        .values({
          slug,
          sku: slug.toUpperCase(),
          name: slug,
          stockType,
          categoryId: category!.id,
          vatRate: 20,
          stock,
        })
        .returning({ id: products.id })
        .then((rows) => rows[0]!.id);
    ids.single = await product('kupa', 1, 1000);
    ids.variantProduct = await product('tabak', 2, null);
    ids.virtual = await product('atolye-kaydi', 4, null);
    const [variant] = await db
      .insert(productVariants)
      .values({ productId: ids.variantProduct, sku: 'TABAK-MAVI', options: { Renk: 'Mavi' }, stock: 500 })
      .returning({ id: productVariants.id });
    ids.variant = variant!.id;
    const [coupon] = await db
      .insert(coupons)
      .values({ code: 'INDIRIM10', kind: 'percent', value: 10, usageLimit: 100 })
      .returning({ id: coupons.id });
    ids.coupon = coupon!.id;
  }
  await seedCatalogue();

  const PRICE = 10_000;
  async function placeOrder(input: PlaceOrderInput = {}): Promise<{ id: number; orderNo: string }> {
    const method = input.paymentMethod ?? 'transfer';
    const lines = input.lines ?? [{ kind: 'single', quantity: 2 }];
    const email = input.email ?? 'ayse@example.com';
    const orderNo = `VT${randomBytes(5).toString('hex').toUpperCase()}`;
    const subtotal = lines.reduce((sum, l) => sum + l.quantity * PRICE, 0);
    const discount = input.withCoupon ? subtotal / 10 : 0;
    const total = subtotal - discount;
    return db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          orderNo,
          customerId: input.customerId ?? null,
          email,
          phone: '+905321234567',
          paymentMethod: method,
          paymentStatus: method === 'cod' ? 'not_required' : 'pending',
          subtotalMinor: subtotal,
          discountMinor: discount,
          totalMinor: total,
          vatLines: [{ rate: 20, grossMinor: total, vatMinor: Math.round(total / 6) }],
          couponId: input.withCoupon ? ids.coupon : null,
          couponCode: input.withCoupon ? 'INDIRIM10' : null,
          usdRate: '41.25',
          eurRate: '44.5',
          shippingAddress: billing,
          billingAddress: billing,
          paymentDueAt: method === 'card' ? new Date(Date.now() + (input.dueInMinutes ?? 30) * 60_000) : null,
        })
        .returning({ id: orders.id });
      const orderId = order!.id;
      for (const line of lines) {
        let stockTaken = false;
        if (line.kind === 'variant') {
          const rows = await tx
            .update(productVariants)
            .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
            .where(and(eq(productVariants.id, ids.variant), gte(productVariants.stock, line.quantity)))
            .returning({ id: productVariants.id });
          if (rows.length === 0) throw new Error('out of stock');
          stockTaken = true;
        } else if (line.kind === 'single') {
          const rows = await tx
            .update(products)
            .set({ stock: sql`${products.stock} - ${line.quantity}` })
            .where(and(eq(products.id, ids.single), gte(products.stock, line.quantity)))
            .returning({ id: products.id });
          if (rows.length === 0) throw new Error('out of stock');
          stockTaken = true;
        }
        await tx.insert(orderItems).values({
          orderId,
          productId:
            line.kind === 'single' ? ids.single : line.kind === 'variant' ? ids.variantProduct : ids.virtual,
          variantId: line.kind === 'variant' ? ids.variant : null,
          stockType: line.kind === 'single' ? 1 : line.kind === 'variant' ? 2 : 4,
          name: line.kind === 'single' ? 'Kupa' : line.kind === 'variant' ? 'Tabak' : 'Atölye Kaydı',
          sku: line.kind.toUpperCase(),
          options: line.kind === 'variant' ? { Renk: 'Mavi' } : {},
          quantity: line.quantity,
          unitPriceMinor: PRICE,
          originalPriceMinor: PRICE,
          originalCurrency: 'TRY',
          vatRate: 20,
          lineTotalMinor: PRICE * line.quantity,
          stockTaken,
        });
      }
      if (input.withCoupon) {
        const raised = await tx
          .update(coupons)
          .set({ usedCount: sql`${coupons.usedCount} + 1` })
          .where(and(eq(coupons.id, ids.coupon), sql`${coupons.usedCount} < ${coupons.usageLimit}`))
          .returning({ id: coupons.id });
        if (raised.length === 0) throw new Error('coupon used up');
        await tx
          .insert(couponUses)
          .values({ couponId: ids.coupon, orderId, customerId: input.customerId ?? null, email });
      }
      await tx.insert(orderHistory).values({ orderId, fromStatus: null, toStatus: 0, actor: 'customer' });
      return { id: orderId, orderNo };
    });
  }

  /** The `/secure-pay` card form for an order, with its guest token. */
  const cardForm = (orderNo: string, cardNumber: string) => ({
    order: orderNo,
    token: services.orders.accessToken(orderNo),
    cardNumber,
    holder: 'Ayşe Yılmaz',
    expiryMonth: '12',
    expiryYear: '30',
    cvc: '123',
  });

  return {
    database,
    db,
    services,
    ids,
    sent,
    placeOrder,
    cardForm,
    /** Card form then code form, as the `/secure-pay` page does. */
    async pay(orderNo: string, cardNumber: string, code = TEST_VERIFICATION_CODE) {
      const step = await services.payments.payByCard(cardForm(orderNo, cardNumber), null);
      if (step.kind === 'outcome') return step.outcome;
      if (step.kind !== 'challenge') throw new Error(`the test bank answered ${step.kind}`);
      return services.payments.verify({ challenge: step.challenge, code });
    },
    async stock() {
      const [single] = await db
        .select({ s: products.stock })
        .from(products)
        .where(eq(products.id, ids.single));
      const [variant] = await db
        .select({ s: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, ids.variant));
      return { single: single!.s, variant: variant!.s };
    },
    async coupon() {
      const [row] = await db
        .select({ used: coupons.usedCount })
        .from(coupons)
        .where(eq(coupons.id, ids.coupon));
      const uses = await db.select().from(couponUses).where(eq(couponUses.couponId, ids.coupon));
      return { usedCount: row!.used, uses: uses.length };
    },
    async order(id: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row!;
    },
    /** The order's card payment attempts, oldest first. */
    async payments(id: number) {
      return db.select().from(payments).where(eq(payments.orderId, id)).orderBy(payments.id);
    },
    async history(id: number) {
      return db
        .select({
          from: orderHistory.fromStatus,
          to: orderHistory.toStatus,
          actor: orderHistory.actor,
          note: orderHistory.note,
        })
        .from(orderHistory)
        .where(eq(orderHistory.orderId, id))
        .orderBy(orderHistory.id);
    },
    /** Sets stock or the coupon's limit directly (to test a retry that finds them gone). */
    async setSingleStock(stock: number) {
      await db.update(products).set({ stock }).where(eq(products.id, ids.single));
    },
    async setCouponLimit(usageLimit: number) {
      await db.update(coupons).set({ usageLimit }).where(eq(coupons.id, ids.coupon));
    },
    async drain() {
      await services.orders.drainMail();
    },
    async dispose() {
      await services.orders.drainMail();
      mailer.close();
      await rm(outboxDir, { recursive: true, force: true });
      await opened?.dispose();
    },
  };
}

export type OrderWorld = Awaited<ReturnType<typeof openOrderWorld>>;

export { rejection } from './refusal.ts';
