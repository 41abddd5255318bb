import { listingQuerySchema } from '@vitrin/shared/api/catalog-query';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema.ts';
import { refreshSearchColumns } from './product-admin/search.ts';

/** The storefront search on the test shop, its search columns made as a panel save makes them. */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
  const all = (await t.db.select({ id: products.id }).from(products)).map((p) => p.id);
  await t.db.transaction((tx) => refreshSearchColumns(tx, all));
  await t.services.cache.invalidateAll();
});
afterAll(() => t.dispose());

const found = async (q: string, extra: Record<string, string> = {}) =>
  (await t.services.catalog.search(q, listingQuerySchema.parse(extra))).listing!.items.map((i) => i.slug);

describe('search', () => {
  it('finds by name with Turkish letters folded either way: pestemal, PEŞTEMAL, sirli', async () => {
    expect(await found('pestemal')).toEqual(['pestemal']);
    expect(await found('PEŞTEMAL')).toEqual(['pestemal']);
    expect(await found('sirli')).toEqual(['kupa']);
  });

  it('finds by SKU and by the category name', async () => {
    expect(await found('E-KITAP')).toEqual(['e-kitap']);
    expect((await found('kupalar')).sort()).toEqual(['isimli-kupa', 'kupa']);
  });

  it('never finds an inactive product', async () => {
    expect(await found('eski')).toEqual([]);
  });

  it('falls back on near matches only when nothing matches exactly', async () => {
    expect(await found('pestemall')).toEqual(['pestemal']);
  });

  it('applies the listing filters and sorts to results', async () => {
    expect(await found('kupa', { sort: 'price_desc' })).toEqual(['isimli-kupa', 'kupa']);
    expect(await found('kupa', { max: '260' })).toEqual(['kupa']);
  });

  it('answers no listing for an empty or blank query', async () => {
    expect((await t.services.catalog.search('   ', listingQuerySchema.parse({}))).listing).toBeNull();
  });

  it('treats SQL and LIKE characters as plain text', async () => {
    for (const q of ["'", '%', '_', "' OR 1=1 --", 'kupa%'])
      expect(await found(q), q).toEqual(expect.not.arrayContaining(['pestemal', 'e-kitap']));
  });

  it('suggests products and the categories whose name matches as the shopper types', async () => {
    const suggestion = await t.services.catalog.suggest('seram');
    expect(suggestion.categories).toEqual([{ slug: 'seramik', name: 'Seramik' }]);
    expect((await t.services.catalog.suggest('kup')).products.map((p) => p.slug).sort()).toEqual([
      'isimli-kupa',
      'kupa',
    ]);
    expect(await t.services.catalog.suggest(' ')).toEqual({ products: [], categories: [] });
  });

  it('finds a renamed product by its new name, not its old one', async () => {
    await t.services.catalogAdmin.setProduct('defter', 'name', 'Zümrüt Ajanda');
    expect(await found('zumrut')).toEqual(['defter']);
    expect(await found('İsimli Defter')).toEqual([]);
  });
});
