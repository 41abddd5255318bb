import { writeLastResult } from '@vitrin/core/backup/last-result';
import {
  cartReminders,
  customers,
  orders,
  products,
  productVariants,
  reviews,
  supportTickets,
} from '@vitrin/core/db/schema';
import type { OrderWorld } from '@vitrin/testing/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountTestApp, Browser } from '../../../../test/accounts.ts';
import { type AdminWorld, loggedInStaff, openAdminWorld } from '../../../../test/staff.ts';

let world: AdminWorld<'owner'>;
let t: AccountTestApp;
let w: OrderWorld;
let owner: Browser;
beforeAll(async () => {
  world = await openAdminWorld('owner');
  ({ t, w } = world);
  owner = world.as.owner.b;
});
afterAll(() => world.close());

/** An order (2 × ₺100) placed at `at`, in `status`. */
async function placedAt(at: string, status = 0, paymentStatus?: 'failed') {
  const { id, orderNo } = await w.placeOrder();
  await w.db
    .update(orders)
    .set({ createdAt: new Date(at), status, ...(paymentStatus ? { paymentStatus } : {}) })
    .where(eq(orders.id, id));
  return orderNo;
}

describe('GET /api/admin/dashboard', () => {
  it('counts orders and revenue by Turkey-time day and month; cancelled and failed orders are no revenue', async () => {
    // 13:00 on 15 March 2026 in Istanbul.
    const now = new Date('2026-03-15T10:00:00Z');
    await placedAt('2026-03-14T21:30:00Z'); // 15 March 00:30 in Turkey: today
    await placedAt('2026-03-15T09:00:00Z', 6); // today, cancelled
    await placedAt('2026-03-15T09:30:00Z', 7, 'failed'); // today, payment failed
    await placedAt('2026-03-14T20:30:00Z'); // 14 March 23:30 in Turkey: yesterday, this month
    await placedAt('2026-02-28T21:30:00Z'); // 1 March 00:30 in Turkey: this month
    await placedAt('2026-02-28T20:30:00Z'); // 28 February 23:30 in Turkey: last month
    await placedAt('2026-03-15T21:00:00Z'); // tomorrow in Turkey: not yet

    const d = await t.services.reports.dashboard(now);
    expect(d.today).toEqual({ orders: 3, revenueMinor: 20_000 });
    expect(d.month).toEqual({ orders: 5, revenueMinor: 60_000 });
    expect(d.days).toHaveLength(30);
    expect(d.days!.at(-1)).toEqual({ day: '2026-03-15', orders: 3, revenueMinor: 20_000 });
    expect(d.days!.at(-2)).toEqual({ day: '2026-03-14', orders: 1, revenueMinor: 20_000 });
    expect(d.days![0]!.day).toBe('2026-02-14');
    expect(d.days!.find((x) => x.day === '2026-02-28')).toEqual({
      day: '2026-02-28',
      orders: 1,
      revenueMinor: 20_000,
    });
  });

  it('answers every role with today’s orders, the states, the newest orders and open tickets', async () => {
    const before = (await owner.get('/api/admin/dashboard')).json();
    const orderNo = (await w.placeOrder()).orderNo;
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
      { ticketNo: 'DT-AÇIK1', customerId: customer!.id, subject: 'Kargo', status: 'open' },
      { ticketNo: 'DT-KAPALI', customerId: customer!.id, subject: 'Fatura', status: 'closed' },
    ]);
    for (const role of ['owner', 'manager', 'support'] as const) {
      const { b } = await loggedInStaff(t.app, t.services, role);
      const res = await b.get('/api/admin/dashboard');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const d = res.json();
      expect(d.today.orders).toBe(before.today.orders + 1);
      expect(d.byState.find((s: { code: number }) => s.code === 0)).toEqual({
        code: 0,
        label: 'Sipariş Alındı',
        count: before.byState[0].count + 1,
      });
      expect(d.recent[0]).toMatchObject({ orderNo, name: 'Ayşe Yılmaz', status: 0, totalMinor: 20_000 });
      expect(d.openTickets).toBe(before.openTickets + 1);
    }
  });

  it('gives the turnover to owners and managers only: support gets the counts without revenue or chart', async () => {
    const before = (await owner.get('/api/admin/dashboard')).json();
    await w.placeOrder();
    for (const role of ['owner', 'manager'] as const) {
      const { b } = await loggedInStaff(t.app, t.services, role);
      const d = (await b.get('/api/admin/dashboard')).json();
      expect(d.today.revenueMinor).toBe(before.today.revenueMinor + 20_000);
      expect(d.month.revenueMinor).toBeGreaterThanOrEqual(d.today.revenueMinor);
      expect(d.days).toHaveLength(30);
    }
    const { b } = await loggedInStaff(t.app, t.services, 'support');
    const res = await b.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.today).toEqual({ orders: before.today.orders + 1 });
    expect(d.month).toEqual({ orders: expect.any(Number) });
    expect(d).not.toHaveProperty('days');
    expect(res.body).not.toContain('revenueMinor');
    expect(d.recent.length).toBeGreaterThan(0);
  });

  it('shows this month’s cart reminders, the carts recovered and their revenue (reports.read only), and the reviews waiting', async () => {
    const [customer] = await w.db
      .insert(customers)
      .values({
        email: 'hatirlatilan@example.com',
        firstName: 'Ece',
        lastName: 'Kaya',
        passwordHash: 'x',
        kvkkAcceptedAt: new Date(),
      })
      .returning({ id: customers.id });
    const [product] = await w.db.select({ id: products.id }).from(products).limit(1);
    const before = (await owner.get('/api/admin/dashboard')).json();
    const { id: orderId } = await w.placeOrder();
    await w.db.insert(cartReminders).values([
      {
        customerId: customer!.id,
        tokenHash: 'a'.repeat(64),
        lines: [],
        orderId,
        recoveredMinor: 20_000,
        recoveredAt: new Date(),
      },
      { customerId: customer!.id, tokenHash: 'b'.repeat(64), lines: [] },
      // Last month's: not this month's figures.
      {
        customerId: customer!.id,
        tokenHash: 'c'.repeat(64),
        lines: [],
        sentAt: new Date(Date.now() - 40 * 86_400_000),
      },
    ]);
    await w.db.insert(reviews).values({
      productId: product!.id,
      customerId: customer!.id,
      rating: 5,
      title: 'Güzel',
      body: 'Çok beğendim.',
      authorName: 'Ece K.',
    });
    const d = (await owner.get('/api/admin/dashboard')).json();
    expect(d.cartRecovery).toEqual({
      reminded: before.cartRecovery.reminded + 2,
      recovered: before.cartRecovery.recovered + 1,
      revenueMinor: before.cartRecovery.revenueMinor + 20_000,
    });
    expect(d.pendingReviews).toBe(before.pendingReviews + 1);
    const { b } = await loggedInStaff(t.app, t.services, 'support');
    const forSupport = (await b.get('/api/admin/dashboard')).json();
    expect(forSupport.cartRecovery).toEqual({
      reminded: d.cartRecovery.reminded,
      recovered: d.cartRecovery.recovered,
    });
    expect(forSupport.pendingReviews).toBe(d.pendingReviews);
  });

  it('names the legal details an invoice needs while they are empty (the unvan a fresh shop’s placeholder)', async () => {
    await t.services.settings.set('unvan', 'Vitrin');
    for (const key of ['tax_id', 'tax_office', 'mersis_no']) await t.services.settings.set(key, '');
    expect((await owner.get('/api/admin/dashboard')).json().legalDetailsMissing).toEqual([
      'unvan',
      'tax_id',
      'tax_office',
      'mersis_no',
    ]);
    await t.services.settings.set('unvan', 'Işıklı Çömlekçi Atölyesi Ltd. Şti.');
    await t.services.settings.set('tax_id', '9876543210');
    expect((await owner.get('/api/admin/dashboard')).json().legalDetailsMissing).toEqual([
      'tax_office',
      'mersis_no',
    ]);
    await t.services.settings.set('tax_office', 'Kadıköy');
    await t.services.settings.set('mersis_no', '0123456789012345');
    expect((await owner.get('/api/admin/dashboard')).json().legalDetailsMissing).toEqual([]);
  });

  it('lists products and variants at or under the low-stock threshold, lowest first', async () => {
    await w.db.update(products).set({ stock: 5 }).where(eq(products.id, w.ids.single));
    await w.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, w.ids.variant));
    const d = (await owner.get('/api/admin/dashboard')).json();
    expect(d.lowStock.threshold).toBe(5);
    expect(d.lowStock.items).toEqual([
      {
        productId: w.ids.variantProduct,
        variantId: w.ids.variant,
        name: 'tabak',
        sku: 'TABAK-MAVI',
        options: { Renk: 'Mavi' },
        stock: 2,
      },
      { productId: w.ids.single, variantId: null, name: 'kupa', sku: 'KUPA', options: {}, stock: 5 },
    ]);
    await w.db.update(products).set({ stock: 6 }).where(eq(products.id, w.ids.single));
    const after = (await owner.get('/api/admin/dashboard')).json();
    expect(after.lowStock.items.map((i: { sku: string }) => i.sku)).toEqual(['TABAK-MAVI']);
  });
});

describe('the dashboard’s backup card', () => {
  it('shows the nightly schedule and the last result, on either database', async () => {
    const embedded = t.services.database.kind === 'pglite';
    await t.services.settings.set('backup_keep', '5');
    const failed = {
      at: '2026-11-27T00:30:00.000Z',
      ok: false,
      file: null,
      sizeBytes: null,
      reason: 'Diskte yer kalmadı; Yedek dosyası yazılamadı. Yer açıp yeniden deneyin.',
    };
    await writeLastResult(t.services.database, failed);
    const answer = await owner.get('/api/admin/dashboard');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().backup).toEqual({
      database: embedded ? 'embedded' : 'postgres',
      time: '03:30',
      keep: 5,
      last: failed,
    });
    await t.services.settings.set('backup_time', '');
    expect((await owner.get('/api/admin/dashboard')).json().backup.time).toBeNull();
  });
});
