import { auditLog, categories, products, productVariants, stockMovements } from '@vitrin/core/db/schema';
import { guestCheckoutForm, seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { multipartForm } from '../../../../test/uploads.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: TestShop;
let owner: Browser;
let ownerId: number;
let manager: Browser;
let support: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  shop = await seedTestShop(t.services.database.db);
  await t.services.cache.invalidateAll();
  const o = await loggedInStaff(t.app, t.services, 'owner');
  owner = o.b;
  ownerId = o.member.id;
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
  support = (await loggedInStaff(t.app, t.services, 'support')).b;
});
afterAll(() => t.close());

const db = () => t.services.database.db;
const front = (url: string) => t.app.inject(url);
let n = 0;
/** A single product's form, valid as it is. */
const single = (extra: Record<string, unknown> = {}) => ({
  name: `Çini Tabak ${++n}`,
  sku: `CINI-${n}`,
  stockType: 1,
  categoryId: shop.categories.kupalar,
  vatRate: 20,
  prices: [
    { priceType: 1, price: '80' },
    { priceType: 2, price: '149,90' },
    { priceType: 3, price: '199,90' },
  ],
  stock: 12,
  ...extra,
});
const searchSlugs = async (q: string) =>
  (await front(`/api/front/search?q=${encodeURIComponent(q)}`))
    .json()
    .listing.items.map((p: { slug: string }) => p.slug);
const categorySlugs = async (slug: string) =>
  (await front(`/api/front/categories/${slug}/products?pageSize=48`))
    .json()
    .listing.items.map((p: { slug: string }) => p.slug);
const auditOf = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

/** A guest's order of one piece of the product (or variant) through the storefront's cart and checkout. */
let orders = 0;
async function placeOrder(productId: number, variantId?: number) {
  const shopper = browser(t.app);
  const added = await shopper.post('/api/front/cart/items', { productId, quantity: 1, variantId });
  expect(added.statusCode).toBe(201);
  const order = await shopper.request({
    method: 'POST',
    url: '/api/front/checkout',
    payload: guestCheckoutForm(),
    headers: { 'idempotency-key': `urun-siparisi-${++orders}` },
  });
  expect(order.statusCode).toBeLessThan(300);
}

/** The edit form as the panel fills it from the product's answer (amounts typed back in lira). */
const formOf = (
  p: Record<string, unknown> & { prices: Price[]; variants: { id: number; prices: Price[] }[] },
) => ({
  ...p,
  prices: p.prices.map(typed),
  variants: p.variants.map((v) => ({ ...v, prices: v.prices.map(typed) })),
});
type Price = { priceType: number; priceMinor: number; currency: string };
const typed = (e: Price) => ({
  priceType: e.priceType,
  price: (e.priceMinor / 100).toFixed(2),
  currency: e.currency,
});

