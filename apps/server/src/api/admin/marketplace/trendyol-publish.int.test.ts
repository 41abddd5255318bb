import { categories, productPrices, products } from '@vitrin/core/db/schema';
import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { startTrendyolServer } from '@vitrin/testing/trendyol-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { createTestServices, testConfig } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { buildApp } from '../../../http/app.ts';

/**
 * Putting a product on Trendyol from the panel (issue 43) against the Trendyol stand-in: Trendyol's categories,
 * brands and attributes, the mappings, the publish (202 with the batch, 409 when there or waiting, 422 with
 * what is missing) and the round that follows it; who may call; bad input; no keys.
 */
const trendyol = await startTrendyolServer({ batchReads: 0 });
const services = await createTestServices({
  demo: false,
  options: { shopUrl: 'https://magaza.test', trendyol: { env: trendyol.env } },
});
const bare = await createTestServices({ demo: false, options: { trendyol: { env: {} } } });
const app = await buildApp({ services, config: testConfig() });
const bareApp = await buildApp({ services: bare, config: testConfig() });
const { db } = services.database;
const BASE = '/api/admin/marketplace/trendyol';
const BARCODE = '8692222222229';

let owner: Browser;
let support: Browser;
let bareOwner: Browser;
let categoryId = 0;
let productId = 0;
beforeAll(async () => {
  owner = (await loggedInStaff(app, services, 'owner')).b;
  support = (await loggedInStaff(app, services, 'support')).b;
  bareOwner = (await loggedInStaff(bareApp, bare, 'owner')).b;
  const [category] = await db.insert(categories).values({ slug: 'kupalar', name: 'Kupalar' }).returning();
  categoryId = category!.id;
  const [product] = await db
    .insert(products)
    .values({
      slug: 'galata-kupa',
      sku: 'GALATA-KUPA',
      name: 'Galata Kupa',
      stockType: STOCK_TYPE.Single,
      categoryId,
      vatRate: 20,
      stock: 8,
      brand: 'Vitrin',
      barcode: BARCODE,
      images: ['products/galata.jpg'],
      description: '<p>Galata kulesi desenli kupa</p>',
    })
    .returning();
  productId = product!.id;
  await db
    .insert(productPrices)
    .values({ productId, priceType: PRICE_TYPE.Sale, amountMinor: 29_900, currency: 'TRY' });
});
afterAll(async () => {
  await app.close();
  await bareApp.close();
  await services.dispose();
  await bare.dispose();
  await trendyol.close();
});

const ATTRIBUTES = [
  { attributeId: 47, customValue: 'Beyaz' },
  { attributeId: 1192, valueId: 10_617_344 },
];

