import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productSlugHistory, products } from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';

/**
 * Remembers the slugs these products leave (in the transaction of the change), so their old addresses answer
 * 301. A slug a product takes stops redirecting to whichever product had it before; a slug left twice points
 * to the product that left it last.
 */
export async function rememberOldSlugs(
  tx: Tx | Db,
  changes: readonly { productId: number; from: string; to: string }[],
): Promise<void> {
  const moved = changes.filter((c) => c.from !== c.to);
  if (moved.length === 0) return;
  await tx.delete(productSlugHistory).where(
    inArray(
      productSlugHistory.slug,
      moved.map((c) => c.to),
    ),
  );
  await tx
    .insert(productSlugHistory)
    .values(moved.map((c) => ({ productId: c.productId, slug: c.from })))
    .onConflictDoUpdate({
      target: productSlugHistory.slug,
      set: { productId: sql`excluded.product_id`, createdAt: sql`now()` },
    });
}

/** The slug now of the product that once had `slug`; null when none did. Read only when no product has it. */
export async function slugNowOf(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: products.slug })
    .from(productSlugHistory)
    .innerJoin(products, eq(products.id, productSlugHistory.productId))
    .where(eq(productSlugHistory.slug, slug))
    .limit(1);
  return row && row.slug !== slug ? row.slug : null;
}
