import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema.ts';

/**
 * Sets the products' `rating_count` and `rating_sum` from their approved reviews, in the caller's transaction
 * (a moderation, an erasure). The products' trigger logs the change for the catalogue index; the caller drops
 * the caches for these products after the commit (`cache.invalidateAll(productIds)`), so listings' stars and
 * the rating sort follow on every node.
 */
export async function recountRatings(tx: Db, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(products)
    .set({
      ratingCount: sql`(select count(*)::int from reviews r where r.product_id = ${products.id} and r.status = 'approved')`,
      ratingSum: sql`(select coalesce(sum(r.rating), 0)::int from reviews r where r.product_id = ${products.id} and r.status = 'approved')`,
    })
    .where(inArray(products.id, [...productIds]));
}

/** The average shown for a product (one decimal, as "4,3"), or null without approved reviews. */
export function averageRating(count: number, sum: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}
