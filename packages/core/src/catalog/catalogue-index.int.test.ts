import { randomUUID } from 'node:crypto';
import type { ProductListing } from '@vitrin/shared/api/catalog';
import { LISTING_SORTS } from '@vitrin/shared/api/catalog';
import type { ListingQuery } from '@vitrin/shared/api/catalog-query';
import { openTestDatabase } from '@vitrin/testing/database';
import { guest, guestCheckoutForm } from '@vitrin/testing/shop';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../customers/tokens.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { categories, customers, productPrices, products, reviews } from '../db/schema.ts';
import { connectCacheBus, createServices, type Services } from '../services.ts';
import { searchColumns } from './search-columns.ts';

const query = (over: Partial<ListingQuery> = {}): ListingQuery => ({
  page: 1,
  pageSize: 48,
  sort: 'newest',
  tag: [],
  opt: [],
  ...over,
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/**
 * The catalogue index is changed in place: a change on one app node shows in the listings and search of
 * that node at once and of every other node (NOTIFY) as soon as it arrives, without building it again.
 */
describe('catalogue index: changes show in listings and search', () => {
  let database: Database;
  let otherDatabase: Database | undefined;
  let dispose: () => Promise<void>;
  /** Two app nodes on one database, each with its own in-process caches. */
  let here: Services;
  let there: Services;
  let category: string;
  let product: { id: number; slug: string; name: string };

  const listing = async (node: Services, over: Partial<ListingQuery> = {}) =>
    (await node.catalog.categoryPage(category, query(over)))!.listing;
  const found = async (node: Services, q: string, over: Partial<ListingQuery> = {}) =>
    (await node.catalog.search(q, query(over))).listing!;
  const card = (l: ProductListing) => l.items.find((i) => i.id === product.id);
  const onBoth = async (check: (node: Services) => Promise<boolean>) => {
    expect(await check(here)).toBe(true);
    expect(await eventually(() => check(there))).toBe(true);
  };

  beforeAll(async () => {
    let url: string | undefined;
    ({ database, url, dispose } = await openTestDatabase({ demo: true }));
    here = createServices(database);
    // On PostgreSQL the other node has connections of its own, as another process would; the embedded
    // database has one handle, which both nodes share.
    if (url) otherDatabase = await openDatabase({ databaseUrl: url, poolSize: 2 });
    there = createServices(otherDatabase ?? database);
    await connectCacheBus(here);
    await connectCacheBus(there);
    // A category of single-stock products (stock type 1), and its cheapest product.
    const [row] = await database.db
      .select({ id: products.id, slug: products.slug, name: products.name, category: categories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.isActive, true), eq(products.stockType, 1), sql`${products.stock} > 2`))
      .orderBy(products.id)
      .limit(1);
    category = row!.category;
    product = row!;
    // Both nodes have their index built before the changes.
    await Promise.all([listing(here), listing(there), found(here, 'kupa'), found(there, 'kupa')]);
  });
  afterAll(async () => {
    await otherDatabase?.close();
    await dispose();
  });

  it('re-sorts a listing and a search by a new price', async () => {
    await here.catalogAdmin.setProduct(product.slug, 'price', '0,01');
    await onBoth(async (node) => {
      const cheapest = (await listing(node, { sort: 'price_asc' })).items[0];
      const dearest = (await listing(node, { sort: 'price_desc' })).items.at(-1);
      const searched = (await found(node, product.name, { sort: 'price_asc' })).items[0];
      return [cheapest, dearest, searched].every((c) => c?.id === product.id && c.price?.amountMinor === 1);
    });
    expect((await listing(here, { max: 1 })).items.map((i) => i.id)).toEqual([product.id]);
  });

  it('filters by stock as it is now', async () => {
    await here.catalogAdmin.setProduct(product.slug, 'stock', '0');
    await onBoth(async (node) => {
      const inStock = await listing(node, { stock: '1' });
      const all = await listing(node);
      const searched = await found(node, product.name);
      return (
        !card(inStock) &&
        inStock.total === all.total - all.items.filter((i) => !i.inStock).length &&
        card(all)?.inStock === false &&
        card(searched)?.inStock === false
      );
    });
    await here.catalogAdmin.setProduct(product.slug, 'stock', '5');
    await onBoth(async (node) => card(await listing(node, { stock: '1' }))?.inStock === true);
  });

  it('finds a product by its new name, no longer by its old one, and sorts it by name', async () => {
    await here.catalogAdmin.setProduct(product.slug, 'name', 'Aaa Zümrüt Fincan');
    await onBoth(async (node) => {
      const byNew = await found(node, 'zumrut fincan');
      const byName = await listing(node, { sort: 'name' });
      return card(byNew)?.name === 'Aaa Zümrüt Fincan' && byName.items[0]?.id === product.id;
    });
    await here.catalogAdmin.setProduct(product.slug, 'name', product.name);
    await onBoth(async (node) => !card(await found(node, 'zumrut fincan')));
  });

  it('drops a deactivated product and shows it again once active', async () => {
    await here.catalogAdmin.setProduct(product.slug, 'active', '0');
    await onBoth(async (node) => !card(await listing(node)) && !card(await found(node, product.name)));
    await here.catalogAdmin.setProduct(product.slug, 'active', '1');
    await onBoth(async (node) => !!card(await listing(node)) && !!card(await found(node, product.name)));
  });

  it("takes an approved review into every node's cards and the rating sort", async () => {
    /** The rating sort's rule: a higher average, then more reviews first; products without reviews last. */
    const sortedByRating = (l: ProductListing) =>
      l.items.every((item, k) => {
        const next = l.items[k + 1];
        if (!next?.rating) return true;
        if (!item.rating) return false;
        return (
          item.rating.average > next.rating.average ||
          (item.rating.average === next.rating.average && item.rating.count >= next.rating.count)
        );
      });
    expect(card(await listing(here))?.rating).toBeNull();
    const written: number[] = [];
    for (const [n, rating] of [
      [1, 5],
      [2, 4],
    ] as const) {
      const [customer] = await database.db
        .insert(customers)
        .values({
          email: `puanlayan-${n}-${randomUUID()}@example.com`,
          firstName: 'Ayşe',
          lastName: 'Yılmaz',
          phone: '+905321234567',
          passwordHash: 'scrypt$-',
          kvkkAcceptedAt: new Date(),
        })
        .returning({ id: customers.id });
      const [review] = await database.db
        .insert(reviews)
        .values({
          productId: product.id,
          customerId: customer!.id,
          rating,
          title: 'Güzel',
          body: 'Beğendim.',
          authorName: 'Ayşe Y.',
        })
        .returning({ id: reviews.id });
      written.push(review!.id);
    }
    // Waiting for moderation: not counted yet.
    expect(card(await listing(here, { sort: 'rating' }))?.rating).toBeNull();
    const moderator = { kind: 'cli' as const };
    for (const id of written) await here.reviewsAdmin.approve(moderator, id, {});
    await onBoth(async (node) => {
      const byRating = await listing(node, { sort: 'rating' });
      const rated = card(byRating);
      const searched = card(await found(node, product.name, { sort: 'rating' }));
      return (
        rated?.rating?.average === 4.5 &&
        rated.rating.count === 2 &&
        searched?.rating?.count === 2 &&
        sortedByRating(byRating)
      );
    });
    // Taken down: out of the count on every node.
    await here.reviewsAdmin.reject(moderator, written[0]!, { reason: 'Ürünle ilgisiz' });
    await onBoth(async (node) => {
      const rated = card(await listing(node, { sort: 'rating' }));
      return rated?.rating?.average === 4 && rated.rating.count === 1;
    });
  });

  it('shows a new product once its change names it', async () => {
    const [cat] = await database.db.select().from(categories).where(eq(categories.slug, category));
    const name = 'Yepyeni Obsidyen Tabak';
    const [row] = await database.db
      .insert(products)
      .values({
        slug: 'yepyeni-obsidyen-tabak',
        sku: 'OBSIDYEN-1',
        name,
        categoryId: cat!.id,
        stockType: 1,
        stock: 3,
        vatRate: 20,
        ...searchColumns({
          name,
          sku: 'OBSIDYEN-1',
          shortDescription: '',
          tagNames: [],
          category: cat!.name,
        }),
      })
      .returning({ id: products.id });
    await database.db
      .insert(productPrices)
      .values({ productId: row!.id, priceType: 2, amountMinor: 12_345, currency: 'TRY' });
    await here.cache.invalidateAll([row!.id]);
    await onBoth(async (node) => {
      const newest = (await listing(node)).items[0];
      const searched = (await found(node, 'obsidyen')).items;
      return newest?.id === row!.id && newest.price?.amountMinor === 12_345 && searched[0]?.id === row!.id;
    });
  });

  it("takes an order's stock into every node's listings without dropping their other caches", async () => {
    await here.catalogAdmin.setProduct(product.slug, 'stock', '1');
    await onBoth(async (node) => card(await listing(node, { stock: '1' }))?.inStock === true);
    let dropped = 0;
    there.cache.onClear(() => dropped++);
    const owner = { token: newToken() };
    await here.cart.add(owner, { productId: product.id, quantity: 1 } as never, guest);
    await here.checkout.place(owner, { ...guest, phone: null }, guestCheckoutForm(), randomUUID());
    // The order's transaction announces its stock with the commit, to this node too (a NOTIFY: milliseconds).
    for (const node of [here, there])
      expect(await eventually(async () => !card(await listing(node, { stock: '1' })))).toBe(true);
    expect(card(await listing(there))?.inStock).toBe(false);
    expect(dropped).toBe(0);
  });

  it("lists what a filter keeps of a scope in the scope's order, asked before the scope itself or after", async () => {
    const fresh = createServices(database);
    for (const sort of LISTING_SORTS) {
      const inStock = await listing(fresh, { sort, stock: '1' });
      const all = await listing(fresh, { sort });
      const inStockAgain = await listing(fresh, { sort, stock: '1' });
      expect(all.total).toBe(all.items.length);
      expect(inStock.items).toEqual(all.items.filter((i) => i.inStock));
      expect(inStock.total).toBe(inStock.items.length);
      expect(inStockAgain).toEqual(inStock);
      // The facets are the whole scope's, whatever the filter.
      expect(inStock.facets).toEqual(all.facets);
    }
  });

  it('answers after all these changes exactly as an index built afresh', async () => {
    const fresh = createServices(database);
    expect(await there.catalog.homeShelves()).toEqual(await fresh.catalog.homeShelves());
    for (const sort of LISTING_SORTS)
      for (const over of [{}, { stock: '1' as const }, { page: 2, pageSize: 5 }]) {
        const q = { sort, ...over };
        expect(await listing(here, q)).toEqual(await listing(fresh, q));
        expect(await listing(there, q)).toEqual(await listing(fresh, q));
        expect(await found(there, 'kupa', q)).toEqual(await found(fresh, 'kupa', q));
      }
  });
});
