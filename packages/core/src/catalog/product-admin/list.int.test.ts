import { productListQuery } from '@vitrin/shared/api/admin/products';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../db/schema.ts';
import { refreshSearchColumns } from './search.ts';

/** The panel's product list on the test shop: its rows, search, filters, sorting and paging. */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
  const all = (await t.db.select({ id: products.id }).from(products)).map((p) => p.id);
  await t.db.transaction((tx) => refreshSearchColumns(tx, all));
});
afterAll(() => t.dispose());

const list = (query: Record<string, string> = {}) =>
  t.services.productAdmin.list(productListQuery.parse(query));
const ids = async (query: Record<string, string>) => (await list(query)).items.map((p) => p.id);

describe('the panel’s product list', () => {
  it('gives each row its sale price in its currency, stock and stock state', async () => {
    const { items } = await list({ perPage: '100' });
    expect(items.find((p) => p.id === t.shop.kupa)).toMatchObject({
      sku: 'KUPA',
      name: 'Sırlı Kupa',
      sale: { priceType: 2, priceMinor: 25_000, currency: 'TRY' },
      stock: 10,
      stockState: 'in_stock',
      isActive: true,
      categoryName: 'kupalar',
    });
    // A variant product's stock is its active variants' sum.
    expect(items.find((p) => p.id === t.shop.pestemal)).toMatchObject({
      stock: 5,
      stockState: 'low',
      sale: { currency: 'USD', priceMinor: 1000 },
    });
    expect(items.find((p) => p.id === t.shop.ekitap)).toMatchObject({ stock: null, stockState: 'in_stock' });
  });

  it('finds by name with Turkish letters folded, by SKU, by a variant’s SKU and barcode', async () => {
    expect(await ids({ q: 'SIRLI' })).toEqual([t.shop.kupa]);
    expect(await ids({ q: 'sırlı kupa' })).toEqual([t.shop.kupa]);
    expect(await ids({ q: 'e-kitap' })).toEqual([t.shop.ekitap]);
    expect(await ids({ q: 'pestemal-mavi' })).toEqual([t.shop.pestemal]);
    await t.db
      .update(productVariants)
      .set({ barcode: '8690000000011' })
      .where(eq(productVariants.id, t.shop.variants.mavi));
    expect(await ids({ q: '8690000000011' })).toEqual([t.shop.pestemal]);
    expect(await ids({ q: 'yok-boyle-bir-sey' })).toEqual([]);
  });

  it('filters by a category with its subcategories, inactive products included', async () => {
    const seramik = await ids({ categoryId: String(t.shop.categories.seramik) });
    expect(seramik.sort()).toEqual([t.shop.kupa, t.shop.isimliKupa, t.shop.eski].sort());
  });

  it('filters by active, stock state and a sale price range in lira, sorted by price either way', async () => {
    expect(await ids({ active: '0' })).toEqual([t.shop.eski]);
    expect(await ids({ stock: 'low', categoryId: String(t.shop.categories.tekstil) })).toEqual([
      t.shop.pestemal,
    ]);
    expect(await ids({ minPrice: '100', maxPrice: '260', sort: 'price' })).toEqual([
      t.shop.defter,
      t.shop.kupa,
    ]);
    expect(await ids({ minPrice: '100', maxPrice: '260', sort: '-price' })).toEqual([
      t.shop.kupa,
      t.shop.defter,
    ]);
  });

  it('says a product is out of stock at zero, low at its own threshold', async () => {
    await t.setStock(t.shop.defter, 0);
    await t.db.update(products).set({ lowStockThreshold: 25 }).where(eq(products.id, t.shop.isimliKupa));
    expect(await ids({ stock: 'out' })).toContain(t.shop.defter);
    // 20 pieces: low under its own threshold of 25, though the shop's is 5.
    expect(await ids({ stock: 'low' })).toContain(t.shop.isimliKupa);
    await t.setStock(t.shop.defter, 50);
    await t.db.update(products).set({ lowStockThreshold: null }).where(eq(products.id, t.shop.isimliKupa));
  });

  it('answers an empty page past the last one with the total', async () => {
    const page = await list({ perPage: '10', page: '99' });
    expect(page).toMatchObject({ items: [], page: 99, pageCount: 1 });
    expect(Number(page.total)).toBe(6);
  });
});
