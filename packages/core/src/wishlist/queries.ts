import type { ProductCard } from '@vitrin/shared/api/catalog';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { cardsByIds, type ShopperContext } from '../catalog/listing.ts';
import type { Db } from '../db/client.ts';
import { products, wishlistItems } from '../db/schema.ts';

/** The active ones of these products, as public cards in the given order (unknown and inactive left out). */
export async function activeCards(
  db: Db,
  ids: readonly number[],
  ctx: ShopperContext,
): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const active = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.isActive, true)));
  const keep = new Set(active.map((r) => r.id));
  return cardsByIds(
    db,
    ids.filter((id) => keep.has(id)),
    ctx,
  );
}

/** The active ones of these products with their slugs, in the given order. */
export async function activeSlugs(
  db: Db,
  ids: readonly number[],
): Promise<Array<{ id: number; slug: string }>> {
  if (!ids.length) return [];
  const found = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.isActive, true)));
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A customer's favourites, oldest first. */
export function customerItems(db: Db, customerId: number) {
  return db
    .select({ productId: wishlistItems.productId, addedPriceMinor: wishlistItems.addedPriceMinor })
    .from(wishlistItems)
    .where(eq(wishlistItems.customerId, customerId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.id));
}
