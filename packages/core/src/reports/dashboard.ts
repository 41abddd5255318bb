import type { DashboardAnswer } from '@vitrin/shared/api/admin/dashboard';
import { ORDER_STATE_CODES, ORDER_STATES } from '@vitrin/shared/order-states';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { rows } from '../catalog/rows.ts';
import type { Db } from '../db/client.ts';
import { cartReminders, orders, products, productVariants, reviews, supportTickets } from '../db/schema.ts';
import { dayEnd, dayStart, daysEndingWith, monthStartOf, shopDayOf } from './days.ts';
import { isRevenue, shopDaySql } from './revenue.ts';

const CHART_DAYS = 30;
const LOW_STOCK_LIMIT = 10;
const RECENT_ORDERS = 8;

interface DayRow {
  day: string;
  orders: number;
  revenue: number;
}

/** The panel's home figures at `now`; `lowStockAt`: stock at or under it is low. */
export async function dashboardFigures(
  db: Db,
  now: Date,
  lowStockAt: number,
): Promise<Omit<DashboardAnswer, 'legalDetailsMissing'>> {
  const today = shopDayOf(now);
  const chartDays = daysEndingWith(today, CHART_DAYS);
  const monthStart = monthStartOf(today);
  // One read for the chart, today and the month: whichever window starts first.
  const since = dayStart(monthStart < chartDays[0]! ? monthStart : chartDays[0]!);
  const perDay = await rows<DayRow>(
    db,
    sql`select ${shopDaySql} as day, count(*)::int as orders,
          coalesce(sum(case when ${isRevenue} then ${orders.totalMinor} else 0 end), 0)::float8 as revenue
        from ${orders}
        where ${orders.createdAt} >= ${since.toISOString()}::timestamptz
          and ${orders.createdAt} < ${dayEnd(today).toISOString()}::timestamptz
        group by 1`,
  );
  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const sum = (days: DayRow[]) => ({
    orders: days.reduce((n, r) => n + r.orders, 0),
    revenueMinor: days.reduce((n, r) => n + r.revenue, 0),
  });

  const [states, lowStock, [tickets], recent, [recovery], [reviewsWaiting]] = await Promise.all([
    db.select({ code: orders.status, count: sql<number>`count(*)::int` }).from(orders).groupBy(orders.status),
    lowStockItems(db, lowStockAt),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(supportTickets)
      .where(eq(supportTickets.status, 'open')),
    db
      .select({
        orderNo: orders.orderNo,
        at: orders.createdAt,
        status: orders.status,
        totalMinor: orders.totalMinor,
        billing: orders.billingAddress,
      })
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT_ORDERS),
    // The abandoned-cart reminders sent this month, those an order of the customer followed, and its total;
    // an order cancelled or whose payment failed brought nothing back (the revenue rule of the figures above).
    rows<{ reminded: number; recovered: number; revenue: number }>(
      db,
      sql`select count(*)::int as reminded, (count(${orders.id}) filter (where ${isRevenue}))::int as recovered,
            coalesce(sum(${cartReminders.recoveredMinor}) filter (where ${isRevenue}), 0)::float8 as revenue
          from ${cartReminders} left join ${orders} on ${orders.id} = ${cartReminders.orderId}
          where ${cartReminders.sentAt} >= ${dayStart(monthStart).toISOString()}::timestamptz`,
    ),
    db.select({ count: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.status, 'pending')),
  ]);
  const stateCount = new Map(states.map((s) => [s.code, s.count]));

  return {
    today: sum(byDay.has(today) ? [byDay.get(today)!] : []),
    month: sum(perDay.filter((r) => r.day >= monthStart)),
    byState: ORDER_STATE_CODES.map((code) => ({
      code,
      label: ORDER_STATES[code].label,
      count: stateCount.get(code) ?? 0,
    })),
    lowStock: { threshold: lowStockAt, items: lowStock },
    openTickets: tickets?.count ?? 0,
    cartRecovery: {
      reminded: recovery?.reminded ?? 0,
      recovered: recovery?.recovered ?? 0,
      revenueMinor: recovery?.revenue ?? 0,
    },
    pendingReviews: reviewsWaiting?.count ?? 0,
    days: chartDays.map((day) => ({
      day,
      orders: byDay.get(day)?.orders ?? 0,
      revenueMinor: byDay.get(day)?.revenue ?? 0,
    })),
    recent: recent.map((o) => ({
      orderNo: o.orderNo,
      at: o.at.toISOString(),
      name: `${o.billing.firstName} ${o.billing.lastName}`.trim(),
      status: o.status,
      totalMinor: o.totalMinor,
    })),
  };
}

/**
 * Active products (stock types 1 and 3, counted stock) and active variants at or under the product's own
 * low-stock threshold, else the shop's, lowest first.
 */
async function lowStockItems(db: Db, threshold: number): Promise<DashboardAnswer['lowStock']['items']> {
  const [plain, variants] = await Promise.all([
    db
      .select({ productId: products.id, name: products.name, sku: products.sku, stock: products.stock })
      .from(products)
      .where(
        and(
          eq(products.isActive, true),
          sql`${products.stockType} <> 2`,
          lte(products.stock, sql`coalesce(${products.lowStockThreshold}, ${threshold}::int)`),
        ),
      )
      .orderBy(products.stock, products.id)
      .limit(LOW_STOCK_LIMIT),
    db
      .select({
        productId: products.id,
        variantId: productVariants.id,
        name: products.name,
        sku: productVariants.sku,
        options: productVariants.options,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(
        and(
          eq(products.isActive, true),
          eq(productVariants.isActive, true),
          lte(productVariants.stock, sql`coalesce(${products.lowStockThreshold}, ${threshold}::int)`),
        ),
      )
      .orderBy(productVariants.stock, productVariants.id)
      .limit(LOW_STOCK_LIMIT),
  ]);
  return [...plain.map((p) => ({ ...p, variantId: null, options: {}, stock: p.stock ?? 0 })), ...variants]
    .sort((a, b) => a.stock - b.stock)
    .slice(0, LOW_STOCK_LIMIT);
}
