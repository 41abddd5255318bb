import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema.ts';

/** Sitemap files hold at most 50,000 URLs (sitemaps.org); products are split into pages of this size. */
export const SITEMAP_PAGE_SIZE = 50_000;

export async function activeProductCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.isActive, true));
  return row?.n ?? 0;
}

/** One sitemap page of products, by id (keyset: no large OFFSET at 100,000 products). */
export async function sitemapProducts(
  db: Db,
  page: number,
): Promise<Array<{ slug: string; updatedAt: Date }>> {
  const [start] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id))
    .offset((page - 1) * SITEMAP_PAGE_SIZE)
    .limit(1);
  if (!start) return [];
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.isActive, true), gt(products.id, start.id - 1)))
    .orderBy(asc(products.id))
    .limit(SITEMAP_PAGE_SIZE);
}
