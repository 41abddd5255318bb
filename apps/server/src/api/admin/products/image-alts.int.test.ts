import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: TestShop;
let manager: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  shop = await seedTestShop(t.services.database.db);
  await t.services.cache.invalidateAll();
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
});
afterAll(() => t.close());

const form = (extra: Record<string, unknown>) => ({
  name: 'Açıklamalı Tabak',
  sku: 'ALT-TABAK',
  stockType: 1,
  categoryId: shop.categories.kupalar,
  vatRate: 20,
  prices: [
    { priceType: 1, price: '80' },
    { priceType: 2, price: '149,90' },
  ],
  stock: 3,
  ...extra,
});

describe('product image alt text', () => {
  it('keeps the alt text of the images shown, in their order, and the storefront product answers it', async () => {
    const created = await manager.request({
      method: 'POST',
      url: '/api/admin/products',
      payload: form({
        images: ['products/ikinci.webp', 'products/birinci.webp'],
        imageAlts: {
          'products/birinci.webp': '  Mavi çini tabak, üstten  ',
          'products/ikinci.webp': '',
          'products/kaldirilan.webp': 'Artık ürünün görseli değil',
        },
      }),
    });
    expect(created.statusCode).toBe(201);
    const { product } = created.json();
    expect(product.images).toEqual(['products/ikinci.webp', 'products/birinci.webp']);
    // Trimmed; a blank one and one of an image the product no longer shows are dropped.
    expect(product.imageAlts).toEqual({ 'products/birinci.webp': 'Mavi çini tabak, üstten' });

    const page = await t.app.inject(`/api/front/products/${product.slug}`);
    expect(page.json().images).toEqual(['products/ikinci.webp', 'products/birinci.webp']);
    expect(page.json().imageAlts).toEqual({ 'products/birinci.webp': 'Mavi çini tabak, üstten' });
  });

  it('saves a form without imageAlts (older clients) with none', async () => {
    const res = await manager.request({
      method: 'POST',
      url: '/api/admin/products',
      payload: form({ sku: 'ALT-ESKI', name: 'Eski Form Tabak', images: ['products/a.webp'] }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().product.imageAlts).toEqual({});
  });

  it('refuses an alt text over 200 characters with a Turkish message on its field', async () => {
    const res = await manager.request({
      method: 'POST',
      url: '/api/admin/products',
      payload: form({
        sku: 'ALT-UZUN',
        images: ['products/a.webp'],
        imageAlts: { 'products/a.webp': 'x'.repeat(201) },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(JSON.stringify(res.json().error.fields)).toContain('en fazla 200 karakter');
  });
});
