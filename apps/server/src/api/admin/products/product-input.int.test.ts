import { auditLog, products, productVariants } from '@vitrin/core/db/schema';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: TestShop;
let owner: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  shop = await seedTestShop(t.services.database.db);
  await t.services.cache.invalidateAll();
  owner = (await loggedInStaff(t.app, t.services, 'owner')).b;
});
afterAll(() => t.close());

const valid = (extra: Record<string, unknown> = {}) => ({
  name: 'Bakır Cezve',
  sku: 'CEZVE-1',
  stockType: 1,
  categoryId: shop.categories.kupalar,
  vatRate: 20,
  prices: [{ priceType: 2, price: '349,90' }],
  stock: 4,
  ...extra,
});
const variantForm = (variants: unknown[], groups = [{ name: 'Renk', values: ['Bakır', 'Gümüş'] }]) =>
  valid({ sku: 'CEZVE-V', stockType: 2, stock: null, optionGroups: groups, variants });

/** How many products, variants and audit rows there are: a refused request changes none. */
const counts = async () => {
  const { db } = t.services.database;
  const [[p], [v], [a]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(productVariants),
    db.select({ n: count() }).from(auditLog),
  ]);
  return [p!.n, v!.n, a!.n];
};

/** Sends the form; expects the status and error code, a Turkish message on `field`, and nothing written. */
async function refused(body: unknown, status: number, code: string, field: string, message?: RegExp) {
  const before = await counts();
  const res = await owner.post('/api/admin/products', body as object);
  expect({ status: res.statusCode, code: res.json().error?.code }).toEqual({ status, code });
  const fields = res.json().error.fields ?? {};
  expect(Object.keys(fields)).toContain(field);
  if (message) expect(fields[field]).toMatch(message);
  expect(await counts()).toEqual(before);
  return res;
}

