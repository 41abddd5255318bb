import { ORDER_STATE } from '@vitrin/shared/order-states';
import { sql } from 'drizzle-orm';
import { rows } from '../catalog/rows.ts';
import type { Db } from '../db/client.ts';
import { sqlCode } from '../db/sql-code.ts';
import { enqueueMarketingMail } from '../mail/marketing.ts';
import { reviewRequestEmail } from '../mail/marketing-templates.ts';

const DAY_MS = 24 * 60 * 60_000;
/**
 * A delivery older than this gets no review request: turning the feature on (or raising the days) must not
 * mail the whole order history.
 */
export const REVIEW_REQUEST_MAX_DAYS = 30;
const ROUND_BATCH = 200;

export interface ReviewRequestDeps {
  db: Db;
  shopUrl: string;
  shopName: () => Promise<string>;
  now: () => Date;
}

/**
 * One round of review requests: each order of a customer delivered (its last move to Teslim Edildi in the
 * order's history) between `days` and REVIEW_REQUEST_MAX_DAYS ago, with `review_requested_at` still null,
 * is decided once: a customer with marketing consent gets ONE e-mail listing the order's products, each
 * with the link to its review form; a customer without consent gets none, and the order is marked as well
 * (never mailed later, even if consent comes afterwards). The mark is a conditional update in the mail's
 * transaction, so two rounds or two nodes never mail an order twice. Returns how many mails were queued.
 */
export async function requestReviews(deps: ReviewRequestDeps, days: number): Promise<number> {
  if (days <= 0) return 0;
  const at = deps.now();
  const deliveredBefore = new Date(at.getTime() - days * DAY_MS);
  const deliveredAfter = new Date(at.getTime() - REVIEW_REQUEST_MAX_DAYS * DAY_MS);
  const delivered = sqlCode(ORDER_STATE.Delivered);
  const due = await rows<{ id: number; order_no: string; customer_id: number }>(
    deps.db,
    sql`
      select o.id, o.order_no, o.customer_id
      from orders o
      join lateral (
        select max(h.created_at) as at from order_history h where h.order_id = o.id and h.to_status = ${delivered}
      ) d on d.at is not null
      where o.status = ${delivered} and o.review_requested_at is null and o.customer_id is not null
        and d.at <= ${deliveredBefore} and d.at > ${deliveredAfter}
      order by o.id
      limit ${ROUND_BATCH}`,
  );
  const shopName = await deps.shopName();
  const base = deps.shopUrl.replace(/\/+$/, '');
  let sent = 0;
  for (const order of due) {
    const products = await rows<{ name: string; slug: string }>(
      deps.db,
      sql`
        select p.name, p.slug, min(oi.id) as first
        from order_items oi join products p on p.id = oi.product_id
        where oi.order_id = ${order.id} and p.is_active
        group by p.name, p.slug
        order by first`,
    );
    const mailed = await deps.db.transaction(async (tx) => {
      const marked = await rows<{ id: number }>(
        tx as Db,
        sql`update orders set review_requested_at = ${at}
            where id = ${order.id} and review_requested_at is null returning id`,
      );
      if (marked.length === 0 || products.length === 0) return false;
      const queued = await enqueueMarketingMail(tx, {
        kind: 'review-request',
        customerId: order.customer_id,
        shopUrl: deps.shopUrl,
        compose: ({ firstName, unsubscribeUrl }) =>
          reviewRequestEmail({
            shopName,
            firstName,
            orderNo: order.order_no,
            products: products.map((p) => ({
              name: p.name,
              reviewUrl: `${base}/product/${encodeURIComponent(p.slug)}/review`,
            })),
            unsubscribeUrl,
          }),
      });
      return queued !== null;
    });
    if (mailed) sent++;
  }
  return sent;
}
