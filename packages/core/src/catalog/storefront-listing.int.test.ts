import { type ListingQuery, listingQuerySchema } from '@vitrin/shared/api/catalog-query';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productTags, tags } from '../db/schema.ts';
import { refreshSearchColumns } from './product-admin/search.ts';

/**
 * The storefront's category and tag listings as the catalogue service answers them, on the test shop:
 * seramik ⊃ kupalar (kupa 250 TL, isimli-kupa 300 TL, eski inactive), tekstil (peştemal 10 USD = 412,50 TL,
 * defter 150 TL), dijital (e-kitap 99 TL).
 */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
  const [tag] = await t.db.insert(tags).values({ slug: 'hediyelik', name: 'Hediyelik' }).returning();
  await t.db.insert(productTags).values([
    { productId: t.shop.kupa, tagId: tag!.id },
    { productId: t.shop.pestemal, tagId: tag!.id },
    { productId: t.shop.eski, tagId: tag!.id },
  ]);
  // The test shop writes no search or sort columns; a product saved from the panel has them.
  const all = (await t.db.select({ id: products.id }).from(products)).map((p) => p.id);
  await t.db.transaction((tx) => refreshSearchColumns(tx, all));
  await t.services.cache.invalidateAll();
});
afterAll(() => t.dispose());

const query = (q: Record<string, string | string[]> = {}): ListingQuery => listingQuerySchema.parse(q);
const slugsOf = async (category: string, q: Record<string, string | string[]> = {}) =>
  (await t.services.catalog.categoryPage(category, query(q)))!.listing.items.map((i) => i.slug);

describe('a category page', () => {
  it('lists the products of its subcategories too, never an inactive one', async () => {
    expect((await slugsOf('seramik')).sort()).toEqual(['isimli-kupa', 'kupa']);
    expect((await slugsOf('kupalar')).sort()).toEqual(['isimli-kupa', 'kupa']);
  });

  it('gives breadcrumbs from the top and the subcategories', async () => {
    const page = (await t.services.catalog.categoryPage('kupalar', query()))!;
    expect(page.breadcrumbs.map((b) => b.name)).toEqual(['Seramik', 'kupalar']);
    expect(page.breadcrumbs[0]!.url).toBe('/shop/seramik');
    const top = (await t.services.catalog.categoryPage('seramik', query()))!;
    expect(top.subcategories.map((c) => c.slug)).toEqual(['kupalar']);
  });

  it('is null for an unknown slug', async () => {
    expect(await t.services.catalog.categoryPage('olmayan', query())).toBeNull();
    expect(await t.services.catalog.tagPage('olmayan', query())).toBeNull();
  });

  it('pages with a page count, and an empty page past the last one keeps the total', async () => {
    const first = (await t.services.catalog.categoryPage('seramik', query({ pageSize: '1' })))!.listing;
    const second = (await t.services.catalog.categoryPage('seramik', query({ pageSize: '1', page: '2' })))!
      .listing;
    expect(first).toMatchObject({ total: 2, pageCount: 2, page: 1, pageSize: 1 });
    expect(first.items).toHaveLength(1);
    expect(second.items.map((i) => i.slug)).not.toEqual(first.items.map((i) => i.slug));
    const past = (await t.services.catalog.categoryPage('seramik', query({ pageSize: '1', page: '9' })))!
      .listing;
    expect(past.items).toEqual([]);
    expect(past.total).toBe(2);
  });
});

describe('sorting and filters', () => {
  it('sorts by price in TRY across currencies: 10 USD comes above 150 TL', async () => {
    expect(await slugsOf('tekstil', { sort: 'price_desc' })).toEqual(['pestemal', 'defter']);
    expect(await slugsOf('tekstil', { sort: 'price_asc' })).toEqual(['defter', 'pestemal']);
  });

  it('sorts by name the Turkish way (İ before S)', async () => {
    expect(await slugsOf('seramik', { sort: 'name' })).toEqual(['isimli-kupa', 'kupa']);
  });

  it('filters by a price range typed in lira, bounds included', async () => {
    expect(await slugsOf('seramik', { min: '250', max: '299,99' })).toEqual(['kupa']);
    expect(await slugsOf('seramik', { min: '250,01' })).toEqual(['isimli-kupa']);
    // 10 USD × 41.25 = 412,50 TL: the converted price is filtered.
    expect(await slugsOf('tekstil', { min: '400' })).toEqual(['pestemal']);
  });

  it('keeps only products in stock with stock=1, and a variant product by its active variants', async () => {
    await t.setStock(t.shop.kupa, 0);
    await t.services.cache.invalidateAll([t.shop.kupa]);
    try {
      expect(await slugsOf('seramik', { stock: '1' })).toEqual(['isimli-kupa']);
      const page = (await t.services.catalog.categoryPage('seramik', query()))!.listing;
      expect(page.items.find((i) => i.slug === 'kupa')!.inStock).toBe(false);
    } finally {
      await t.setStock(t.shop.kupa, 10);
      await t.services.cache.invalidateAll([t.shop.kupa]);
    }
    // The peştemal's blue variant has 5 pieces.
    expect(await slugsOf('tekstil', { stock: '1' })).toContain('pestemal');
  });

  it('filters by a variant option as Name:Value', async () => {
    expect(await slugsOf('tekstil', { opt: 'Renk:Mavi' })).toEqual(['pestemal']);
    expect(await slugsOf('tekstil', { opt: 'Renk:Mor' })).toEqual([]);
  });

  it('offers the facets of the whole result, tags with their counts and the price range', async () => {
    const { facets } = (await t.services.catalog.categoryPage('tekstil', query({ pageSize: '1' })))!.listing;
    expect(facets.tags).toEqual([expect.objectContaining({ slug: 'hediyelik', count: 1 })]);
    expect(facets.priceRange).toEqual({ minMinor: 15_000, maxMinor: 41_250 });
    expect(facets.options).toEqual([{ name: 'Renk', values: expect.arrayContaining(['Mavi']) }]);
  });

  it('lists a tag page across categories, leaving inactive products out', async () => {
    const page = (await t.services.catalog.tagPage('hediyelik', query({ sort: 'price_asc' })))!;
    expect(page.tag).toEqual({ slug: 'hediyelik', name: 'Hediyelik' });
    expect(page.listing.items.map((i) => i.slug)).toEqual(['kupa', 'pestemal']);
  });
});