describe('the product form refuses bad input with a Turkish message on the field, writing nothing', () => {
  it('a missing name', async () => {
    const { name: _, ...body } = valid();
    await refused(body, 400, 'GECERSIZ_ISTEK', 'name', /Ürün adını girin/);
    await refused(valid({ name: ' ' }), 400, 'GECERSIZ_ISTEK', 'name', /en az 2 karakter/);
  });

  it('an empty SKU, one with spaces, and one another product has (409)', async () => {
    await refused(valid({ sku: '' }), 400, 'GECERSIZ_ISTEK', 'sku', /SKU girin/);
    await refused(valid({ sku: 'CEZVE 1' }), 400, 'GECERSIZ_ISTEK', 'sku', /yalnızca harf, rakam/);
    await refused(valid({ sku: 'kupa' }), 409, 'SKU_KAYITLI', 'sku', /başka bir üründe/);
    // A variant's SKU counts too.
    await refused(valid({ sku: 'PESTEMAL-MAVI' }), 409, 'SKU_KAYITLI', 'sku');
  });

  it('a price that is no number, negative, or has three decimals', async () => {
    const price = (p: unknown) => valid({ prices: [{ priceType: 2, price: p }] });
    await refused(price('abc'), 400, 'GECERSIZ_ISTEK', 'prices.0.price', /rakamla girin/);
    await refused(price('-10'), 400, 'GECERSIZ_ISTEK', 'prices.0.price', /eksi olamaz/);
    await refused(price(-10), 400, 'GECERSIZ_ISTEK', 'prices.0.price', /eksi olamaz/);
    await refused(price('10,999'), 400, 'GECERSIZ_ISTEK', 'prices.0.price', /iki basamak/);
    await refused(price(10.999), 400, 'GECERSIZ_ISTEK', 'prices.0.price', /iki basamak/);
    await refused(
      valid({ prices: [{ priceType: 3, price: '10' }] }),
      400,
      'GECERSIZ_ISTEK',
      'prices',
      /Satış fiyatını/,
    );
    await refused(
      valid({
        prices: [
          { priceType: 2, price: '10' },
          { priceType: 2, price: '12' },
        ],
      }),
      400,
      'GECERSIZ_ISTEK',
      'prices.1.priceType',
      /bir kez/,
    );
  });

  it('a VAT rate other than 0, 10 or 20', async () => {
    await refused(valid({ vatRate: 18 }), 400, 'GECERSIZ_ISTEK', 'vatRate', /%0, %10 ya da %20/);
    await refused(valid({ vatRate: 'yirmi' }), 400, 'GECERSIZ_ISTEK', 'vatRate');
  });

  it('a currency other than TRY, USD or EUR', async () => {
    await refused(
      valid({ prices: [{ priceType: 2, price: '10', currency: 'GBP' }] }),
      400,
      'GECERSIZ_ISTEK',
      'prices.0.currency',
      /TRY, USD ya da EUR/,
    );
  });

  it('an option group with a value twice (Turkish letters folded), and two variants of one combination', async () => {
    await refused(
      variantForm(
        [{ options: { Renk: 'Bakır' }, sku: 'CV-1' }],
        [{ name: 'Renk', values: ['Bakır', 'BAKIR'] }],
      ),
      400,
      'GECERSIZ_ISTEK',
      'optionGroups.0.values.1',
      /iki kez/,
    );
    await refused(
      variantForm([
        { options: { Renk: 'Bakır' }, sku: 'CV-1' },
        { options: { Renk: 'Bakır' }, sku: 'CV-2' },
      ]),
      400,
      'GECERSIZ_ISTEK',
      'variants.1.options',
      /iki kez/,
    );
    await refused(
      variantForm([{ options: { Renk: 'Altın' }, sku: 'CV-1' }]),
      400,
      'GECERSIZ_ISTEK',
      'variants.0.options',
    );
  });

  it('a variant without a SKU, and two variants with one SKU', async () => {
    await refused(
      variantForm([{ options: { Renk: 'Bakır' } }]),
      400,
      'GECERSIZ_ISTEK',
      'variants.0.sku',
      /SKU/,
    );
    await refused(
      variantForm([
        { options: { Renk: 'Bakır' }, sku: 'CV-1' },
        { options: { Renk: 'Gümüş' }, sku: 'CV-1' },
      ]),
      400,
      'GECERSIZ_ISTEK',
      'variants.1.sku',
      /iki kez/,
    );
  });

  it('an unknown category (422) or tag', async () => {
    await refused(valid({ categoryId: 999_999 }), 422, 'KATEGORI_BULUNAMADI', 'categoryId');
    await refused(valid({ tagIds: [999_999] }), 422, 'ETIKET_BULUNAMADI', 'tagIds');
    await refused(valid({ categoryId: 'kupalar' }), 400, 'GECERSIZ_ISTEK', 'categoryId', /Kategori seçin/);
  });

  it('a slug another product has (409, a free one offered)', async () => {
    await refused(valid({ slug: 'kupa' }), 409, 'SLUG_KAYITLI', 'slug', /öneri: kupa-2/);
    await refused(valid({ slug: '---' }), 400, 'GECERSIZ_ISTEK', 'slug');
  });

  it('a meta title over 70 or a description over 160 characters', async () => {
    await refused(valid({ metaTitle: 'a'.repeat(71) }), 400, 'GECERSIZ_ISTEK', 'metaTitle', /en fazla 70/);
    await refused(
      valid({ metaDescription: 'a'.repeat(161) }),
      400,
      'GECERSIZ_ISTEK',
      'metaDescription',
      /160/,
    );
    // 61-70 is allowed (60 is advice).
    const ok = await owner.post('/api/admin/products', valid({ metaTitle: 'a'.repeat(70), sku: 'META-70' }));
    expect(ok.statusCode).toBe(201);
  });

  it('what a stock type needs: a stock count, variants only on variant products, personalization fields', async () => {
    await refused(valid({ stock: null }), 400, 'GECERSIZ_ISTEK', 'stock', /Stok adedini/);
    await refused(valid({ stock: -1 }), 400, 'GECERSIZ_ISTEK', 'stock');
    await refused(valid({ stockType: 3 }), 400, 'GECERSIZ_ISTEK', 'personalization');
    await refused(valid({ stockType: 5 }), 400, 'GECERSIZ_ISTEK', 'stockType', /Stok tipi/);
    await refused(variantForm([]), 400, 'GECERSIZ_ISTEK', 'variants');
  });

  it('an edit of an unknown product (404) and stock taken below zero (409), nothing changed', async () => {
    const res = await owner.put('/api/admin/products/999999', valid());
    expect(res.statusCode).toBe(404);
    const before = await counts();
    const below = await owner.post(`/api/admin/products/${shop.isimliKupa}/stock`, {
      change: -21,
      reason: 'fire',
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.code).toBe('STOK_EKSIYE_DUSEMEZ');
    expect(await counts()).toEqual(before);
    const stock = (await owner.get(`/api/admin/products/${shop.isimliKupa}`)).json().product.stock;
    expect(stock).toBe(20);
    const zero = await owner.post(`/api/admin/products/${shop.isimliKupa}/stock`, {
      change: 0,
      reason: 'fire',
    });
    expect(zero.statusCode).toBe(400);
    const unlimited = await owner.post(`/api/admin/products/${shop.ekitap}/stock`, {
      change: 1,
      reason: 'sayım',
    });
    expect(unlimited.json().error.code).toBe('STOK_SINIRSIZ');
  });
});

describe("a variant's image is one of its product's images", () => {
  const own = ['products/cezve-bakir.webp', 'products/cezve-gumus.webp', 'products/cezve-ust.webp'];
  /** A Renk product with the three images above; Bakır and Gümüş show the images given. */
  const pictured = (sku: string, bakir: string[], gumus: string[] = [], ids: number[] = []) =>
    variantForm([
      { id: ids[0], options: { Renk: 'Bakır' }, sku: `${sku}-B`, stock: 2, images: bakir },
      { id: ids[1], options: { Renk: 'Gümüş' }, sku: `${sku}-G`, stock: 3, images: gumus },
    ]);
  const withImages = (sku: string, body: ReturnType<typeof pictured>, images = own) => ({
    ...body,
    sku,
    name: `Resimli Cezve ${sku}`,
    images,
  });
  type Stored = { id: number; slug: string; variants: { id: number; sku: string; images: string[] }[] };
  const shopImages = async (slug: string) =>
    Object.fromEntries(
      ((await t.app.inject(`/api/front/products/${slug}`)).json().variants as Stored['variants']).map((v) => [
        v.sku,
        v.images,
      ]),
    );

  it('is stored, read back by the panel, changed by an edit and shown by the storefront at once', async () => {
    const res = await owner.post('/api/admin/products', withImages('RC1', pictured('RC1', [own[1]!])));
    expect(res.statusCode).toBe(201);
    const product = res.json().product as Stored;
    expect(product.variants.map((v) => v.images)).toEqual([[own[1]], []]);
    const read = await owner.get(`/api/admin/products/${product.id}`);
    expect(read.json().product.variants[0].images).toEqual([own[1]]);
    expect(await shopImages(product.slug)).toEqual({ 'RC1-B': [own[1]], 'RC1-G': [] });

    const ids = product.variants.map((v) => v.id);
    const edit = await owner.put(
      `/api/admin/products/${product.id}`,
      withImages('RC1', pictured('RC1', [], [own[2]!], ids)),
    );
    expect(edit.statusCode).toBe(200);
    expect(await shopImages(product.slug)).toEqual({ 'RC1-B': [], 'RC1-G': [own[2]] });
  });

  const message = /Varyantın görseli bu ürünün görsellerinden biri olmalı/;

  it('an image of another product is refused on its field', async () => {
    const other = await owner.post(
      '/api/admin/products',
      valid({ sku: 'BASKA-1', name: 'Başka Cezve', images: ['products/baska-cezve.webp'] }),
    );
    expect(other.statusCode).toBe(201);
    await refused(
      withImages('RC2', pictured('RC2', [], ['products/baska-cezve.webp'])),
      400,
      'GECERSIZ_ISTEK',
      'variants.1.images.0',
      message,
    );
  });

  it('a missing image (a path no product has) is refused on its field', async () => {
    const body = withImages('RC3', pictured('RC3', ['products/yok.webp']));
    await refused(body, 400, 'GECERSIZ_ISTEK', 'variants.0.images.0', message);
  });

  it('an edit taking an image off the product while a variant shows it is refused; the product stays', async () => {
    const created = await owner.post('/api/admin/products', withImages('RC4', pictured('RC4', [own[0]!])));
    expect(created.statusCode).toBe(201);
    const stored = created.json().product as Stored;
    const ids = stored.variants.map((v) => v.id);
    const before = await counts();
    const res = await owner.put(
      `/api/admin/products/${stored.id}`,
      withImages('RC4', pictured('RC4', [own[0]!], [], ids), own.slice(1)),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['variants.0.images.0']).toMatch(message);
    expect(await counts()).toEqual(before);
    const read = (await owner.get(`/api/admin/products/${stored.id}`)).json().product;
    expect(read.images).toEqual(own);
    expect(read.variants[0].images).toEqual([own[0]]);
  });
});
