import { LISTING_SORTS } from '@vitrin/shared/api/catalog';
import type { ListingQuery } from '@vitrin/shared/api/catalog-query';
import { openTestDatabase } from '@vitrin/testing/database';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { categories, orderItems, products } from '../db/schema.ts';
import { createServices, type Services } from '../services.ts';
import { loadSnapshot, readHead } from './index-snapshot.ts';
import { type CatalogService, createCatalogService } from './service.ts';

const query = (over: Partial<ListingQuery> = {}): ListingQuery => ({
  page: 1,
  pageSize: 48,
  sort: 'newest',
  tag: [],
  opt: [],
  ...over,
});

/** Snapshots for any catalogue size, written only when a test asks. */
const SNAPSHOTS = { minProducts: 1, saveEveryMs: 3_600_000, embedded: true };

/**
 * A node that starts from the catalogue index's snapshot answers every listing and search as a node that
 * built its index from the products' rows, whatever changed since the snapshot was written.
 */
describe('catalogue index snapshot', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  /** The node that writes the snapshot, and the shop's services for changes. */
  let shop: Services;
  let writer: CatalogService;
  let category: string;

  /** A new node, as a process starting now would make it (snapshots on, or built from the rows). */
  const node = (snapshots: typeof SNAPSHOTS | false = SNAPSHOTS) =>
    createCatalogService(database.db, createServices(database).cache, shop.settings, { snapshots });

  /** The same listings, searches and shelves from both nodes. */
  async function expectSameAnswers(a: CatalogService, b: CatalogService) {
    expect(await a.homeShelves()).toEqual(await b.homeShelves());
    for (const sort of LISTING_SORTS)
      for (const over of [{}, { stock: '1' as const }, { page: 2, pageSize: 5 }]) {
        const q = query({ sort, ...over });
        expect(await a.categoryPage(category, q)).toEqual(await b.categoryPage(category, q));
        for (const words of ['kupa', 'seramk', 'vazo'])
          expect(await a.search(words, q)).toEqual(await b.search(words, q));
      }
  }

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase({ demo: true }));
    shop = createServices(database);
    writer = createCatalogService(database.db, shop.cache, shop.settings, { snapshots: SNAPSHOTS });
    const [row] = await database.db
      .select({ slug: categories.slug, n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .groupBy(categories.slug)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    category = row!.slug;
    // Approved reviews' counts on some of the category's products (a few averages tie), kept in the snapshot.
    await database.query(
      `update products set rating_count = 1 + id % 4, rating_sum = (1 + id % 4) * (1 + id % 5)
       where id % 3 = 0 and category_id = (select id from categories where slug = $1)`,
      [category],
    );
    expect(await writer.indexSource()).toBe('rows');
    await writer.saveIndexSnapshot();
  });
  afterAll(() => dispose());

  it('starts a node from the snapshot, answering as one built from the rows', async () => {
    const started = node();
    expect(await started.indexSource()).toBe('snapshot');
    await expectSameAnswers(started, node(false));
    // The ratings came with it: the rating sort's first card is the best rated product.
    const [best] = await database.db
      .select({ id: products.id, count: products.ratingCount, sum: products.ratingSum })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(
        and(eq(categories.slug, category), eq(products.isActive, true), sql`${products.ratingCount} > 0`),
      )
      .orderBy(
        sql`round(${products.ratingSum}::numeric / ${products.ratingCount}, 1) desc`,
        sql`${products.ratingCount} desc`,
        sql`${products.createdAt} desc`,
        sql`${products.id} desc`,
      )
      .limit(1);
    const first = (await started.categoryPage(category, query({ sort: 'rating' })))!.listing.items[0];
    expect(first).toMatchObject({
      id: best!.id,
      rating: { count: best!.count, average: Math.round((best!.sum / best!.count) * 10) / 10 },
    });
  });

  it('catches up with changes made after the snapshot: prices, names, stock, tags, new and deleted products', async () => {
    const [first, second, third] = await database.db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(
        and(
          eq(products.isActive, true),
          eq(products.stockType, 1),
          sql`not exists (select 1 from ${orderItems} where ${orderItems.productId} = ${products.id})`,
        ),
      )
      .orderBy(products.id)
      .limit(3);
    await shop.catalogAdmin.setProduct(first!.slug, 'price', '0,01');
    await shop.catalogAdmin.setProduct(first!.slug, 'name', 'Aaa Zümrüt Kupa');
    await shop.catalogAdmin.setProduct(second!.slug, 'stock', '0');
    await shop.catalogAdmin.setProduct(third!.slug, 'active', '0');
    // A review approved after the snapshot: its product's rating as the moderation recounts it.
    await database.query('update products set rating_count = 3, rating_sum = 14 where id = $1', [second!.id]);
    // A product copied from the first under a new slug, and one deleted outright (its rows gone).
    await database.query(
      `insert into products (slug, sku, name, category_id, stock_type, stock, vat_rate, search_text, name_sort, is_active)
       select 'kopya-' || slug, 'KOPYA-' || sku, 'Kopya Vazo', category_id, stock_type, 5, vat_rate,
         'kopya vazo', 'kopya vazo', true from products where id = $1`,
      [first!.id],
    );
    const [last] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(sql`not exists (select 1 from ${orderItems} where ${orderItems.productId} = ${products.id})`)
      .orderBy(sql`${products.id} desc`)
      .offset(1)
      .limit(1);
    await database.db.delete(products).where(eq(products.id, last!.id));
    // A tag taken off a product, its product row untouched (the facets count it no more).
    await database.query(
      `delete from product_tags where product_id = (select product_id from product_tags order by product_id limit 1)`,
    );

    const started = node();
    expect(await started.indexSource()).toBe('snapshot');
    expect((await started.search('zumrut kupa', query())).listing?.items[0]?.id).toBe(first!.id);
    expect((await started.search('kopya vazo', query())).listing?.total).toBe(1);
    await expectSameAnswers(started, node(false));
  });

  it('is kept current: the writer writes again the chunks of what changed', async () => {
    const [row] = await database.db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id)
      .limit(1);
    await shop.catalogAdmin.setProduct(row!.slug, 'name', 'Aaa Yakut Kupa');
    // The writer has applied the change (its search finds it), then writes its chunk: the snapshot as
    // stored, before any catching up, holds the new name.
    expect((await writer.search('yakut kupa', query())).listing?.total).toBe(1);
    const before = await readHead(database.db);
    await writer.saveIndexSnapshot();
    const loaded = await loadSnapshot(database.db, { usdRate: '35', eurRate: '38' });
    const [card] = loaded!.index.cards([loaded!.index.slotOf(row!.id)], {
      usdRate: '35',
      eurRate: '38',
      rounding: 'none',
      wholesale: false,
    });
    expect(card?.name).toBe('Aaa Yakut Kupa');
    // The name order is kept too, and taken only when it is one (checked against the names).
    const names = loaded!.nameOrder!;
    expect(names.length).toBe(loaded!.index.size);
    expect(loaded!.index.seedNameOrder(names.slice().reverse(), [])).toBe(false);
    expect(loaded!.index.seedNameOrder(names, [])).toBe(true);
    expect(loaded!.watermark).toBeGreaterThanOrEqual(before!.watermark);
    // The change log before the watermark is of no more use, and cut.
    const [older] = await database.query<{ n: number }>(
      'select count(*)::int as n from catalogue_changes where xid < $1',
      [loaded!.watermark.toString()],
    );
    expect(older!.n).toBe(0);
    const started = node();
    expect(await started.indexSource()).toBe('snapshot');
    expect((await started.search('yakut kupa', query())).listing?.total).toBe(1);
    await expectSameAnswers(started, node(false));
  });

  it('builds from the rows when the snapshot is of another format, of another cluster or not whole', async () => {
    await database.query('update catalogue_snapshots set format = format + 100');
    const fromRows = node();
    expect(await fromRows.indexSource()).toBe('rows');
    // A node built from the rows writes a snapshot of its own in the background: waited for, so that it
    // does not land after the changes below.
    await fromRows.saveIndexSnapshot();
    expect(await node().indexSource()).toBe('snapshot');
    // Written on another PostgreSQL cluster (a restored backup): its transaction ids tell nothing here.
    await database.query(`update catalogue_snapshots set name = name || ' elsewhere'`);
    const elsewhere = node();
    expect(await elsewhere.indexSource()).toBe('rows');
    await elsewhere.saveIndexSnapshot();
    // The node built from the rows has written its own snapshot: the one from elsewhere is named back in
    // its place.
    await database.query(`delete from catalogue_snapshots where name not like '% elsewhere'`);
    await database.query(`update catalogue_snapshots set name = replace(name, ' elsewhere', '')`);
    expect(await node().indexSource()).toBe('snapshot');
    // A chunk missing: the snapshot is not whole.
    await database.query('delete from catalogue_snapshot_chunks where chunk = 0');
    const started = node();
    expect(await started.indexSource()).toBe('rows');
    await expectSameAnswers(started, node(false));
  });
});
