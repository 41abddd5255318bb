import { productPrices, products } from '@vitrin/core/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandFailure } from '../../test/commands.ts';
import { createTestApp } from '../../test/server.ts';
import { runCommand } from './commands.ts';

describe('catalogue commands (product / category)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const run = (...args: string[]) => runCommand(t.services, args);
  const get = async (url: string) => {
    const res = await t.app.inject(url);
    return { status: res.statusCode, body: res.json() };
  };
  /** The code of the domain error a command fails with. */
  const failure = (...args: string[]) => commandFailure(run(...args));
  /** A product of a stock type whose own sale price is in TRY. */
  async function productOf(stockType: number) {
    const [row] = await t.services.database.db
      .select({ slug: products.slug, id: products.id })
      .from(products)
      .innerJoin(
        productPrices,
        and(eq(productPrices.productId, products.id), isNull(productPrices.variantId)),
      )
      .where(
        and(
          eq(products.stockType, stockType),
          eq(productPrices.priceType, 2),
          eq(productPrices.currency, 'TRY'),
          eq(products.isActive, true),
        ),
      )
      .limit(1);
    return row!;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('renames a product: the product, search (folded) and the caches follow', async () => {
    const { slug } = await productOf(1);
    await get(`/api/front/products/${slug}`); // fills the caches
    let cleared = 0;
    t.services.cache.onClear(() => cleared++);
    const out = await run('product', 'set', slug, 'name', 'Çiçekli Şükran Kupası');
    expect(out).toContain('Çiçekli Şükran Kupası');
    expect(cleared).toBe(1);
    expect((await get(`/api/front/products/${slug}`)).body.name).toBe('Çiçekli Şükran Kupası');
    const found = (await get('/api/front/search?q=cicekli%20sukran')).body;
    expect(found.listing.items[0].slug).toBe(slug);
  });

  it('sets the sale price (VAT included, in lira with a Turkish comma)', async () => {
    const { slug } = await productOf(1);
    await run('product', 'set', slug, 'price', '249,90');
    expect((await get(`/api/front/products/${slug}`)).body.price.amountMinor).toBe(24990);
  });

  it('sets and removes the market price, which shows the discount', async () => {
    const { slug } = await productOf(1);
    await run('product', 'set', slug, 'price', '150');
    await run('product', 'set', slug, 'market-price', '200');
    let price = (await get(`/api/front/products/${slug}`)).body.price;
    expect(price.marketMinor).toBe(20000);
    expect(price.discountPercent).toBe(25);
    await run('product', 'set', slug, 'market-price', 'yok');
    price = (await get(`/api/front/products/${slug}`)).body.price;
    expect(price.marketMinor).toBeNull();
    expect(price.discountPercent).toBeNull();
  });

  it('sets stock: 0 shows the product as sold out', async () => {
    const { slug } = await productOf(1);
    await run('product', 'set', slug, 'stock', '0');
    expect((await get(`/api/front/products/${slug}`)).body.stock.state).toBe('out');
    await run('product', 'set', slug, 'stock', '25');
    expect((await get(`/api/front/products/${slug}`)).body.stock.state).toBe('in_stock');
  });

  it('takes a product off sale and back', async () => {
    const { slug } = await productOf(1);
    await run('product', 'set', slug, 'active', '0');
    expect((await get(`/api/front/products/${slug}`)).status).toBe(404);
    await run('product', 'set', slug, 'active', 'evet');
    expect((await get(`/api/front/products/${slug}`)).status).toBe(200);
  });

  it('shows a product', async () => {
    const { slug } = await productOf(1);
    const out = await run('product', 'show', slug);
    expect(out).toContain(`${slug}`);
    expect(out).toMatch(/Satış fiyatı: ₺/);
  });

  describe('refuses bad input with a Turkish message, changing nothing', () => {
    it.each([
      ['an unknown product', ['product', 'set', 'boyle-bir-urun-yok', 'price', '10'], 'URUN_BULUNAMADI'],
      ['an unknown field', ['product', 'set', '$slug', 'renk', 'mavi'], 'ALAN_BILINMIYOR'],
      ['a price that is not a number', ['product', 'set', '$slug', 'price', 'on lira'], 'DEGER_GECERSIZ'],
      ['a zero price', ['product', 'set', '$slug', 'price', '0'], 'DEGER_GECERSIZ'],
      ['three decimals', ['product', 'set', '$slug', 'price', '12,345'], 'DEGER_GECERSIZ'],
      ['a negative stock', ['product', 'set', '$slug', 'stock', '-1'], 'DEGER_GECERSIZ'],
      [
        'unlimited stock of a physical product',
        ['product', 'set', '$slug', 'stock', 'sınırsız'],
        'DEGER_GECERSIZ',
      ],
      ['a name too short', ['product', 'set', '$slug', 'name', 'A'], 'DEGER_GECERSIZ'],
      ['a flag that is not 1/0', ['product', 'set', '$slug', 'active', 'belki'], 'DEGER_GECERSIZ'],
      ['missing arguments', ['product', 'set', '$slug', 'price'], 'KOMUT_GECERSIZ'],
      ['an unknown category', ['category', 'set', 'yok-boyle', 'featured', '1'], 'KATEGORI_BULUNAMADI'],
      ['an unknown category field', ['category', 'set', 'seramik', 'renk', '1'], 'ALAN_BILINMIYOR'],
      ['a bad category position', ['category', 'set', 'seramik', 'position', 'üç'], 'DEGER_GECERSIZ'],
    ])('%s', async (_what, args, code) => {
      const { slug, id } = await productOf(1);
      const before = await t.services.database.db.select().from(products).where(eq(products.id, id));
      const err = await failure(...args.map((a) => (a === '$slug' ? slug : a)));
      expect(err.code).toBe(code);
      expect(err.message).toMatch(/[a-zçğıöşü]/);
      const after = await t.services.database.db.select().from(products).where(eq(products.id, id));
      expect(after).toEqual(before);
    });

    it('stock of a variant product (kept per variant)', async () => {
      const { slug } = await productOf(2);
      const err = await failure('product', 'set', slug, 'stock', '5');
      expect(err.code).toBe('DEGER_GECERSIZ');
      expect(err.message).toContain('varyant');
    });
  });

  it('gives a virtual product unlimited stock', async () => {
    const { slug } = await productOf(4);
    await run('product', 'set', slug, 'stock', 'sınırsız');
    expect((await get(`/api/front/products/${slug}`)).body.stock.state).toBe('in_stock');
  });

  it('features a category on the home page and takes it off', async () => {
    const shelves = async () =>
      (await get('/api/front/home/shelves')).body.featuredCategories.map((c: { slug: string }) => c.slug);
    const featured: string[] = await shelves();
    const slug = (await get('/api/front/categories')).body
      .map((c: { slug: string }) => c.slug)
      .find((s: string) => !featured.includes(s));
    expect(slug).toBeDefined();
    await run('category', 'set', slug, 'featured', '1');
    expect(await shelves()).toContain(slug);
    await run('category', 'set', slug, 'featured', '0');
    expect(await shelves()).not.toContain(slug);
  });

  it('renames a category: its page and the search by category name follow', async () => {
    await run('category', 'set', 'seramik', 'name', 'Çömlek ve Seramik');
    const page = (await get('/api/front/categories/seramik/products')).body;
    expect(page.category.name).toBe('Çömlek ve Seramik');
    const found = (await get('/api/front/search?q=comlek')).body;
    expect(found.listing.total).toBeGreaterThan(0);
    expect(await run('category', 'list')).toContain('seramik  Çömlek ve Seramik');
  });
});
