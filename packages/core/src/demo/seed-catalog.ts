import { searchColumns } from '../catalog/search-columns.ts';
import type { Db } from '../db/client.ts';
import { categories, productPrices, products, productTags, productVariants, tags } from '../db/schema.ts';
import { type DemoPrice, type DemoProduct, demoCategories, demoProducts, demoTags } from './catalog.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** PostgreSQL takes at most 65 535 parameters per statement; multi-row inserts stay well below. */
const MAX_PARAMS = 30_000;

/** A catalogue product to insert; `imagesOf` names the product whose pictures it shows (default: itself). */
export type SeedProduct = DemoProduct & { imagesOf?: string };

/** Ids and names of the categories and tags the products refer to by slug. */
export interface CatalogRefs {
  categoryIds: Map<string, number>;
  categoryNames: Map<string, string>;
  tagIds: Map<string, number>;
  tagNames: Map<string, string>;
}

const priceRows = (productId: number, variantId: number | null, prices: DemoPrice[]) =>
  prices.map((p) => ({
    productId,
    variantId,
    priceType: p.type,
    amountMinor: p.amount,
    currency: p.currency,
  }));

/** Rows split so that a multi-row insert of each part stays under the parameter limit. */
function chunked<T extends object>(rows: T[]): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, Object.keys(rows[0] ?? {}).length)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function productValues(p: SeedProduct, refs: CatalogRefs, now: Date) {
  const createdAt = new Date(now.getTime() - p.daysAgo * DAY_MS);
  const tagNames = p.tags.map((t) => refs.tagNames.get(t) ?? t);
  const categoryName = refs.categoryNames.get(p.category) ?? '';
  const imagesOf = p.imagesOf ?? p.slug;
  return {
    slug: p.slug,
    sku: p.sku,
    name: p.name,
    shortDescription: p.shortDescription,
    description: p.description,
    stockType: p.stockType,
    categoryId: refs.categoryIds.get(p.category)!,
    images: Array.from({ length: p.imageCount }, (_, i) => `catalog/products/${imagesOf}-${i + 1}.webp`),
    vatRate: p.vatRate,
    stock: p.stockType === 2 ? null : p.stock,
    optionGroups: p.optionGroups ?? [],
    personalization: p.personalization ?? null,
    specifications: p.specifications,
    ...searchColumns({
      name: p.name,
      sku: p.sku,
      shortDescription: p.shortDescription,
      tagNames,
      category: categoryName,
    }),
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Inserts products with their prices, tags and variants in a few multi-row statements (the demo seed and
 * `npm run seed:large` both use it). Search columns are filled here, as every product insert must.
 */
export async function insertProducts(
  tx: Db,
  list: SeedProduct[],
  refs: CatalogRefs,
  now = new Date(),
): Promise<void> {
  const productIds = new Map<string, number>();
  for (const chunk of chunked(list.map((p) => productValues(p, refs, now)))) {
    const inserted = await tx
      .insert(products)
      .values(chunk)
      .returning({ id: products.id, sku: products.sku });
    for (const r of inserted) productIds.set(r.sku, r.id);
  }
  const idOf = (p: SeedProduct) => productIds.get(p.sku)!;

  const variantList = list.flatMap((p) => (p.variants ?? []).map((v, position) => ({ p, v, position })));
  const variantIds = new Map<string, number>();
  const variantValues = variantList.map(({ p, v, position }) => ({
    productId: idOf(p),
    sku: v.sku,
    options: v.options,
    stock: v.stock,
    images: v.image ? [v.image] : [],
    position,
  }));
  for (const chunk of chunked(variantValues)) {
    const inserted = await tx
      .insert(productVariants)
      .values(chunk)
      .returning({ id: productVariants.id, sku: productVariants.sku });
    for (const r of inserted) variantIds.set(r.sku, r.id);
  }

  const prices = [
    ...list.flatMap((p) => priceRows(idOf(p), null, p.prices)),
    ...variantList.flatMap(({ p, v }) => priceRows(idOf(p), variantIds.get(v.sku)!, v.prices ?? [])),
  ];
  for (const chunk of chunked(prices)) await tx.insert(productPrices).values(chunk);
  const tagLinks = list.flatMap((p) =>
    p.tags.map((t) => ({ productId: idOf(p), tagId: refs.tagIds.get(t)! })),
  );
  for (const chunk of chunked(tagLinks)) await tx.insert(productTags).values(chunk);
}

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
  await insertProducts(
    tx,
    demoProducts,
    {
      categoryIds,
      categoryNames: new Map(demoCategories.map((c) => [c.slug, c.name])),
      tagIds: new Map(tagRows.map((t) => [t.slug, t.id])),
      tagNames: new Map(demoTags.map((t) => [t.slug, t.name])),
    },
    now,
  );
}
