import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { categories, productPrices, products } from '@vitrin/core/db/schema';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/server.ts';

type Card = { slug: string; name: string; inStock: boolean; price: { amountMinor: number } | null };

describe('catalogue API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = async (url: string) => {
    const res = await t.app.inject(url);
    return { status: res.statusCode, body: res.json() };
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('categories', () => {
    it('answers the tree with subcategories in order', async () => {
      const { status, body } = await get('/api/front/categories');
      expect(status).toBe(200);
      const seramik = body.find((c: { slug: string }) => c.slug === 'seramik');
      expect(seramik.name).toBe('Seramik');
      expect(seramik.children.length).toBeGreaterThan(0);
    });

    it('lists a category with the products of its subcategories, breadcrumbs and facets', async () => {
      const { status, body } = await get('/api/front/categories/seramik/products');
      expect(status).toBe(200);
      expect(body.breadcrumbs).toEqual([{ name: 'Seramik', url: '/shop/seramik' }]);
      expect(body.subcategories.length).toBeGreaterThan(0);
      const sub = body.subcategories[0].slug;
      const child = await get(`/api/front/categories/${sub}/products`);
      expect(body.listing.total).toBeGreaterThan(child.body.listing.total);
      expect(child.body.breadcrumbs[0]).toEqual({ name: 'Seramik', url: '/shop/seramik' });
      expect(body.listing.facets.priceRange.minMinor).toBeGreaterThan(0);
    });

    it('pages with at most pageSize items and a page count', async () => {
      const first = (await get('/api/front/categories/seramik/products?pageSize=5')).body.listing;
      const second = (await get('/api/front/categories/seramik/products?pageSize=5&page=2')).body.listing;
      expect(first.items).toHaveLength(5);
      expect(first.pageCount).toBe(Math.ceil(first.total / 5));
      expect(second.items.map((i: Card) => i.slug)).not.toContain(first.items[0].slug);
    });

    it('answers an empty page past the last one', async () => {
      const { status, body } = await get('/api/front/categories/seramik/products?page=999');
      expect(status).toBe(200);
      expect(body.listing.items).toEqual([]);
      expect(body.listing.total).toBeGreaterThan(0);
    });

    it('sorts by price up and down, in TRY across currencies', async () => {
      const up = (await get('/api/front/categories/seramik/products?sort=price_asc&pageSize=48')).body.listing
        .items;
      const amounts = up.map((i: Card) => i.price!.amountMinor);
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      const down = (await get('/api/front/categories/seramik/products?sort=price_desc&pageSize=48')).body
        .listing.items;
      expect(down[0].price.amountMinor).toBe(Math.max(...amounts));
    });

    it('filters by price range in lira', async () => {
      const { body } = await get('/api/front/categories/seramik/products?min=300&max=600&pageSize=48');
      for (const item of body.listing.items as Card[]) {
        expect(item.price!.amountMinor).toBeGreaterThanOrEqual(30_000);
        expect(item.price!.amountMinor).toBeLessThanOrEqual(60_000);
      }
    });

    it('filters to products in stock', async () => {
      const all = (await get('/api/front/categories/tekstil/products?pageSize=48')).body.listing;
      const inStock = (await get('/api/front/categories/tekstil/products?pageSize=48&stock=1')).body.listing;
      expect(inStock.items.every((i: Card) => i.inStock)).toBe(true);
      expect(inStock.total).toBeLessThanOrEqual(all.total);
    });

    it('filters by tag and by variant option', async () => {
      const listing = (await get('/api/front/categories/tekstil/products?pageSize=48')).body.listing;
      const tag = listing.facets.tags[0].slug;
      const tagged = (await get(`/api/front/categories/tekstil/products?tag=${tag}`)).body.listing;
      expect(tagged.total).toBe(listing.facets.tags[0].count);
      const option = listing.facets.options[0];
      if (option) {
        const filtered = (
          await get(
            `/api/front/categories/tekstil/products?opt=${encodeURIComponent(`${option.name}:${option.values[0]}`)}`,
          )
        ).body.listing;
        expect(filtered.total).toBeGreaterThan(0);
        expect(filtered.total).toBeLessThan(listing.total);
      }
    });

    it('sorts by name the Turkish way', async () => {
      const items = (await get('/api/front/categories/seramik/products?sort=name&pageSize=48')).body.listing
        .items;
      const names = items.map((i: Card) => i.name);
      const collator = new Intl.Collator('tr');
      expect(names).toEqual([...names].sort(collator.compare));
    });
  });

  describe('bad listing input names the field', () => {
    it.each([
      ['pageSize=49', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=abc', 'pageSize'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['sort=ucuz', 'sort'],
      ['min=abc', 'min'],
      ['min=500&max=100', 'max'],
      ['stock=2', 'stock'],
      ['tag=Büyük Harf', 'tag'],
      ['opt=RenkMavi', 'opt'],
    ])('refuses %s with 400 and the field %s', async (query, field) => {
      const { status, body } = await get(`/api/front/categories/seramik/products?${query}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe('GECERSIZ_ISTEK');
      expect(Object.keys(body.error.fields)).toContain(field);
    });
  });

  describe('not found', () => {
    it.each([
      '/api/front/categories/olmayan-kategori/products',
      '/api/front/categories/Büyük/products',
      '/api/front/tags/olmayan-etiket/products',
      '/api/front/products/olmayan-urun',
      '/api/front/products/..%2f..%2fetc',
    ])('answers 404 in Turkish for %s', async (url) => {
      const { status, body } = await get(url);
      expect(status).toBe(404);
      expect(body.error.code).toBe('BULUNAMADI');
    });
  });

  describe('products', () => {
    const bySlug = async (stockType: number) => {
      const [row] = await t.services.database.db
        .select({ slug: products.slug })
        .from(products)
        .where(eq(products.stockType, stockType))
        .limit(1);
      return (await get(`/api/front/products/${row!.slug}`)).body;
    };

    it('shows a variant product with its option groups and priced variants', async () => {
      const product = await bySlug(2);
      expect(product.optionGroups.length).toBeGreaterThan(0);
      expect(product.variants.length).toBeGreaterThan(0);
      for (const v of product.variants) {
        expect(Object.keys(v.options).sort()).toEqual(
          product.optionGroups.map((g: { name: string }) => g.name).sort(),
        );
        expect(v.price.amountMinor).toBeGreaterThan(0);
      }
    });

    it('shows a designable product with its personalization fields', async () => {
      const product = await bySlug(3);
      expect(product.personalization.fields.length).toBeGreaterThan(0);
    });

    it('shows breadcrumbs, tags, specifications and related products', async () => {
      const product = await bySlug(1);
      expect(product.breadcrumbs.length).toBeGreaterThan(0);
      expect(product.specifications.length).toBeGreaterThan(0);
      expect(product.price.vatRate).toBeGreaterThanOrEqual(0);
      expect(product.related.every((r: Card) => r.slug !== product.slug)).toBe(true);
    });
  });

  describe('home shelves', () => {
    type Shelves = {
      featuredCategories: Array<{ slug: string }>;
      newProducts: Array<Card & { id: number }>;
      discountedProducts: Array<
        Card & { price: { marketMinor: number | null; discountPercent: number | null } }
      >;
    };

    it('shows the featured categories, the newest buyable products and the largest discounts', async () => {
      const { status, body } = await get('/api/front/home/shelves');
      expect(status).toBe(200);
      const shelves = body as Shelves;
      const db = t.services.database.db;
      const featured = await db.select().from(categories).where(eq(categories.isFeatured, true));
      expect(shelves.featuredCategories.map((c) => c.slug).sort()).toEqual(
        featured.map((c) => c.slug).sort(),
      );

      expect(shelves.newProducts).toHaveLength(8);
      expect(shelves.newProducts.every((p) => p.inStock)).toBe(true);
      const created = await db
        .select({ slug: products.slug, createdAt: products.createdAt })
        .from(products)
        .where(
          inArray(
            products.slug,
            shelves.newProducts.map((p) => p.slug),
          ),
        );
      const times = shelves.newProducts.map((p) =>
        created.find((c) => c.slug === p.slug)!.createdAt.getTime(),
      );
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const [newest] = await db.select().from(products).orderBy(desc(products.createdAt)).limit(1);
      expect(times[0]).toBe(newest!.createdAt.getTime());

      expect(shelves.discountedProducts.length).toBeGreaterThan(0);
      for (const p of shelves.discountedProducts) {
        expect(p.inStock).toBe(true);
        expect(p.price.marketMinor).toBeGreaterThan(p.price.amountMinor);
      }
      const percents = shelves.discountedProducts.map((p) => p.price.discountPercent!);
      expect(percents).toEqual([...percents].sort((a, b) => b - a));
    });

    it('follows a product change once the caches are dropped', async () => {
      const before = ((await get('/api/front/home/shelves')).body as Shelves).newProducts[0]!;
      const db = t.services.database.db;
      await db.update(products).set({ isActive: false }).where(eq(products.slug, before.slug));
      await t.services.cache.invalidateAll();
      try {
        const after = ((await get('/api/front/home/shelves')).body as Shelves).newProducts;
        expect(after.map((p) => p.slug)).not.toContain(before.slug);
      } finally {
        await db.update(products).set({ isActive: true }).where(eq(products.slug, before.slug));
        await t.services.cache.invalidateAll();
      }
    });
  });

  describe('purchase price', () => {
    /** Every key and number of a JSON value, recursively. */
    function walk(value: unknown, visit: (key: string, v: unknown) => void, key = '') {
      visit(key, value);
      if (Array.isArray(value)) {
        for (const v of value) walk(v, visit, key);
      } else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) walk(v, visit, k);
    }

    it('never leaves the server in any catalogue response', async () => {
      const db = t.services.database.db;
      const costs = await db
        .select({ slug: products.slug, amount: productPrices.amountMinor, categoryId: products.categoryId })
        .from(productPrices)
        .innerJoin(products, eq(products.id, productPrices.productId))
        .where(eq(productPrices.priceType, 1));
      expect(costs.length).toBeGreaterThan(100);
      const responses: unknown[] = [
        (await get('/api/front/categories')).body,
        (await get('/api/front/home/shelves')).body,
      ];
      for (const category of (await get('/api/front/categories')).body as Array<{ slug: string }>) {
        responses.push((await get(`/api/front/categories/${category.slug}/products?pageSize=48`)).body);
      }
      for (const cost of costs) {
        const product = (await get(`/api/front/products/${cost.slug}`)).body;
        walk(product, (_key, v) => {
          if (typeof v === 'number') expect(v, `${cost.slug} cost ${cost.amount}`).not.toBe(cost.amount);
        });
        responses.push(product);
      }
      for (const response of responses) {
        walk(response, (key, v) => {
          expect(key).not.toMatch(/purchase|cost|alis|price_type/i);
          if (v && typeof v === 'object' && 'priceType' in v)
            expect((v as { priceType: number }).priceType).not.toBe(1);
        });
      }
    });
  });
});

describe('search', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const search = async (q: string, extra = '') => {
    const res = await t.app.inject(`/api/front/search?q=${encodeURIComponent(q)}${extra}`);
    return { status: res.statusCode, body: res.json() };
  };
  const names = (body: { listing: { items: Card[] } }) => body.listing.items.map((i) => i.name);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('finds Şapka for sapka (Turkish letters folded)', async () => {
    const { body } = await search('sapka');
    expect(names(body).some((n: string) => n.includes('Şapka'))).toBe(true);
  });

  it('finds İstanbul for ISTANBUL (dotted and dotless I)', async () => {
    const { body } = await search('ISTANBUL');
    expect(names(body).some((n: string) => n.includes('İstanbul'))).toBe(true);
  });

  it('finds kitap for kitaplar (Turkish stems)', async () => {
    const { body } = await search('kitaplar');
    expect(names(body).some((n: string) => /kitap/i.test(n))).toBe(true);
  });

  it('finds seramik for serammik (typos, by trigram similarity)', async () => {
    const { body } = await search('serammik');
    expect(body.listing.total).toBeGreaterThan(0);
  });

  it('uses typo matches only when nothing matches exactly', async () => {
    const exact = async (q: string) => {
      const [row] = await t.services.database.query<{ n: string }>(
        `select count(*) as n from products p where p.is_active and (p.search_vector @@ plainto_tsquery('turkish', $1)
          or p.search_text like '%' || $1 || '%')`,
        [q],
      );
      return Number(row!.n);
    };
    expect(await exact('kupa')).toBeGreaterThan(0);
    expect((await search('kupa')).body.listing.total).toBe(await exact('kupa'));
    expect(await exact('serammik')).toBe(0);
    expect((await search('serammik')).body.listing.total).toBeGreaterThan(0);
  });

  it.each([
    'kupa',
    'seramik kupa',
    'e-kitap',
    'el yapımı',
    'ser',
    'amik',
    'ı',
    '2',
    'Kişiye Özel',
    'deri  cüzdan',
    '(kupa)',
  ])('matches %j exactly where its folded text or its Turkish stems match', async (q) => {
    const [row] = await t.services.database.query<{ n: string }>(
      `select count(*) as n from products p where p.is_active and (p.search_vector @@ plainto_tsquery('turkish', $1)
        or p.search_text like '%' || $2 || '%')`,
      [q.toLocaleLowerCase('tr-TR'), foldTurkish(q)],
    );
    const expected = Number(row!.n);
    expect(expected).toBeGreaterThan(0);
    expect((await search(q)).body.listing.total).toBe(expected);
  });

  it('offers the facets of the whole result set, not of the page', async () => {
    const { body } = await search('kupa', '&pageSize=1');
    const all: string[] = [];
    for (let page = 1; all.length < body.listing.total; page++) {
      const next = await search('kupa', `&pageSize=48&page=${page}`);
      all.push(...next.body.listing.items.map((i: Card) => i.slug));
    }
    const tagRows = await t.services.database.query<{ slug: string; n: string }>(
      `select t.slug, count(*) as n from products p join product_tags pt on pt.product_id = p.id
        join tags t on t.id = pt.tag_id where p.slug = any($1) group by t.slug`,
      [all],
    );
    const counts = Object.fromEntries(tagRows.map((r) => [r.slug, Number(r.n)]));
    const facetCounts = Object.fromEntries(
      body.listing.facets.tags.map((f: { slug: string; count: number }) => [f.slug, f.count]),
    );
    expect(facetCounts).toEqual(counts);
    // The variant options of every result: each group once, its values in the order products list them.
    const groupRows = await t.services.database.query<{
      option_groups: Array<{ name: string; values: string[] }>;
    }>(`select option_groups from products where slug = any($1) and stock_type = 2 order by id`, [all]);
    const options = new Map<string, Set<string>>();
    for (const group of groupRows.flatMap((r) => r.option_groups)) {
      const values = options.get(group.name) ?? new Set<string>();
      for (const value of group.values) values.add(value);
      options.set(group.name, values);
    }
    expect(body.listing.facets.options.length).toBeGreaterThan(0);
    expect(body.listing.facets.options).toEqual(
      [...options].map(([name, values]) => ({ name, values: [...values] })),
    );
    // Every result lies within the offered price range.
    const { minMinor, maxMinor } = body.listing.facets.priceRange;
    const inRange = await search(
      'kupa',
      `&min=${(minMinor / 100).toFixed(2)}&max=${(maxMinor / 100).toFixed(2)}`,
    );
    expect(inRange.body.listing.total).toBe(body.listing.total);
    const above = await search('kupa', `&min=${((minMinor + 1) / 100).toFixed(2)}`);
    expect(above.body.listing.total).toBeLessThan(body.listing.total);
  });

  /** Every slug of a listing, in order, following its pages. */
  const allSlugs = async (url: string) => {
    const slugs: string[] = [];
    for (let page = 1; ; page++) {
      const { listing } = (await t.app.inject(`${url}&pageSize=48&page=${page}`)).json();
      slugs.push(...listing.items.map((i: Card) => i.slug));
      if (page >= listing.pageCount) return slugs;
    }
  };

  it('filters results as a category listing filters its products', async () => {
    // Every deri product has the category's name in its search text, so the search for it holds the
    // category; each filter must then keep the same tekstil products as the category listing does.
    const category = '/api/front/categories/deri/products?x=1';
    const search = '/api/front/search?q=deri';
    const inCategory = new Set(await allSlugs(category));
    const found = await allSlugs(search);
    expect(found).toEqual(expect.arrayContaining([...inCategory]));
    const { listing } = (await t.app.inject(`${category}&pageSize=1`)).json();
    const option = listing.facets.options[0];
    const filters = [
      'stock=1',
      `tag=${listing.facets.tags[0].slug}`,
      `tag=${listing.facets.tags[0].slug}&tag=${listing.facets.tags[1].slug}`,
      `min=${Math.ceil(listing.facets.priceRange.minMinor / 100) + 50}&max=${Math.floor(listing.facets.priceRange.maxMinor / 100) - 50}`,
      `opt=${encodeURIComponent(`${option.name}:${option.values[0]}`)}`,
      `opt=${encodeURIComponent(`${option.name}:${option.values[0]}`)}&opt=${encodeURIComponent(`${option.name}:${option.values[1]}`)}`,
    ];
    for (const filter of filters) {
      const expected = await allSlugs(`${category}&${filter}`);
      const filtered = await allSlugs(`${search}&${filter}`);
      expect(
        filtered.every((slug) => found.includes(slug)),
        filter,
      ).toBe(true);
      expect(new Set(filtered.filter((slug) => inCategory.has(slug))), filter).toEqual(new Set(expected));
      expect(expected.length, filter).toBeLessThan(inCategory.size);
    }
  });

  it('sorts results by price in TRY across currencies, by name the Turkish way and by newest', async () => {
    const items = async (sort: string) =>
      (await t.app.inject(`/api/front/search?q=tekstil&sort=${sort}&pageSize=48`)).json().listing
        .items as Card[];
    const up = (await items('price_asc')).map((i) => i.price!.amountMinor);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await items('price_desc')).map((i) => i.price!.amountMinor);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const byName = (await items('name')).map((i) => i.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'tr')));
    const newest = (await items('newest')).map((i) => i.slug);
    const rows = await t.services.database.query<{ slug: string }>(
      'select slug from products where slug = any($1) order by created_at desc, id desc',
      [newest],
    );
    expect(newest).toEqual(rows.map((r) => r.slug));
  });

  it('orders a broad search the same whatever the page size, in every sort', async () => {
    // Small pages of a broad search (`a` is in nearly every text) pick their rows from all matches; a full
    // page sorts them all.
    const slugs = async (sort: string, pageSize: number, page: number) => {
      const { listing } = (
        await t.app.inject(`/api/front/search?q=a&sort=${sort}&pageSize=${pageSize}&page=${page}`)
      ).json();
      expect(listing.total).toBeGreaterThan(48);
      return listing.items.map((i: Card) => i.slug) as string[];
    };
    for (const sort of ['relevance', 'newest', 'price_asc', 'price_desc', 'name']) {
      const full = await slugs(sort, 48, 1);
      const paged: string[] = [];
      for (let page = 1; page <= 5; page++) paged.push(...(await slugs(sort, 1, page)));
      for (let page = 1; page <= 2; page++) paged.push(...(await slugs(sort, 3, page)));
      expect(paged, sort).toEqual([...full.slice(0, 5), ...full.slice(0, 6)]);
    }
  });

  it('follows catalogue changes: a renamed product is found by its new name, a hidden one not at all', async () => {
    const [product] = await t.services.database.query<{ slug: string }>(
      'select slug from products where is_active and stock_type = 1 order by id desc limit 1',
    );
    await t.services.catalogAdmin.setProduct(product!.slug, 'name', 'Zümrüt Yeşili Özel Çanta');
    const renamed = (await t.app.inject('/api/front/search?q=zumrut yesili ozel')).json().listing;
    expect(renamed.items.map((i: Card) => i.slug)).toEqual([product!.slug]);
    await t.services.catalogAdmin.setProduct(product!.slug, 'active', '0');
    expect((await t.app.inject('/api/front/search?q=zumrut yesili ozel')).json().listing.total).toBe(0);
  });

  it('ranks an exact name match first', async () => {
    const [first] = (await t.services.database.db
      .select({ name: products.name })
      .from(products)
      .limit(1)) as Array<{
      name: string;
    }>;
    const { body } = await search(first!.name);
    expect(names(body)[0]).toBe(first!.name);
  });

  it('applies the listing filters and paging to results', async () => {
    const { body } = await search('kupa', '&stock=1&pageSize=3');
    expect(body.listing.items.length).toBeLessThanOrEqual(3);
    expect(body.listing.items.every((i: Card) => i.inStock)).toBe(true);
  });

  it('answers an empty query with no listing', async () => {
    const { status, body } = await search('   ');
    expect(status).toBe(200);
    expect(body.listing).toBeNull();
  });

  it('refuses a query over 200 characters with 400 naming q', async () => {
    const { status, body } = await search('a'.repeat(201));
    expect(status).toBe(400);
    expect(body.error.fields.q).toContain('en fazla 200 karakter');
  });

  it.each(["'", '"', '%', '_', '\\', "' OR 1=1 --", '%%%', 'kupa%', "'; drop table products; --"])(
    'treats %j as plain text',
    async (q) => {
      const { status, body } = await search(q);
      expect(status).toBe(200);
      expect(body.listing.total).toBeLessThan(50);
    },
  );

  it('still has every product after hostile queries', async () => {
    const [row] = await t.services.database.query<{ n: string }>('select count(*) as n from products');
    expect(Number(row!.n)).toBeGreaterThan(100);
  });

  it('suggests products and categories as the shopper types', async () => {
    const res = await t.app.inject('/api/front/search/suggest?q=seram');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.categories.map((c: { slug: string }) => c.slug)).toContain('seramik');
    expect(body.products.length).toBeGreaterThan(0);
  });
});

/** Listing and search answers are kept while the catalogue stays as it is: a change shows at the next ask. */
describe('kept listing and search answers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const inject = (url: string, encoding = 'br, gzip') =>
    t.app.inject({ url, headers: { 'accept-encoding': encoding } });
  const json = async (url: string) => (await inject(url, 'identity')).json();
  let product: { slug: string; name: string };
  const listingUrl = '/api/front/categories/seramik/products?pageSize=48&stock=1';
  const cardIn = async (url: string) =>
    (await json(url)).listing.items.find((i: Card) => i.slug === product.slug) as Card | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const { listing } = await json(listingUrl);
    product = listing.items.find((i: Card & { stockType: number }) => i.stockType === 1 && i.inStock);
  });
  afterAll(() => t.close());

  it('gives the same answer in brotli, gzip and plain JSON', async () => {
    const plain = await inject(listingUrl, 'identity');
    const br = await inject(listingUrl, 'br');
    const gzip = await inject(listingUrl, 'gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const res of [plain, br, gzip]) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toContain('accept-encoding');
    }
    const decoded = [brotliDecompressSync(br.rawPayload), gunzipSync(gzip.rawPayload)];
    for (const body of decoded) expect(JSON.parse(body.toString())).toEqual(plain.json());
  });

  it('shows a renamed product under its new name in the listing and in search', async () => {
    const word = 'Zebercetli';
    expect((await json(`/api/front/search?q=${word}`)).listing.total).toBe(0);
    await t.services.catalogAdmin.setProduct(product.slug, 'name', `${product.name} ${word}`);
    try {
      expect((await cardIn(listingUrl))?.name).toBe(`${product.name} ${word}`);
      const found = await json(`/api/front/search?q=${word}`);
      expect(found.listing.items.map((i: Card) => i.slug)).toEqual([product.slug]);
    } finally {
      await t.services.catalogAdmin.setProduct(product.slug, 'name', product.name);
    }
    expect((await cardIn(listingUrl))?.name).toBe(product.name);
  });

  it('takes a product out of the in-stock listing when its stock runs out, and back', async () => {
    expect(await cardIn(listingUrl)).toBeDefined();
    await t.services.catalogAdmin.setProduct(product.slug, 'stock', '0');
    expect(await cardIn(listingUrl)).toBeUndefined();
    await t.services.catalogAdmin.setProduct(product.slug, 'stock', '5');
    expect(await cardIn(listingUrl)).toBeDefined();
  });

  it('answers an unknown category 404 every time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await inject('/api/front/categories/yok-boyle-bir-kategori/products');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('BULUNAMADI');
    }
  });
});
