import { ORDER_STATE } from '@vitrin/shared/order-states';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, products, productVariants, supportTickets } from '../db/schema.ts';

/** The panel's home figures (`reports.dashboard`) on a small order world: each order 2 × ₺100. */
let w: OrderWorld;
beforeAll(async () => {
  w = await openOrderWorld();
});
afterAll(() => w.dispose());

/** An order placed at `at`, in `status`. */
async function placedAt(at: string, status: number = ORDER_STATE.Received, paymentStatus?: 'failed') {
  const { id, orderNo } = await w.placeOrder();
  await w.db
    .update(orders)
    .set({ createdAt: new Date(at), status, ...(paymentStatus ? { paymentStatus } : {}) })
    .where(eq(orders.id, id));
  return orderNo;
}

describe('orders and revenue by day', () => {
  // 13:00 on 15 March 2026 in Istanbul.
  const now = new Date('2026-03-15T10:00:00Z');
  beforeAll(async () => {
    await placedAt('2026-03-14T21:30:00Z'); // 15 March 00:30 in Turkey: today
    await placedAt('2026-03-15T09:00:00Z', ORDER_STATE.Cancelled); // today, cancelled
    await placedAt('2026-03-15T09:30:00Z', ORDER_STATE.PaymentFailed, 'failed'); // today, payment failed
    await placedAt('2026-03-14T20:30:00Z'); // 14 March 23:30 in Turkey: yesterday, this month
    await placedAt('2026-02-28T21:30:00Z'); // 1 March 00:30 in Turkey: this month
    await placedAt('2026-02-28T20:30:00Z'); // 28 February 23:30 in Turkey: last month
    await placedAt('2026-03-15T21:00:00Z'); // tomorrow in Turkey: not yet
  });

  it('counts today by the Turkey-time day; cancelled and failed orders count as orders but no revenue', async () => {
    const d = await w.services.reports.dashboard(now);
    expect(d.today).toEqual({ orders: 3, revenueMinor: 20_000 });
  });

  it('counts the month from its first Turkey-time day', async () => {
    expect((await w.services.reports.dashboard(now)).month).toEqual({ orders: 5, revenueMinor: 60_000 });
  });

  it('charts the last 30 days, oldest first, days without orders as zero', async () => {
    const { days } = await w.services.reports.dashboard(now);
    expect(days).toHaveLength(30);
    expect(days![0]).toEqual({ day: '2026-02-14', orders: 0, revenueMinor: 0 });
    expect(days!.at(-1)).toEqual({ day: '2026-03-15', orders: 3, revenueMinor: 20_000 });
    expect(days!.at(-2)).toEqual({ day: '2026-03-14', orders: 1, revenueMinor: 20_000 });
    expect(days!.find((x) => x.day === '2026-02-28')).toEqual({
      day: '2026-02-28',
      orders: 1,
      revenueMinor: 20_000,
    });
  });

  it('counts orders by state with each state’s Turkish label, every state listed', async () => {
    const { byState } = await w.services.reports.dashboard(now);
    expect(byState.find((s) => s.code === ORDER_STATE.Received)).toEqual({
      code: ORDER_STATE.Received,
      label: 'Sipariş Alındı',
      count: 5,
    });
    expect(byState.find((s) => s.code === ORDER_STATE.Cancelled)!.count).toBe(1);
    expect(byState.find((s) => s.code === ORDER_STATE.PaymentFailed)!.count).toBe(1);
    expect(byState.reduce((n, s) => n + s.count, 0)).toBe(7);
  });

  it('lists the newest orders first with the buyer’s name', async () => {
    const { recent } = await w.services.reports.dashboard(now);
    expect(recent[0]).toMatchObject({ name: 'Ayşe Yılmaz', totalMinor: 20_000 });
    const times = recent.map((r) => r.at);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('the other cards', () => {
  it('counts open support tickets only', async () => {
    const before = (await w.services.reports.dashboard()).openTickets;
    const [customer] = await w.db
      .insert(customers)
      .values({
        email: 'bilet@ornek.test',
        firstName: 'Bilet',
        lastName: 'Sahibi',
        passwordHash: 'x',
        kvkkAcceptedAt: new Date(),
      })
      .returning({ id: customers.id });
    await w.db.insert(supportTickets).values([
      { ticketNo: 'DT-ACIK1', customerId: customer!.id, subject: 'Kargo', status: 'open' },
      { ticketNo: 'DT-KAPALI', customerId: customer!.id, subject: 'Fatura', status: 'closed' },
    ]);
    expect((await w.services.reports.dashboard()).openTickets).toBe(before + 1);
  });

  it('lists products and variants at or under the low-stock threshold, lowest first', async () => {
    await w.db.update(products).set({ stock: 5 }).where(eq(products.id, w.ids.single));
    await w.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, w.ids.variant));
    const { lowStock } = await w.services.reports.dashboard();
    expect(lowStock.threshold).toBe(5);
    expect(lowStock.items.map((i) => [i.sku, i.variantId, i.stock])).toEqual([
      ['TABAK-MAVI', w.ids.variant, 2],
      ['KUPA', null, 5],
    ]);
    await w.db.update(products).set({ stock: 6 }).where(eq(products.id, w.ids.single));
    expect((await w.services.reports.dashboard()).lowStock.items.map((i) => i.sku)).toEqual(['TABAK-MAVI']);
  });

  it("uses a product's own threshold over the shop's, and leaves inactive products out", async () => {
    await w.db.update(products).set({ stock: 8, lowStockThreshold: 10 }).where(eq(products.id, w.ids.single));
    expect((await w.services.reports.dashboard()).lowStock.items.map((i) => i.sku)).toContain('KUPA');
    await w.db.update(products).set({ isActive: false }).where(eq(products.id, w.ids.single));
    expect((await w.services.reports.dashboard()).lowStock.items.map((i) => i.sku)).not.toContain('KUPA');
    await w.db
      .update(products)
      .set({ isActive: true, lowStockThreshold: null, stock: 1000 })
      .where(eq(products.id, w.ids.single));
  });

  it('names the legal details an invoice needs while they are empty or the fresh shop’s placeholder', async () => {
    await w.services.settings.set('unvan', 'Vitrin');
    for (const key of ['tax_id', 'tax_office', 'mersis_no']) await w.services.settings.set(key, '');
    expect((await w.services.reports.dashboard()).legalDetailsMissing).toEqual([
      'unvan',
      'tax_id',
      'tax_office',
      'mersis_no',
    ]);
    await w.services.settings.set('unvan', 'Işıklı Çömlekçi Atölyesi Ltd. Şti.');
    await w.services.settings.set('tax_id', '9876543210');
    expect((await w.services.reports.dashboard()).legalDetailsMissing).toEqual(['tax_office', 'mersis_no']);
  });
});
