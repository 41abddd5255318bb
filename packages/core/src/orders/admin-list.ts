import {
  ADMIN_ORDERS_PER_PAGE,
  type AdminOrderFilter,
  type AdminOrderList,
  type AdminOrderRow,
  MARKETPLACE_LABELS,
} from '@vitrin/shared/api/admin/orders';
import { PAYMENT_METHODS } from '@vitrin/shared/order-states';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { and, count, desc, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { DAY_MS, dayStart } from '../audit/query.ts';
import type { Db } from '../db/client.ts';
import { channelOrders, orders } from '../db/schema.ts';
import { paymentStatusLabel, stateView } from './queries.ts';

// PGlite has no ICU, so SQL's lower() leaves Turkish capitals alone: the letters are folded by hand as
// `foldTurkish` folds the query (İ/I → i, ç → c…), then lower() does the ASCII rest.
const TURKISH_LETTERS = 'ÇĞİIÖŞÜçğıöşü';
const THEIR_ASCII = 'cgiiosucgiosu';
const folded = (text: SQL) => sql`lower(translate(${text}, ${TURKISH_LETTERS}, ${THEIR_ASCII}))`;

const buyerName = sql`(${orders.billingAddress}->>'firstName') || ' ' || (${orders.billingAddress}->>'lastName')`;

/** `%` and `_` typed in the search are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(filter: AdminOrderFilter): SQL | undefined {
  const q = filter.q ? foldTurkish(filter.q) : '';
  return and(
    q
      ? or(
          sql`lower(${orders.orderNo}) like ${likePattern(q)}`,
          sql`${folded(sql`${orders.email}`)} like ${likePattern(q)}`,
          sql`${folded(buyerName)} like ${likePattern(q)}`,
        )
      : undefined,
    filter.status !== undefined ? eq(orders.status, filter.status) : undefined,
    filter.paymentMethod !== undefined ? eq(orders.paymentMethod, filter.paymentMethod) : undefined,
    filter.channel === 'storefront'
      ? isNull(channelOrders.orderId)
      : filter.channel !== undefined
        ? eq(channelOrders.channel, filter.channel)
        : undefined,
    filter.from !== undefined ? gte(orders.createdAt, dayStart(filter.from)) : undefined,
    filter.to !== undefined
      ? lt(orders.createdAt, new Date(dayStart(filter.to).getTime() + DAY_MS))
      : undefined,
  );
}

/** The panel's order table: newest first, searched and filtered, a page of `ADMIN_ORDERS_PER_PAGE`. */
export async function listAdminOrders(db: Db, filter: AdminOrderFilter): Promise<AdminOrderList> {
  const where = conditions(filter);
  // An order has at most one channel row (its key is the order id): the join never repeats an order.
  const fromChannel = eq(channelOrders.orderId, orders.id);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(orders)
    .leftJoin(channelOrders, fromChannel)
    .where(where);
  const rows = await db
    .select({
      orderNo: orders.orderNo,
      createdAt: orders.createdAt,
      status: orders.status,
      billingAddress: orders.billingAddress,
      email: orders.email,
      totalMinor: orders.totalMinor,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      channel: channelOrders.channel,
      channelOrderNumber: channelOrders.channelOrderNumber,
    })
    .from(orders)
    .leftJoin(channelOrders, fromChannel)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_ORDERS_PER_PAGE)
    .offset((filter.page - 1) * ADMIN_ORDERS_PER_PAGE);
  return {
    items: rows.map(
      (o): AdminOrderRow => ({
        orderNo: o.orderNo,
        createdAt: o.createdAt.toISOString(),
        state: stateView(o.status),
        customerName: `${o.billingAddress.firstName} ${o.billingAddress.lastName}`,
        email: o.email,
        totalMinor: o.totalMinor,
        paymentMethod: o.paymentMethod,
        paymentMethodLabel: PAYMENT_METHODS[o.paymentMethod],
        paymentStatus: o.paymentStatus,
        paymentStatusLabel: paymentStatusLabel(o.paymentMethod, o.paymentStatus),
        channel: o.channel
          ? { name: o.channel, label: MARKETPLACE_LABELS[o.channel], orderNumber: o.channelOrderNumber! }
          : null,
      }),
    ),
    page: filter.page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_ORDERS_PER_PAGE)),
    total,
  };
}
