import { STOCK_TYPE } from '@vitrin/shared/constants';
import { count, notLike } from 'drizzle-orm';
import { readingMinutes } from '../blog/reading-time.ts';
import { searchColumns } from '../catalog/search-columns.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import type { Db } from '../db/client.ts';
import {
  blogCategories,
  blogPosts,
  blogPostTags,
  blogTags,
  categories,
  coupons,
  menuItems,
  pages,
  productPrices,
  products,
  productTags,
  productVariants,
  settings,
  socialAccounts,
  tags,
} from '../db/schema.ts';
import { assertSettingKey, parseSetting } from '../settings/service.ts';
import { type DemoData, type DemoMenuItem, type DemoPrice, type DemoProduct, readDemoData } from './data.ts';

/**
 * The one seeder: writes the demo data (`data.ts`, `packages/core/demo-data/`) into an empty database.
 * Dates in the data are days before or after the seed, so the demo reads as fresh whenever it is set up.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** PostgreSQL takes at most 65 535 parameters per statement; multi-row inserts stay well below. */
const MAX_PARAMS = 30_000;

/**
 * True when the shop has never been set up (no settings written yet). The services' own secrets
 * (`orders/secrets.ts`) are written at their first start and are no shop data.
 */
export async function isEmptyShop(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(settings).where(notLike(settings.key, 'secret:%'));
  return (row?.n ?? 0) === 0;
}

/**
 * Fills an empty database with the demo shop "Vitrin Atölye" in one transaction, so a failed seed leaves
 * nothing half-written. Returns false (and writes nothing) when the shop already has data.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await isEmptyShop(tx as unknown as Db))) return false;
    await writeDemo(tx as unknown as Db, await readDemoData(), new Date());
    return true;
  });
}

async function writeDemo(tx: Db, data: DemoData, now: Date): Promise<void> {
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS);

  const settingRows = Object.entries(data.shop.settings).map(([key, raw]) => {
    assertSettingKey(key);
    return { key, value: String(parseSetting(key, String(raw))) };
  });
  await tx.insert(settings).values(settingRows);
  const insertMenu = async (nodes: readonly DemoMenuItem[], parentId: number | null) => {
    for (const [position, node] of nodes.entries()) {
      const [row] = await tx
        .insert(menuItems)
        .values({ parentId, title: node.title, url: node.url, position })
        .returning({ id: menuItems.id });
      if (node.children?.length) await insertMenu(node.children, row!.id);
    }
  };
  await insertMenu(data.shop.menu, null);
  await tx.insert(socialAccounts).values(data.shop.socialAccounts.map((a, position) => ({ ...a, position })));
  await tx.insert(pages).values(data.pages);

  // Parents first: the data lists top categories before their children.
  const categoryIds = new Map<string, number>();
  for (const [position, c] of data.categories.entries()) {
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
  const tagRows = await tx.insert(tags).values(data.tags).returning({ id: tags.id, slug: tags.slug });
  const refs: CatalogRefs = {
    categoryIds,
    categoryNames: new Map(data.categories.map((c) => [c.slug, c.name])),
    tagIds: new Map(tagRows.map((t) => [t.slug, t.id])),
    tagNames: new Map(data.tags.map((t) => [t.slug, t.name])),
  };
  await insertProducts(tx, data.products, refs, now);

  await tx.insert(coupons).values(
    data.coupons.map(({ category, startsInDays, endsInDays, ...c }) => ({
      ...c,
      categoryId: category ? categoryIds.get(category)! : null,
      startsAt: startsInDays === undefined ? undefined : days(startsInDays),
      endsAt: endsInDays === undefined ? undefined : days(endsInDays),
    })),
  );

  await writeBlog(tx, data.blog, now);
}

async function writeBlog(tx: Db, blog: DemoData['blog'], now: Date): Promise<void> {
  const categoryRows = await tx
    .insert(blogCategories)
    .values(blog.categories.map((c, position) => ({ ...c, position })))
    .returning({ id: blogCategories.id, slug: blogCategories.slug });
  const tagRows = await tx
    .insert(blogTags)
    .values(blog.tags)
    .returning({ id: blogTags.id, slug: blogTags.slug });
  const categoryId = new Map(categoryRows.map((r) => [r.slug, r.id]));
  const tagId = new Map(tagRows.map((r) => [r.slug, r.id]));

  const postRows = await tx
    .insert(blogPosts)
    .values(
      blog.posts.map((p) => {
        const body = sanitizeRichText(p.body);
        // Mid-morning Istanbul time, so that dates read the same in every time zone of the shop's visitors.
        const publishedAt = new Date(now.getTime() - p.daysAgo * DAY_MS);
        publishedAt.setUTCHours(7, 30, 0, 0);
        return {
          slug: p.slug,
          title: p.title,
          coverImage: p.cover,
          excerpt: p.excerpt,
          body,
          author: p.author,
          categoryId: categoryId.get(p.category)!,
          readingMinutes: readingMinutes(body),
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        };
      }),
    )
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  const postId = new Map(postRows.map((r) => [r.slug, r.id]));
  await tx
    .insert(blogPostTags)
    .values(
      blog.posts.flatMap((p) => p.tags.map((t) => ({ postId: postId.get(p.slug)!, tagId: tagId.get(t)! }))),
    );
}

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

function productValues(p: DemoProduct, refs: CatalogRefs, now: Date) {
  const createdAt = new Date(now.getTime() - p.daysAgo * DAY_MS);
  const tagNames = p.tags.map((t) => refs.tagNames.get(t) ?? t);
  return {
    slug: p.slug,
    sku: p.sku,
    name: p.name,
    shortDescription: p.shortDescription,
    description: p.description,
    stockType: p.stockType,
    categoryId: refs.categoryIds.get(p.category)!,
    images: p.images,
    vatRate: p.vatRate,
    stock: p.stockType === STOCK_TYPE.Variant ? null : p.stock,
    optionGroups: p.optionGroups ?? [],
    personalization: p.personalization ?? null,
    specifications: p.specifications,
    ...searchColumns({
      name: p.name,
      sku: p.sku,
      shortDescription: p.shortDescription,
      tagNames,
      category: refs.categoryNames.get(p.category) ?? '',
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
  list: DemoProduct[],
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
  const idOf = (p: DemoProduct) => productIds.get(p.sku)!;

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
