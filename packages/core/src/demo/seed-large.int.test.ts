import { openTestDatabase } from '@vitrin/testing/database';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { products, productVariants } from '../db/schema.ts';
import { type DemoData, readDemoData } from './data.ts';
import { largeCatalogProduct } from './large-catalog.ts';
import { seedLarge } from './seed-large.ts';

describe('large catalogue', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let demo: DemoData;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    demo = await readDemoData();
  });
  afterAll(() => dispose());

  it('generates the same products every time, with Turkish names and every stock type', () => {
    const list = Array.from({ length: 2_000 }, (_, i) => largeCatalogProduct(demo, i));
    expect(largeCatalogProduct(demo, 7)).toEqual(list[7]);
    expect(new Set(list.map((p) => p.slug)).size).toBe(list.length);
    expect(new Set(list.flatMap((p) => (p.variants ?? []).map((v) => v.sku))).size).toBe(
      list.reduce((n, p) => n + (p.variants?.length ?? 0), 0),
    );
    expect(new Set(list.map((p) => p.stockType))).toEqual(new Set([1, 2, 3, 4]));
    expect(list.some((p) => /[İıŞşĞğÜüÖöÇç]/.test(p.name))).toBe(true);
  });

  it('adds the products to the demo shop with search columns, and refuses a second time', async () => {
    expect(await seedLarge(database, 300)).toBe(true);
    const [all] = await database.db.select({ n: count() }).from(products);
    expect(all!.n).toBe(demo.products.length + 300);
    const [variants] = await database.db
      .select({ n: count() })
      .from(productVariants)
      .where(like(productVariants.sku, 'VL-%'));
    expect(variants!.n).toBeGreaterThan(0);
    const [found] = await database.query<{ n: number }>(
      `select count(*)::int as n from products where sku like 'VL-%' and search_text <> '' and search_vector is not null`,
    );
    expect(found!.n).toBe(300);

    expect(await seedLarge(database, 300)).toBe(false);
    const [after] = await database.db.select({ n: count() }).from(products);
    expect(after!.n).toBe(all!.n);
  });
});
