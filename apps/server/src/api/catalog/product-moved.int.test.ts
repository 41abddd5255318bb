import { products } from '@vitrin/core/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, type Browser, createAccountTestApp } from '../../../test/accounts.ts';
import { loggedInStaff } from '../../../test/staff.ts';
import { multipartForm } from '../../../test/uploads.ts';

let t: AccountTestApp;
let manager: Browser;
beforeAll(async () => {
  t = await createAccountTestApp({ demo: true });
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
}, 120_000);
afterAll(() => t.close());

const db = () => t.services.database.db;
const productOf = async (sku: string) => (await db().select().from(products).where(eq(products.sku, sku)))[0];
const importCsv = async (text: string) => {
  const res = await manager.request({
    method: 'POST',
    url: '/api/admin/imports/products',
    ...multipartForm({}, { name: 'urunler.csv', type: 'text/csv', bytes: Buffer.from(text) }),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const get = (slug: string) => t.app.inject({ method: 'GET', url: `/api/front/products/${slug}` });

describe('the old address of a product whose slug changed', () => {
  it('answers 301 to the new one; a slug taken again by another product is that product’s; unknown is 404', async () => {
    await importCsv(
      'SKU;Ürün Adı;Slug;Kategori;Satış Fiyatı\r\nMOVE-1;Taşınan Kupa;tasinan-kupa;kupalar;10\r\n',
    );
    expect((await get('tasinan-kupa')).statusCode).toBe(200);
    await importCsv(
      'SKU;Ürün Adı;Slug;Kategori;Satış Fiyatı\r\nMOVE-1;Taşınan Kupa;yeni-kupa-adresi;kupalar;10\r\n',
    );
    expect((await productOf('MOVE-1'))!.slug).toBe('yeni-kupa-adresi');
    const moved = await get('tasinan-kupa');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/api/front/products/yeni-kupa-adresi');
    const now = await get('yeni-kupa-adresi');
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ name: 'Taşınan Kupa' });

    // Moved twice: the first address goes straight to the last one.
    await importCsv(
      'SKU;Ürün Adı;Slug;Kategori;Satış Fiyatı\r\nMOVE-1;Taşınan Kupa;son-kupa-adresi;kupalar;10\r\n',
    );
    expect((await get('tasinan-kupa')).headers.location).toBe('/api/front/products/son-kupa-adresi');
    expect((await get('yeni-kupa-adresi')).headers.location).toBe('/api/front/products/son-kupa-adresi');

    // Another product takes the old slug: the address is that product's, not a redirect.
    await importCsv(
      'SKU;Ürün Adı;Slug;Kategori;Satış Fiyatı\r\nMOVE-2;Başka Kupa;tasinan-kupa;kupalar;12\r\n',
    );
    const reused = await get('tasinan-kupa');
    expect(reused.statusCode).toBe(200);
    expect(reused.json()).toMatchObject({ name: 'Başka Kupa' });

    expect((await get('hic-olmamis-bir-urun')).statusCode).toBe(404);
  });

  it('answers 404, not a 301 to a missing page, while the moved product is off sale; 301 again once back', async () => {
    await importCsv(
      'SKU;Ürün Adı;Slug;Kategori;Satış Fiyatı\r\nMOVE-3;Gizlenen Tabak;gizlenen-tabak;kupalar;10\r\n',
    );
    await importCsv(
      'SKU;Ürün Adı;Slug;Kategori;Satış Fiyatı\r\nMOVE-3;Gizlenen Tabak;gizlenen-tabak-yeni;kupalar;10\r\n',
    );
    expect((await get('gizlenen-tabak')).headers.location).toBe('/api/front/products/gizlenen-tabak-yeni');
    const { id } = (await productOf('MOVE-3'))!;
    const bulk = (action: string) => manager.post('/api/admin/products/bulk', { ids: [id], action });

    expect((await bulk('deactivate')).statusCode).toBe(200);
    expect((await get('gizlenen-tabak-yeni')).statusCode).toBe(404);
    expect((await get('gizlenen-tabak')).statusCode).toBe(404);

    expect((await bulk('activate')).statusCode).toBe(200);
    expect((await get('gizlenen-tabak')).headers.location).toBe('/api/front/products/gizlenen-tabak-yeni');
  });
});
