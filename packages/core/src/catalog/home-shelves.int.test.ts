import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productPrices, products } from '../db/schema.ts';

/**
 * The home page's shelves on the test shop: the kupa (250 TL, market 300 TL: 16 % off, rounded down) is the one product
 * with a market price; the isimli kupa gets one below.
 */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
  // Created one a minute apart, in the order the test shop made them.
  const all = await t.db.select({ id: products.id }).from(products).orderBy(products.id);
  for (const [i, { id }] of all.entries())
    await t.db
      .update(products)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })
      .where(eq(products.id, id));
  // The isimli kupa: 300 TL, market 500 TL: 40 % off.
  await t.db
    .insert(productPrices)
    .values({ productId: t.shop.isimliKupa, priceType: 3, amountMinor: 50_000, currency: 'TRY' });
  await t.db.update(categories).set({ isFeatured: true }).where(eq(categories.id, t.shop.categories.tekstil));
  await t.services.cache.invalidateAll();
});
afterAll(() => t.dispose());

const shelves = () => t.services.catalog.homeShelves();

describe('the home shelves', () => {
  it('show the featured categories only', async () => {
    expect((await shelves()).featuredCategories.map((c) => c.slug)).toEqual(['tekstil']);
  });

  it('show the newest products that can be bought, newest first, never an inactive one', async () => {
    expect((await shelves()).newProducts.map((p) => p.slug)).toEqual([
      'e-kitap',
      'defter',
      'isimli-kupa',
      'pestemal',
      'kupa',
    ]);
  });

  it('show the discounted products, the largest discount first, with the market price and percent', async () => {
    const { discountedProducts } = await shelves();
    expect(discountedProducts.map((p) => [p.slug, p.price!.marketMinor, p.price!.discountPercent])).toEqual([
      ['isimli-kupa', 50_000, 40],
      ['kupa', 30_000, 16],
    ]);
  });

  it('leave a product out of both shelves once its stock runs out', async () => {
    await t.setStock(t.shop.kupa, 0);
    await t.services.cache.invalidateAll([t.shop.kupa]);
    try {
      const now = await shelves();
      expect(now.newProducts.map((p) => p.slug)).not.toContain('kupa');
      expect(now.discountedProducts.map((p) => p.slug)).toEqual(['isimli-kupa']);
    } finally {
      await t.setStock(t.shop.kupa, 10);
      await t.services.cache.invalidateAll([t.shop.kupa]);
    }
  });
});