describe('prices shoppers see', () => {
  it('shows retail shoppers the sale price with the market price and the discount', async () => {
    const card = (await t.services.catalog.categoryPage('kupalar', query()))!.listing.items.find(
      (i) => i.slug === 'kupa',
    )!;
    expect(card.price).toMatchObject({ amountMinor: 25_000, marketMinor: 30_000, isWholesale: false });
    expect(card.price!.discountPercent).toBeGreaterThan(0);
  });

  it('shows a wholesale customer the wholesale price, on the card and the page', async () => {
    const wholesale = { wholesale: true };
    const card = (await t.services.catalog.categoryPage('kupalar', query(), wholesale))!.listing.items.find(
      (i) => i.slug === 'kupa',
    )!;
    expect(card.price).toMatchObject({ amountMinor: 20_000, isWholesale: true });
    expect((await t.services.catalog.product('kupa', wholesale))!.price!.amountMinor).toBe(20_000);
    expect((await t.services.catalog.product('kupa'))!.price!.amountMinor).toBe(25_000);
  });

  it('never shows the purchase price (90 TL of the kupa) anywhere in a page or listing', async () => {
    const answers = JSON.stringify([
      await t.services.catalog.product('kupa'),
      await t.services.catalog.product('kupa', { wholesale: true }),
      await t.services.catalog.categoryPage('seramik', query()),
      await t.services.catalog.homeShelves(),
    ]);
    expect(answers).not.toMatch(/\b9000\b/);
    expect(answers).not.toMatch(/purchase|cost/i);
  });
});

describe('a product page', () => {
  it('shows a variant product with its active variants only, each priced and with its stock', async () => {
    const page = (await t.services.catalog.product('pestemal'))!;
    expect(page.variants.map((v) => v.sku).sort()).toEqual(['PESTEMAL-KIRMIZI', 'PESTEMAL-MAVI']);
    const mavi = page.variants.find((v) => v.sku === 'PESTEMAL-MAVI')!;
    expect(mavi.stock).toEqual({ state: 'low', remaining: 5 });
    expect(mavi.price!.amountMinor).toBe(41_250);
    expect(page.variants.find((v) => v.sku === 'PESTEMAL-KIRMIZI')!.stock.state).toBe('out');
  });

  it('shows a designable product with its personalization fields, other types without', async () => {
    const designable = (await t.services.catalog.product('isimli-kupa'))!;
    expect(designable.personalization!.fields.map((f) => f.key)).toEqual(['isim', 'not']);
    expect((await t.services.catalog.product('kupa'))!.personalization).toBeNull();
  });

  it('is null for an inactive product and for an unknown one', async () => {
    expect(await t.services.catalog.product('eski')).toBeNull();
    expect(await t.services.catalog.product('olmayan')).toBeNull();
  });

  it('lists related products of its category, never itself or an inactive one', async () => {
    const page = (await t.services.catalog.product('kupa'))!;
    expect(page.related.map((r) => r.slug)).toEqual(['isimli-kupa']);
    expect(page.breadcrumbs.map((b) => b.name)).toEqual(['Seramik', 'kupalar']);
  });

  it('follows a deactivation once the caches drop', async () => {
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, t.shop.defter));
    await t.services.cache.invalidateAll([t.shop.defter]);
    try {
      expect(await t.services.catalog.product('defter')).toBeNull();
      expect(await slugsOf('tekstil')).toEqual(['pestemal']);
    } finally {
      await t.db.update(products).set({ isActive: true }).where(eq(products.id, t.shop.defter));
      await t.services.cache.invalidateAll([t.shop.defter]);
    }
  });
});
