import { sql } from 'drizzle-orm';
import { orders } from '../db/schema.ts';

/**
 * Which orders are revenue: every order but a cancelled one (6) or one whose payment failed (state 7, or a
 * failed payment status). A card order still waiting for its payment counts, as it holds its stock.
 */
export const isRevenue = sql`(${orders.status} not in (6, 7) and ${orders.paymentStatus} <> 'failed')`;

/** The order's day in Turkey (UTC+3 all year), as `YYYY-MM-DD`. */
export const shopDaySql = sql`to_char((${orders.createdAt} at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD')`;
