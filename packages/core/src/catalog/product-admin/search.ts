import { eq, inArray } from 'drizzle-orm';
import { categories, products, productTags, tags } from '../../db/schema.ts';
import type { Tx } from '../../orders/stock.ts';
import { searchColumns } from '../search-columns.ts';

/**
 * Makes the search and sort columns of these products again from their name, SKU, summary, tags and category
 * (two reads for all of them, then one update each), as every write of those must.
 */
export async function refreshSearchColumns(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = await tx
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      shortDescription: products.shortDescription,
      category: categories.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...ids]));
  const tagRows = await tx
    .select({ productId: productTags.productId, name: tags.name })
    .from(productTags)
    .innerJoin(tags, eq(tags.id, productTags.tagId))
    .where(inArray(productTags.productId, [...ids]));
  const tagNames = new Map<number, string[]>();
  for (const t of tagRows) tagNames.set(t.productId, [...(tagNames.get(t.productId) ?? []), t.name]);
  for (const { id, ...p } of list) {
    await tx
      .update(products)
      .set(searchColumns({ ...p, tagNames: tagNames.get(id) ?? [] }))
      .where(eq(products.id, id));
  }
}
