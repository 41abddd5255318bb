import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { turkishSortKey } from '@vitrin/shared/turkish-sort';
import type { Db } from '../db/client.ts';
import { categories, productPrices, products, productTags, productVariants, tags } from '../db/schema.ts';
import { type DemoPrice, demoCategories, demoProducts, demoTags } from './catalog.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The text the search folds and matches: name, SKU, tags and the category, Turkish-folded. */
export function productSearchText(name: string, sku: string, tagNames: string[], category: string): string {
  return foldTurkish([name, sku, category, ...tagNames].join(' '));
}

/** The full-text document: the same words and the summary, lowercased the Turkish way (stems need ı, ş…). */
export function productSearchDocument(
  name: string,
  summary: string,
  tagNames: string[],
  category: string,
): string {
  return [name, category, ...tagNames, summary].join(' ').toLocaleLowerCase('tr-TR');
}

const priceRows = (productId: number, variantId: number | null, prices: DemoPrice[]) =>
  prices.map((p) => ({
    productId,
    variantId,
    priceType: p.type,
    amountMinor: p.amount,
    currency: p.currency,
  }));

/** Inserts the demo catalogue; part of the demo seed transaction. */
export async function seedDemoCatalog(tx: Db, now = new Date()): Promise<void> {
  const categoryIds = new Map<string, number>();
  // Parents first: the data lists top categories before their children.
  for (const [position, c] of demoCategories.entries()) {
    const [row] = await tx
      .insert(categories)
      .values({
        slug: c.slug,
        name: c.name,
        description: c.description,
        image: c.image,
        parentId: c.parent ? categoryIds.get(c.parent)! : null,
        isFeatured: c.featured ?? false,
        position,
      })
      .returning({ id: categories.id });
    categoryIds.set(c.slug, row!.id);
  }
  const tagRows = await tx.insert(tags).values(demoTags).returning({ id: tags.id, slug: tags.slug });
  const tagIds = new Map(tagRows.map((t) => [t.slug, t.id]));
  const tagNames = new Map(demoTags.map((t) => [t.slug, t.name]));
  const categoryNames = new Map(demoCategories.map((c) => [c.slug, c.name]));

  for (const p of demoProducts) {
    const createdAt = new Date(now.getTime() - p.daysAgo * DAY_MS);
    const [row] = await tx
      .insert(products)
      .values({
        slug: p.slug,
        sku: p.sku,
        name: p.name,
        shortDescription: p.shortDescription,
        description: p.description,
        stockType: p.stockType,
        categoryId: categoryIds.get(p.category)!,
        images: Array.from({ length: p.imageCount }, (_, i) => `catalog/products/${p.slug}-${i + 1}.webp`),
        vatRate: p.vatRate,
        stock: p.stockType === 2 ? null : p.stock,
        optionGroups: p.optionGroups ?? [],
        personalization: p.personalization ?? null,
        specifications: p.specifications,
        searchText: productSearchText(
          p.name,
          p.sku,
          p.tags.map((t) => tagNames.get(t) ?? t),
          categoryNames.get(p.category) ?? '',
        ),
        searchDocument: productSearchDocument(
          p.name,
          p.shortDescription,
          p.tags.map((t) => tagNames.get(t) ?? t),
          categoryNames.get(p.category) ?? '',
        ),
        nameSort: turkishSortKey(p.name),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: products.id });
    const productId = row!.id;
    await tx.insert(productPrices).values(priceRows(productId, null, p.prices));
    if (p.tags.length) {
      await tx.insert(productTags).values(p.tags.map((t) => ({ productId, tagId: tagIds.get(t)! })));
    }
    for (const [position, v] of (p.variants ?? []).entries()) {
      const [variant] = await tx
        .insert(productVariants)
        .values({ productId, sku: v.sku, options: v.options, stock: v.stock, position })
        .returning({ id: productVariants.id });
      if (v.prices?.length)
        await tx.insert(productPrices).values(priceRows(productId, variant!.id, v.prices));
    }
  }
}