describe('putting a product on Trendyol from the panel', () => {
  it("searches Trendyol's categories and brands and reads a category's attributes", async () => {
    const found = await support.get(`${BASE}/categories?q=${encodeURIComponent('kupa')}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      categories: [{ id: 1081, name: 'Kupa & Bardak', path: 'Ev & Mobilya › Mutfak › Kupa & Bardak' }],
    });
    const brands = await support.get(`${BASE}/brands?q=Vitrin`);
    expect(brands.json()).toEqual({ brands: [{ id: 1791, name: 'Vitrin' }] });
    const attributes = await support.get(`${BASE}/categories/1081/attributes`);
    expect(attributes.statusCode).toBe(200);
    expect(attributes.json().categoryId).toBe(1081);
    expect(
      attributes
        .json()
        .attributes.filter((a: { required: boolean }) => a.required)
        .map((a: { name: string }) => a.name),
    ).toEqual(['Renk', 'Menşei']);
    const unknown = await support.get(`${BASE}/categories/5/attributes`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('TRENDYOL_KATEGORISI_YOK');
  });

  it('refuses the publish with what is missing until both mappings are set', async () => {
    const refused = await owner.post(`${BASE}/products/${productId}/publish`, { attributes: ATTRIBUTES });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('TRENDYOL_BILGI_EKSIK');
    expect(Object.keys(refused.json().error.fields)).toEqual(['category', 'brand']);
    expect(refused.json().missing).toHaveLength(2);

    const category = await owner.put(`${BASE}/mappings`, {
      kind: 'category',
      local: String(categoryId),
      remote: 1081,
    });
    expect(category.statusCode, category.body).toBe(200);
    expect(category.json().mapping).toEqual({
      kind: 'category',
      local: String(categoryId),
      localName: 'Kupalar',
      remote: 1081,
      remoteName: 'Ev & Mobilya › Mutfak › Kupa & Bardak',
    });
    const brand = await owner.put(`${BASE}/mappings`, {
      kind: 'brand',
      local: 'Vitrin',
      remote: 1791,
      remoteName: 'Vitrin',
    });
    expect(brand.statusCode).toBe(200);
    expect((await support.get(`${BASE}/mappings`)).json().mappings).toHaveLength(2);

    const noAttributes = await owner.post(`${BASE}/products/${productId}/publish`, { attributes: [] });
    expect(noAttributes.statusCode).toBe(422);
    expect(noAttributes.json().error.fields.attributes).toBe(
      'Trendyol kategorisinin zorunlu özellikleri eksik: Renk, Menşei.',
    );
  });

  it('publishes (202 with the batch), refuses a second publish, and the round links the listing', async () => {
    const published = await owner.post(`${BASE}/products/${productId}/publish`, {
      attributes: ATTRIBUTES,
      desi: 1.5,
    });
    expect(published.statusCode, published.body).toBe(202);
    expect(published.json()).toMatchObject({ productId, barcodes: [BARCODE], waiting: null });
    const batchId = published.json().batchId as string;
    expect(trendyol.batch(batchId)?.kind).toBe('create');

    const pending = (await support.get(`${BASE}/listings?state=linked`)).json().listings;
    expect(pending).toEqual([expect.objectContaining({ barcode: BARCODE, pending: true, seen: false })]);
    const again = await owner.post(`${BASE}/products/${productId}/publish`, { attributes: ATTRIBUTES });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TRENDYOL_GONDERIMI_BEKLIYOR');

    expect((await owner.post(`${BASE}/sync`)).json()).toMatchObject({ accepted: 1, error: null });
    expect((await owner.post(`${BASE}/sync`)).statusCode).toBe(200);
    const linked = (await support.get(`${BASE}/listings?state=linked`)).json().listings;
    expect(linked).toEqual([
      expect.objectContaining({
        barcode: BARCODE,
        productId,
        pending: false,
        seen: true,
        approved: false,
        lastError: null,
      }),
    ]);
    const there = await owner.post(`${BASE}/products/${productId}/publish`, { attributes: ATTRIBUTES });
    expect(there.statusCode).toBe(409);
    expect(there.json().error.code).toBe('TRENDYOL_URUNU_VAR');
  });

  it('removes a mapping', async () => {
    const gone = await owner.delete(`${BASE}/mappings/brand/Vitrin`);
    expect(gone.statusCode).toBe(204);
    const again = await owner.delete(`${BASE}/mappings/brand/Vitrin`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('ESLESME_BULUNAMADI');
  });

  it('refuses bad input in Turkish, with a code', async () => {
    const noQuery = await support.get(`${BASE}/brands`);
    expect(noQuery.statusCode).toBe(400);
    expect(noQuery.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(noQuery.json().error.fields.q).toBe('Marka adını girin');

    const kind = await owner.put(`${BASE}/mappings`, { kind: 'renk', local: '1', remote: 5 });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.fields.kind).toBe('Eşleşme türü category ya da brand olmalı');

    const remote = await owner.put(`${BASE}/mappings`, { kind: 'brand', local: 'Vitrin', remote: -3 });
    expect(remote.statusCode).toBe(400);
    expect(remote.json().error.fields.remote).toBe('Trendyol numarası geçersiz');

    const notNumber = await owner.put(`${BASE}/mappings`, { kind: 'category', local: 'kupa', remote: 1081 });
    expect(notNumber.statusCode).toBe(404);
    expect(notNumber.json().error.code).toBe('KATEGORI_BULUNAMADI');
    expect(notNumber.json().error.message).toBe('Mağazada kupa numaralı bir kategori yok.');

    const notLeaf = await owner.put(`${BASE}/mappings`, {
      kind: 'category',
      local: String(categoryId),
      remote: 1060,
    });
    expect(notLeaf.statusCode).toBe(422);
    expect(notLeaf.json().error.code).toBe('TRENDYOL_KATEGORISI_GECERSIZ');

    const both = await owner.post(`${BASE}/products/${productId}/publish`, {
      attributes: [{ attributeId: 47, valueId: 1, customValue: 'Beyaz' }],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(Object.values(both.json().error.fields)).toContain(
      'Her özellik için attributeId ve valueId ya da customValue girin',
    );

    const desi = await owner.post(`${BASE}/products/${productId}/publish`, { attributes: [], desi: 0 });
    expect(desi.statusCode).toBe(400);
    expect(desi.json().error.fields.desi).toBe('Desi 0,01 ile 1000 arasında bir sayı olmalı');

    const noProduct = await owner.post(`${BASE}/products/999999/publish`, { attributes: [] });
    expect(noProduct.statusCode).toBe(404);
    expect(noProduct.json().error.code).toBe('URUN_BULUNAMADI');

    const badCategory = await support.get(`${BASE}/categories/abc/attributes`);
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().error.fields.id).toBe('Trendyol kategori numarası geçersiz');
  });

  it('lets only catalogue writers map or publish', async () => {
    const map = await support.put(`${BASE}/mappings`, { kind: 'brand', local: 'Vitrin', remote: 1791 });
    expect(map.statusCode).toBe(403);
    expect(map.json().error.code).toBe('YETKI_YOK');
    const publish = await support.post(`${BASE}/products/${productId}/publish`, { attributes: [] });
    expect(publish.statusCode).toBe(403);
  });

  it('says the keys are missing when Trendyol is not set up', async () => {
    const categories = await bareOwner.get(`${BASE}/categories?q=kupa`);
    expect(categories.statusCode).toBe(409);
    expect(categories.json().error.code).toBe('TRENDYOL_AYARLANMADI');
    expect(categories.json().error.message).toContain('TRENDYOL_API_KEY');
  });
});
