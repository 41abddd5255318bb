import type { Db } from '../db/client.ts';
import { productSlugHistory, products } from '../db/schema.ts';
import { rememberLeftSlugs, type SlugHistory, slugNowIn } from '../db/slug-history.ts';
import type { Tx } from '../orders/stock.ts';

const productSlugs: SlugHistory = {
  history: productSlugHistory,
  owner: productSlugHistory.productId,
  owners: products,
  // A product off sale answers 404 at its address: its old ones do too, not a 301 to that 404.
  shown: products.isActive,
};

/**
 * Remembers the slugs these products leave (in the transaction of the change), so their old addresses answer
 * 301. A slug a product takes stops redirecting to whichever product had it before; a slug left twice points
 * to the product that left it last.
 */
export async function rememberOldSlugs(
  tx: Tx | Db,
  changes: readonly { productId: number; from: string; to: string }[],
): Promise<void> {
  await rememberLeftSlugs(
    tx,
    productSlugs,
    changes.map((c) => ({ id: c.productId, from: c.from, to: c.to })),
  );
}

/** The slug now of the product that once had `slug`; null when none did. Read only when no product has it. */
export const slugNowOf = (db: Db, slug: string): Promise<string | null> => slugNowIn(db, productSlugs, slug);