describe('GET /api/admin/products', () => {
  it('lists rows with sale price, stock and state for support too, never writable by support', async () => {
    const res = await support.get('/api/admin/products?perPage=100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const kupa = res.json().items.find((p: { id: number }) => p.id === shop.kupa);
    expect(kupa).toMatchObject({
      sku: 'KUPA',
      name: 'Sırlı Kupa',
      sale: { priceType: 2, priceMinor: 25_000, currency: 'TRY' },
      stock: 10,
      stockState: 'in_stock',
      isActive: true,
      categoryName: 'kupalar',
    });
    const pestemal = res.json().items.find((p: { id: number }) => p.id === shop.pestemal);
    // Variants summed, the inactive one left out.
    expect(pestemal).toMatchObject({
      stock: 5,
      stockState: 'low',
      sale: { currency: 'USD', priceMinor: 1000 },
    });
    expect(res.json().items.find((p: { id: number }) => p.id === shop.ekitap)).toMatchObject({
      stock: null,
      stockState: 'in_stock',
    });
    const write = await support.post('/api/admin/products', single());
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('YETKI_YOK');
  });

  it('searches name (Turkish letters folded), SKU and a variant barcode', async () => {
    const ids = async (q: string) =>
      (await owner.get(`/api/admin/products?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((p: { id: number }) => p.id);
    const made = (
      await owner.post(
        '/api/admin/products',
        single({
          name: 'IŞIKLI Gölge Lambası',
          sku: 'LMB-77',
          categoryId: shop.categories.dijital,
          prices: [{ priceType: 2, price: '999' }],
        }),
      )
    ).json().product;
    expect(await ids('isikli golge')).toEqual([made.id]);
    expect(await ids('IŞIKLI')).toEqual([made.id]);
    expect(await ids('lmb-77')).toEqual([made.id]);
    expect(await ids('pestemal-mavi')).toEqual([shop.pestemal]);
    await db()
      .update(productVariants)
      .set({ barcode: '8690000000011' })
      .where(eq(productVariants.id, shop.variants.mavi));
    expect(await ids('8690000000011')).toEqual([shop.pestemal]);
    expect(await ids('yok-boyle-bir-sey')).toEqual([]);
  });

  it('filters by category with its subcategories, stock state, active and price range in TL, sorted and paged', async () => {
    const ids = async (query: string) =>
      (await owner.get(`/api/admin/products?${query}`)).json().items.map((p: { id: number }) => p.id);
    const seramik = await ids(`categoryId=${shop.categories.seramik}&sort=name`);
    expect(seramik).toEqual(expect.arrayContaining([shop.kupa, shop.isimliKupa, shop.eski]));
    expect(seramik).not.toContain(shop.pestemal);
    expect(await ids('active=0')).toEqual([shop.eski]);
    expect(await ids(`stock=low&categoryId=${shop.categories.tekstil}`)).toEqual([shop.pestemal]);
    const cheap = await ids('minPrice=100&maxPrice=260&sort=price');
    expect(cheap).toEqual([shop.defter, shop.kupa]);
    expect(await ids('minPrice=100&maxPrice=260&sort=-price')).toEqual([shop.kupa, shop.defter]);
    const page = (await owner.get('/api/admin/products?perPage=10&page=99')).json();
    expect(page).toMatchObject({ items: [], page: 99, pageCount: 1 });
    expect(page.total).toBeGreaterThanOrEqual(6);
    const bad = await owner.get('/api/admin/products?stock=bol&minPrice=abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['stock', 'minPrice']));
  });
});

describe('low-stock threshold', () => {
  it("a product's own threshold makes its state low in the list and puts it on the dashboard's low-stock list", async () => {
    const p = (await owner.post('/api/admin/products', single({ stock: 12, lowStockThreshold: '15' }))).json()
      .product;
    expect(p.lowStockThreshold).toBe(15);
    const row = (await owner.get(`/api/admin/products?q=${p.sku}`)).json().items[0];
    expect(row).toMatchObject({ id: p.id, stockState: 'low' });
    const dashboard = (await owner.get('/api/admin/dashboard')).json();
    expect(dashboard.lowStock.items.map((i: { sku: string }) => i.sku)).toContain(p.sku);
    // Without its own threshold the shop's (5) holds: 12 is not low.
    await owner.put(
      `/api/admin/products/${p.id}`,
      single({ name: p.name, sku: p.sku, slug: p.slug, stock: 12 }),
    );
    const again = (await owner.get('/api/admin/dashboard')).json();
    expect(again.lowStock.items.map((i: { sku: string }) => i.sku)).not.toContain(p.sku);
  });
});

describe('GET /api/admin/products/:id', () => {
  it('gives everything the form edits, the purchase price included, which /api/front never does', async () => {
    const res = await owner.get(`/api/admin/products/${shop.kupa}`);
    expect(res.statusCode).toBe(200);
    const { product } = res.json();
    expect(product.prices).toContainEqual({ priceType: 1, priceMinor: 9000, currency: 'TRY' });
    expect(product).toMatchObject({ stockType: 1, stock: 10, inOrders: false, metaTitle: '' });
    const shown = await front('/api/front/products/kupa');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain('9000');
    expect(shown.body).not.toMatch(/"price_type":1\b|"priceType":1\b/);
    expect((await owner.get('/api/admin/products/999999')).json().error.code).toBe('URUN_BULUNAMADI');
  });

  it('shows support everything but the purchase price, of the product and of its variants', async () => {
    const made = await owner.post('/api/admin/products', {
      ...single({ name: 'Maliyetli Önlük', sku: 'ONLUK', stockType: 2, stock: null }),
      optionGroups: [{ name: 'Renk', values: ['Kırmızı'] }],
      variants: [
        {
          options: { Renk: 'Kırmızı' },
          sku: 'ONLUK-K',
          stock: 4,
          prices: [
            { priceType: 1, price: '61,37' },
            { priceType: 2, price: '159,90' },
          ],
        },
      ],
    });
    expect(made.statusCode).toBe(201);
    const { id } = made.json().product;
    const asOwner = (await owner.get(`/api/admin/products/${id}`)).json().product;
    expect(asOwner.variants[0].prices).toContainEqual({ priceType: 1, priceMinor: 6137, currency: 'TRY' });

    const res = await support.get(`/api/admin/products/${id}`);
    expect(res.statusCode).toBe(200);
    const { product } = res.json();
    expect(product.prices.map((p: { priceType: number }) => p.priceType)).toEqual([2, 3]);
    expect(product.variants[0].prices).toEqual([{ priceType: 2, priceMinor: 15_990, currency: 'TRY' }]);
    expect(res.body).not.toMatch(/6137|8000/);
  });
});

describe('POST and PUT /api/admin/products', () => {
  it('creates a single product that the listing, search and product page show at once, audited', async () => {
    const res = await manager.post(
      '/api/admin/products',
      single({
        name: 'Şahane Çini Kâse',
        metaTitle: 'Çini kâse | El yapımı',
        metaDescription: 'Elde boyanmış kâse',
      }),
    );
    expect(res.statusCode).toBe(201);
    const { product } = res.json();
    expect(product).toMatchObject({
      slug: 'sahane-cini-kase',
      stock: 12,
      metaTitle: 'Çini kâse | El yapımı',
    });
    expect(product.prices).toEqual([
      { priceType: 1, priceMinor: 8000, currency: 'TRY' },
      { priceType: 2, priceMinor: 14_990, currency: 'TRY' },
      { priceType: 3, priceMinor: 19_990, currency: 'TRY' },
    ]);
    expect(await categorySlugs('seramik')).toContain('sahane-cini-kase');
    expect(await searchSlugs('sahane kase')).toContain('sahane-cini-kase');
    const page = (await front('/api/front/products/sahane-cini-kase')).json();
    expect(page).toMatchObject({
      name: 'Şahane Çini Kâse',
      price: { amountMinor: 14_990 },
      metaTitle: 'Çini kâse | El yapımı',
      metaDescription: 'Elde boyanmış kâse',
    });
    const [row] = await auditOf(product.id);
    expect(row).toMatchObject({ action: 'product.create', actorKind: 'staff', before: null });
    expect(row!.after).toMatchObject({ name: 'Şahane Çini Kâse', sku: product.sku });
    // Its starting stock is the first line of its history.
    const history = (await owner.get(`/api/admin/products/${product.id}/stock-history`)).json();
    expect(history.items).toEqual([
      expect.objectContaining({ stockBefore: 0, stockAfter: 12, reason: 'düzeltme' }),
    ]);
  });

  it('edits a product: the page shows the new name and price at once, the audit keeps what changed', async () => {
    const created = (await owner.post('/api/admin/products', single())).json().product;
    await front(`/api/front/products/${created.slug}`); // cached
    const edit = { ...single({ name: 'Yeni Ad Kase', sku: created.sku, slug: created.slug }) };
    edit.prices = [{ priceType: 2, price: '175' }];
    const res = await owner.put(`/api/admin/products/${created.id}`, { ...edit, stock: 12 });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.prices).toEqual([{ priceType: 2, priceMinor: 17_500, currency: 'TRY' }]);
    const page = (await front(`/api/front/products/${created.slug}`)).json();
    expect(page).toMatchObject({ name: 'Yeni Ad Kase', price: { amountMinor: 17_500 } });
    expect(await searchSlugs('yeni ad kase')).toContain(created.slug);
    const rows = await auditOf(created.id);
    expect(rows.at(-1)).toMatchObject({ action: 'product.update' });
    expect(Object.keys(rows.at(-1)!.after!).sort()).toEqual(['name', 'prices']);
  });

  it('creates a variant product from two option groups, each variant with SKU, barcode, price, stock, image', async () => {
    const groups = [
      { name: 'Renk', values: ['Kırmızı', 'Mavi'] },
      { name: 'Beden', values: ['S', 'M'] },
    ];
    const variants = [
      { options: { Renk: 'Kırmızı', Beden: 'S' }, sku: 'TSH-K-S', barcode: '8690000000101', stock: 3 },
      { options: { Renk: 'Kırmızı', Beden: 'M' }, sku: 'TSH-K-M', stock: 0 },
      {
        options: { Renk: 'Mavi', Beden: 'S' },
        sku: 'TSH-M-S',
        stock: 7,
        prices: [{ priceType: 2, price: '219,90' }],
        images: ['catalog/products/tsh-mavi.webp'],
      },
      { options: { Renk: 'Mavi', Beden: 'M' }, sku: 'TSH-M-M', stock: 2, isActive: false },
    ];
    const res = await owner.post('/api/admin/products', {
      ...single({ name: 'Tişört', sku: 'TSH', stockType: 2, stock: null, vatRate: '10' }),
      categoryId: shop.categories.tekstil,
      // A variant's image is one of the product's.
      images: ['catalog/products/tsh.webp', 'catalog/products/tsh-mavi.webp'],
      optionGroups: groups,
      variants,
    });
    expect(res.statusCode).toBe(201);
    const { product } = res.json();
    expect(product.stock).toBeNull();
    expect(product.variants.map((v: { sku: string; stock: number }) => [v.sku, v.stock])).toEqual([
      ['TSH-K-S', 3],
      ['TSH-K-M', 0],
      ['TSH-M-S', 7],
      ['TSH-M-M', 2],
    ]);
    expect(product.variants[0].barcode).toBe('8690000000101');
    expect(product.variants[2].prices).toEqual([{ priceType: 2, priceMinor: 21_990, currency: 'TRY' }]);
    const page = (await front('/api/front/products/tisort')).json();
    expect(page.variants.map((v: { sku: string }) => v.sku)).toEqual(['TSH-K-S', 'TSH-K-M', 'TSH-M-S']);
    expect(page.variants[2].price.amountMinor).toBe(21_990);
    expect(await categorySlugs('tekstil')).toContain('tisort');

    // Edit: one variant dropped, one added, one's stock changed (its history says so).
    const kept = product.variants.slice(0, 3).map((v: Record<string, unknown>) => ({ ...v, prices: [] }));
    kept[0].stock = 5;
    const edit = await owner.put(`/api/admin/products/${product.id}`, {
      ...single({ name: 'Tişört', sku: 'TSH', stockType: 2, stock: null, slug: 'tisort' }),
      categoryId: shop.categories.tekstil,
      images: ['catalog/products/tsh.webp', 'catalog/products/tsh-mavi.webp'],
      optionGroups: [groups[0], { name: 'Beden', values: ['S', 'M', 'L'] }],
      variants: [...kept, { options: { Renk: 'Mavi', Beden: 'L' }, sku: 'TSH-M-L', stock: 1 }],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().product.variants.map((v: { sku: string }) => v.sku)).toEqual([
      'TSH-K-S',
      'TSH-K-M',
      'TSH-M-S',
      'TSH-M-L',
    ]);
    const moves = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variantId, product.variants[0].id));
    expect(moves.map((m) => [m.stockBefore, m.stockAfter])).toEqual([
      [0, 3],
      [3, 5],
    ]);
  });

  it('creates a designable product with the fields the shopper fills', async () => {
    const res = await owner.post(
      '/api/admin/products',
      single({
        name: 'Adlı Kalem',
        stockType: 3,
        personalization: {
          fields: [{ key: 'isim', label: 'İsim', maxLength: 15, required: true }],
          allowImage: false,
          surchargeMinor: 1500,
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    const page = (await front(`/api/front/products/${res.json().product.slug}`)).json();
    expect(page.personalization).toEqual({
      fields: [{ key: 'isim', label: 'İsim', maxLength: 15, required: true }],
      allowImage: false,
      surchargeMinor: 1500,
    });
  });

  it('creates a virtual product with unlimited stock, priced in euros', async () => {
    const res = await owner.post(
      '/api/admin/products',
      single({
        name: 'Çevrimiçi Atölye',
        stockType: 4,
        stock: '',
        vatRate: 0,
        prices: [{ priceType: 2, price: 20, currency: 'EUR' }],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ stockType: 4, stock: null, vatRate: 0 });
    expect(res.json().product.prices).toEqual([{ priceType: 2, priceMinor: 2000, currency: 'EUR' }]);
    const page = (await front(`/api/front/products/${res.json().product.slug}`)).json();
    expect(page.stock).toEqual({ state: 'in_stock', remaining: null });
  });

  it('makes a slug free with -2 when made from the name; a typed slug that clashes is 409 with a suggestion', async () => {
    const a = (await owner.post('/api/admin/products', single({ name: 'Aynı İsim' }))).json().product;
    const b = (await owner.post('/api/admin/products', single({ name: 'Aynı İsim' }))).json().product;
    expect([a.slug, b.slug]).toEqual(['ayni-isim', 'ayni-isim-2']);
    const clash = await owner.post('/api/admin/products', single({ slug: 'Aynı İsim' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: 'SLUG_KAYITLI',
      fields: { slug: 'Bu slug başka bir üründe; öneri: ayni-isim-3' },
    });
  });

  it('stores the description sanitized as a page body is: no script, no handler, no javascript: link', async () => {
    const description =
      '<h2>Bakım</h2><p onclick="alert(1)">Elde <b>yıkayın</b>.</p><script>alert(2)</script>' +
      '<img src=x onerror=alert(3)><a href="javascript:alert(4)">bağ</a><a href="/page/iade">İade</a>';
    const made = (await owner.post('/api/admin/products', single({ description }))).json().product;
    expect(made.description).toBe(
      '<h2>Bakım</h2><p>Elde <strong>yıkayın</strong>.</p><a>bağ</a><a href="/page/iade">İade</a>',
    );
    const [row] = await db().select().from(products).where(eq(products.id, made.id));
    expect(row!.description).toBe(made.description);
  });

  it('keeps a description typed as plain text readable: its paragraphs and line breaks, here and on the page', async () => {
    const made = (
      await owner.post(
        '/api/admin/products',
        single({ description: 'Kupa <350 ml>.\n\nEl yapımı\nFırında iki kez' }),
      )
    ).json().product;
    const html = '<p>Kupa &lt;350 ml&gt;.</p><p>El yapımı<br />Fırında iki kez</p>';
    expect(made.description).toBe(html);
    // One stored as plain text before the editor (an import, an old row) shows as paragraphs too.
    await db()
      .update(products)
      .set({ description: 'Eski açıklama.\n\nİkinci paragraf' })
      .where(eq(products.id, made.id));
    await t.services.cache.invalidateAll();
    const page = (await front(`/api/front/products/${made.slug}`)).json();
    expect(page.description).toBe('<p>Eski açıklama.</p><p>İkinci paragraf</p>');
  });
});

describe('edit conflicts (loadedUpdatedAt)', () => {
  const put = (who: Browser, p: { id: number; sku: string; slug: string }, extra: Record<string, unknown>) =>
    who.put(`/api/admin/products/${p.id}`, single({ sku: p.sku, slug: p.slug, ...extra }));

  it('refuses the second of two staff saving the same loaded product (409 KAYIT_DEGISTI), changing nothing', async () => {
    const created = (await owner.post('/api/admin/products', single())).json().product;
    const loaded = created.updatedAt as string;
    const first = await put(manager, created, { name: 'Müdürün Tabağı', loadedUpdatedAt: loaded });
    expect(first.statusCode).toBe(200);
    expect(first.json().product.updatedAt).not.toBe(loaded);
    const audited = (await auditOf(created.id)).length;

    const second = await put(owner, created, { name: 'Sahibin Tabağı', stock: 3, loadedUpdatedAt: loaded });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'KAYIT_DEGISTI',
      message: expect.stringContaining('siz düzenlerken başka biri tarafından değiştirildi'),
    });
    const stored = (await owner.get(`/api/admin/products/${created.id}`)).json().product;
    expect(stored).toMatchObject({
      name: 'Müdürün Tabağı',
      stock: 12,
      updatedAt: first.json().product.updatedAt,
    });
    expect(await auditOf(created.id)).toHaveLength(audited);

    // Loaded again, the owner's save passes.
    const again = await put(owner, created, { name: 'Sahibin Tabağı', loadedUpdatedAt: stored.updatedAt });
    expect(again.statusCode).toBe(200);
    expect(again.json().product.name).toBe('Sahibin Tabağı');
  });

  it('counts a bulk action or a stock adjustment since the form loaded as a change', async () => {
    const created = (await owner.post('/api/admin/products', single())).json().product;
    const bulk = await manager.post('/api/admin/products/bulk', { ids: [created.id], action: 'deactivate' });
    expect(bulk.json()).toEqual({ changed: 1 });
    const afterBulk = await put(owner, created, { name: 'Eski Formdan', loadedUpdatedAt: created.updatedAt });
    expect({ status: afterBulk.statusCode, code: afterBulk.json().error.code }).toEqual({
      status: 409,
      code: 'KAYIT_DEGISTI',
    });
    const reloaded = (await owner.get(`/api/admin/products/${created.id}`)).json().product;
    expect(reloaded.isActive).toBe(false);
    const adjusted = await manager.post(`/api/admin/products/${created.id}/stock`, {
      change: 2,
      reason: 'sayım',
    });
    expect(adjusted.statusCode).toBeLessThan(300);
    const afterStock = await put(owner, created, { stock: 12, loadedUpdatedAt: reloaded.updatedAt });
    expect(afterStock.statusCode).toBe(409);
    expect((await owner.get(`/api/admin/products/${created.id}`)).json().product.stock).toBe(14);
  });

  it('counts an import that changed the product since the form loaded as a change', async () => {
    const created = (await owner.post('/api/admin/products', single())).json().product;
    const [kupalar] = await db()
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, shop.categories.kupalar));
    const imported = await manager.request({
      method: 'POST',
      url: '/api/admin/imports/products',
      ...multipartForm(
        {},
        {
          name: 'urunler.csv',
          type: 'text/csv',
          bytes: Buffer.from(
            `SKU;Ürün Adı;Kategori;Satış Fiyatı\r\n${created.sku};Tedarikçinin Adı;${kupalar!.slug};149,90\r\n`,
          ),
        },
      ),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const afterImport = await put(owner, created, {
      name: 'Eski Formdan',
      loadedUpdatedAt: created.updatedAt,
    });
    expect({ status: afterImport.statusCode, code: afterImport.json().error.code }).toEqual({
      status: 409,
      code: 'KAYIT_DEGISTI',
    });
    expect((await owner.get(`/api/admin/products/${created.id}`)).json().product.name).toBe(
      'Tedarikçinin Adı',
    );
  });

  it('refuses a version that is not a time (400 on loadedUpdatedAt), changing nothing', async () => {
    const created = (await owner.post('/api/admin/products', single())).json().product;
    const bad = await put(owner, created, { name: 'Bozuk Sürüm', loadedUpdatedAt: 'dün' });
    expect({ status: bad.statusCode, code: bad.json().error.code }).toEqual({
      status: 400,
      code: 'GECERSIZ_ISTEK',
    });
    expect(bad.json().error.fields.loadedUpdatedAt).toMatch(/sürümü geçersiz/);
    expect((await owner.get(`/api/admin/products/${created.id}`)).json().product.name).toBe(created.name);
  });
});

describe('POST /api/admin/products/bulk', () => {
  it('deactivates and activates several at once: gone from the listing, then back, one audit row each', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push((await owner.post('/api/admin/products', single())).json().product);
    const off = await manager.post('/api/admin/products/bulk', {
      ids: ids.map((p) => p.id),
      action: 'deactivate',
    });
    expect(off.json()).toEqual({ changed: 2 });
    const listed = await categorySlugs('kupalar');
    expect(listed).not.toContain(ids[0].slug);
    expect((await front(`/api/front/products/${ids[1].slug}`)).statusCode).toBe(404);
    await manager.post('/api/admin/products/bulk', { ids: ids.map((p) => p.id), action: 'activate' });
    expect(await categorySlugs('kupalar')).toEqual(expect.arrayContaining(ids.map((p) => p.slug)));
    expect((await auditOf(ids[0].id)).map((r) => r.action)).toEqual([
      'product.create',
      'product.deactivate',
      'product.activate',
    ]);
  });

  it('moves to a category (search follows its name) and changes sale prices by a percentage, not the purchase price', async () => {
    const p = (await owner.post('/api/admin/products', single())).json().product;
    const moved = await owner.post('/api/admin/products/bulk', {
      ids: [p.id],
      action: 'move-category',
      categoryId: shop.categories.dijital,
    });
    expect(moved.statusCode).toBe(200);
    expect(await categorySlugs('dijital')).toContain(p.slug);
    const up = await owner.post('/api/admin/products/bulk', {
      ids: [p.id],
      action: 'change-price-percent',
      percent: '10',
    });
    expect(up.statusCode).toBe(200);
    const after = (await owner.get(`/api/admin/products/${p.id}`)).json().product.prices;
    expect(after).toEqual([
      { priceType: 1, priceMinor: 8000, currency: 'TRY' },
      { priceType: 2, priceMinor: 16_489, currency: 'TRY' },
      { priceType: 3, priceMinor: 21_989, currency: 'TRY' },
    ]);
    expect((await front(`/api/front/products/${p.slug}`)).json().price.amountMinor).toBe(16_489);
  });

  it('changes nothing when one id is unknown (404) or the category is (422)', async () => {
    const p = (await owner.post('/api/admin/products', single())).json().product;
    const res = await owner.post('/api/admin/products/bulk', { ids: [p.id, 999_999], action: 'deactivate' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('URUN_BULUNAMADI');
    const res2 = await owner.post('/api/admin/products/bulk', {
      ids: [p.id],
      action: 'move-category',
      categoryId: 999_999,
    });
    expect(res2.statusCode).toBe(422);
    expect((await owner.get(`/api/admin/products/${p.id}`)).json().product).toMatchObject({
      isActive: true,
      categoryId: shop.categories.kupalar,
    });
    const bad = await owner.post('/api/admin/products/bulk', { ids: [p.id], action: 'change-price-percent' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('percent');
  });
});

describe('stock adjustments', () => {
  it('adds and takes stock with a reason; the history says who, when, before and after; the page follows', async () => {
    const p = (await owner.post('/api/admin/products', single({ stock: 3 }))).json().product;
    const res = await manager.post(`/api/admin/products/${p.id}/stock`, {
      change: 10,
      reason: 'tedarik',
      note: 'Fatura 42',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().movement).toMatchObject({
      change: 10,
      stockBefore: 3,
      stockAfter: 13,
      reason: 'tedarik',
    });
    await owner.post(`/api/admin/products/${p.id}/stock`, { change: '-2', reason: 'fire' });
    const history = (await support.get(`/api/admin/products/${p.id}/stock-history`)).json();
    expect(history.items.map((m: { change: number; reason: string }) => [m.change, m.reason])).toEqual([
      [-2, 'fire'],
      [10, 'tedarik'],
      [3, 'düzeltme'],
    ]);
    expect(history.items[0].staff).toEqual({ id: ownerId, name: expect.any(String) });
    expect(history.items[1].note).toBe('Fatura 42');
    expect((await owner.get(`/api/admin/products/${p.id}`)).json().product.stock).toBe(11);
    const supportTry = await support.post(`/api/admin/products/${p.id}/stock`, {
      change: 1,
      reason: 'sayım',
    });
    expect(supportTry.statusCode).toBe(403);
  });

  it('refuses stock below zero with 409 and changes nothing; a variant product needs its variant', async () => {
    const res = await owner.post(`/api/admin/products/${shop.kupa}/stock`, { change: -11, reason: 'sayım' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('STOK_EKSIYE_DUSEMEZ');
    const [kupa] = await db().select().from(products).where(eq(products.id, shop.kupa));
    expect(kupa!.stock).toBe(10);
    expect(await db().select().from(stockMovements).where(eq(stockMovements.productId, shop.kupa))).toEqual(
      [],
    );
    const noVariant = await owner.post(`/api/admin/products/${shop.pestemal}/stock`, {
      change: 1,
      reason: 'sayım',
    });
    expect(noVariant.statusCode).toBe(422);
    const variant = await owner.post(`/api/admin/products/${shop.pestemal}/stock`, {
      change: 4,
      reason: 'iade',
      variantId: shop.variants.kirmizi,
    });
    expect(variant.json().movement).toMatchObject({
      stockBefore: 0,
      stockAfter: 4,
      variantSku: 'PESTEMAL-KIRMIZI',
    });
    const page = (await front('/api/front/products/pestemal')).json();
    expect(page.variants.find((v: { sku: string }) => v.sku === 'PESTEMAL-KIRMIZI').stock.state).not.toBe(
      'out',
    );
    const bad = await owner.post(`/api/admin/products/${shop.kupa}/stock`, { change: 1, reason: 'hediye' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('reason');
  });
});

describe('DELETE /api/admin/products/:id', () => {
  it('deletes a product no order holds, and only takes one off sale that orders hold', async () => {
    const p = (await owner.post('/api/admin/products', single())).json().product;
    const res = await owner.delete(`/api/admin/products/${p.id}`);
    expect(res.json()).toMatchObject({ result: 'deleted' });
    expect((await owner.get(`/api/admin/products/${p.id}`)).statusCode).toBe(404);
    expect((await front(`/api/front/products/${p.slug}`)).statusCode).toBe(404);

    await placeOrder(shop.defter);
    const held = await owner.delete(`/api/admin/products/${shop.defter}`);
    expect(held.json()).toMatchObject({ result: 'deactivated' });
    expect(held.json().message).toContain('satıştan kaldırıldı');
    const [row] = await db().select().from(products).where(eq(products.id, shop.defter));
    expect(row!.isActive).toBe(false);
    expect((await front('/api/front/products/defter')).statusCode).toBe(404);
  });

  it('keeps a variant that orders hold when the form drops it (taken off sale), deletes one no order holds', async () => {
    await placeOrder(shop.pestemal, shop.variants.mavi);
    const { product } = (await owner.get(`/api/admin/products/${shop.pestemal}`)).json();
    expect(product.inOrders).toBe(true);
    const form = formOf(product);
    const res = await owner.put(`/api/admin/products/${shop.pestemal}`, {
      ...form,
      variants: form.variants.filter((v) => v.id !== shop.variants.mavi && v.id !== shop.variants.yesil),
    });
    expect(res.statusCode).toBe(200);
    const left = res
      .json()
      .product.variants.map((v: { id: number; isActive: boolean }) => [v.id, v.isActive]);
    expect(left).toEqual(
      expect.arrayContaining([
        [shop.variants.mavi, false],
        [shop.variants.kirmizi, true],
      ]),
    );
    expect(left.map((v: number[]) => v[0])).not.toContain(shop.variants.yesil);
    const page = (await front('/api/front/products/pestemal')).json();
    expect(page.variants.map((v: { sku: string }) => v.sku)).toEqual(['PESTEMAL-KIRMIZI']);
  });
});
