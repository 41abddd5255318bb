import { auditLog, categories, products } from '@vitrin/core/db/schema';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: TestShop;
let manager: Browser;
let managerId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  shop = await seedTestShop(t.services.database.db);
  ({
    b: manager,
    member: { id: managerId },
  } = await loggedInStaff(t.app, t.services, 'manager'));
});
afterAll(() => t.close());

const URL_ = '/api/admin/categories';
interface Node {
  slug: string;
  name: string;
  children: Node[];
}
/** The storefront's category tree as `slug(child, child)`, read through its cache. */
const storefront = async () => {
  const show = (n: Node): string =>
    n.children.length ? `${n.slug}(${n.children.map(show).join(',')})` : n.slug;
  const body = (await t.app.inject('/api/front/categories')).json();
  return ((Array.isArray(body) ? body : body.categories) as Node[]).map(show).join(' ');
};
const row = async (id: number) =>
  (await t.services.database.db.select().from(categories).where(eq(categories.id, id)))[0]!;
const auditRows = async (id: number) =>
  t.services.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'category'), eq(auditLog.entityId, String(id))));

describe('categories in the panel', () => {
  it('lets a manager add a category with a Turkish slug made from its name, in the storefront at once', async () => {
    expect(await storefront()).toBe('seramik(kupalar) tekstil dijital'); // read once: cached
    const res = await manager.post(URL_, { name: 'Çiçekli Örtüler', description: 'Yazlık' });
    expect(res.statusCode).toBe(201);
    const { category } = res.json();
    expect(category).toMatchObject({
      name: 'Çiçekli Örtüler',
      slug: 'cicekli-ortuler',
      parentId: null,
      depth: 0,
      isActive: true,
      ownActive: true,
      productCount: 0,
    });
    expect(await storefront()).toBe('seramik(kupalar) tekstil dijital cicekli-ortuler');
    const [entry] = await auditRows(category.id);
    expect(entry).toMatchObject({ action: 'category.create', staffId: managerId, before: null });
    expect(entry!.after).toMatchObject({ name: 'Çiçekli Örtüler', slug: 'cicekli-ortuler' });
  });

  it('nests a category under another and reorders siblings by a move, storefront and audit log following', async () => {
    const res = await manager.post(`${URL_}/${shop.categories.dijital}/move`, {
      parentId: shop.categories.seramik,
      index: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(await storefront()).toBe('seramik(dijital,kupalar) tekstil cicekli-ortuler');
    const listed = res.json().items.find((c: { slug: string }) => c.slug === 'dijital');
    expect(listed).toMatchObject({ parentId: shop.categories.seramik, depth: 1, position: 0 });
    const moved = (await auditRows(shop.categories.dijital)).find((a) => a.action === 'category.move');
    expect(moved).toMatchObject({ before: { parentId: null }, after: { parentId: shop.categories.seramik } });

    // Back to the top, last: past the end is last.
    await manager.post(`${URL_}/${shop.categories.dijital}/move`, { parentId: null, index: 99 });
    expect(await storefront()).toBe('seramik(kupalar) tekstil cicekli-ortuler dijital');
  });

  it('renames a category: its products are found by the new name and the listing shows it at once', async () => {
    const before = await t.app.inject('/api/front/categories/kupalar/products');
    expect(before.statusCode).toBe(200);
    const current = await row(shop.categories.kupalar);
    const res = await manager.patch(`${URL_}/${current.id}`, {
      name: 'Porselen Fincanlar',
      slug: '',
      description: current.description,
      isActive: true,
      isFeatured: false,
      parentId: current.parentId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().category).toMatchObject({ name: 'Porselen Fincanlar', slug: 'kupalar' });
    const [kupa] = await t.services.database.db
      .select({ searchText: products.searchText })
      .from(products)
      .where(eq(products.id, shop.kupa));
    expect(kupa!.searchText).toContain('porselen fincanlar');
    const listing = await t.app.inject('/api/front/categories/kupalar/products');
    expect(listing.body).toContain('Porselen Fincanlar');
  });

  it('hides a category and what is under it from the storefront at once', async () => {
    const seramik = await row(shop.categories.seramik);
    const res = await manager.patch(`${URL_}/${seramik.id}`, {
      name: seramik.name,
      isActive: false,
      parentId: null,
    });
    expect(res.statusCode).toBe(200);
    expect(await storefront()).toBe('tekstil cicekli-ortuler dijital');
    const listed = (await manager.get(URL_)).json().items;
    expect(listed.find((c: { slug: string }) => c.slug === 'kupalar')).toMatchObject({
      isActive: false,
      ownActive: true,
    });
    await manager.patch(`${URL_}/${seramik.id}`, { name: seramik.name, isActive: true, parentId: null });
    expect(await storefront()).toContain('seramik(kupalar)');
  });
});

describe('categories in the panel: refusals, nothing written', () => {
  const unchanged = async (work: () => Promise<void>) => {
    const rows = await t.services.database.db.select().from(categories);
    const audits = (await t.services.database.db.select().from(auditLog)).length;
    await work();
    expect(await t.services.database.db.select().from(categories)).toEqual(rows);
    expect((await t.services.database.db.select().from(auditLog)).length).toBe(audits);
  };

  it('refuses a taken slug with 409 KATEGORI_SLUG_KULLANIMDA on the slug field', async () => {
    await unchanged(async () => {
      for (const body of [
        { name: 'Yeni', slug: 'Tekstil' },
        { name: 'Tekstil', slug: 'tekstil' },
      ]) {
        const res = await manager.post(URL_, body);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe('KATEGORI_SLUG_KULLANIMDA');
        expect(res.json().error.fields.slug).toContain('başka bir kategoride');
      }
    });
  });

  it('refuses to move a category under itself or its own descendant (409 KATEGORI_DONGU)', async () => {
    await unchanged(async () => {
      for (const parentId of [shop.categories.seramik, shop.categories.kupalar]) {
        const res = await manager.post(`${URL_}/${shop.categories.seramik}/move`, { parentId, index: 0 });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe('KATEGORI_DONGU');
        expect(res.json().error.message).toContain('alt kategorisinin');
      }
      const res = await manager.patch(`${URL_}/${shop.categories.seramik}`, {
        name: 'Seramik',
        parentId: shop.categories.kupalar,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.fields.parentId).toBeTruthy();
    });
  });

  it('refuses to delete a category with sub-categories or with products (409), in Turkish', async () => {
    await unchanged(async () => {
      const parent = await manager.delete(`${URL_}/${shop.categories.seramik}`);
      expect(parent.statusCode).toBe(409);
      expect(parent.json().error).toMatchObject({ code: 'KATEGORI_ALT_KATEGORILI' });
      expect(parent.json().error.message).toContain('alt kategorileri var');
      const full = await manager.delete(`${URL_}/${shop.categories.tekstil}`);
      expect(full.statusCode).toBe(409);
      expect(full.json().error.code).toBe('KATEGORI_URUNLU');
      expect(full.json().error.message).toMatch(/\d+ ürün var/);
    });
  });

  it('answers bad input with 400 and a Turkish message on each field', async () => {
    await unchanged(async () => {
      const cases: Array<[object, string]> = [
        [{ name: 'A' }, 'name'],
        [{ name: 'x'.repeat(101) }, 'name'],
        [{ name: 'Geçerli', slug: '---' }, 'slug'],
        [{ name: 'Geçerli', description: 'x'.repeat(1001) }, 'description'],
        [{ name: 'Geçerli', isActive: 'evet' }, 'isActive'],
        [{ name: 'Geçerli', parentId: 999_999 }, 'parentId'],
        [{ name: 'Geçerli', parentId: 'kök' }, 'parentId'],
        [{ name: '!!!' }, 'slug'],
      ];
      for (const [body, field] of cases) {
        const res = await manager.post(URL_, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
        expect(res.json().error.fields[field], JSON.stringify(body)).toMatch(/[a-zçğıöşü]/i);
      }
      const move = await manager.post(`${URL_}/${shop.categories.tekstil}/move`, {
        parentId: null,
        index: -1,
      });
      expect(move.statusCode).toBe(400);
      expect((await manager.delete(`${URL_}/abc`)).statusCode).toBe(400);
      expect((await manager.delete(`${URL_}/999999`)).json().error.code).toBe('KATEGORI_BULUNAMADI');
    });
  });

  it('lets support read the tree but change nothing (403 YETKI_YOK); no session is 401', async () => {
    const { b: support } = await loggedInStaff(t.app, t.services, 'support');
    await unchanged(async () => {
      expect((await support.get(URL_)).statusCode).toBe(200);
      const res = await support.post(URL_, { name: 'Destekten' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('YETKI_YOK');
      expect((await support.delete(`${URL_}/${shop.categories.dijital}`)).statusCode).toBe(403);
      expect((await browser(t.app).post(URL_, { name: 'Kimsiz' })).statusCode).toBe(401);
    });
  });

  it('deletes an empty category, audited', async () => {
    const made = (await manager.post(URL_, { name: 'Geçici Raf' })).json().category;
    const res = await manager.delete(`${URL_}/${made.id}`);
    expect(res.statusCode).toBe(204);
    expect(await storefront()).not.toContain('gecici-raf');
    expect((await auditRows(made.id)).map((a) => a.action)).toEqual(['category.create', 'category.delete']);
  });
});

describe('a category whose name gives a slug another has', () => {
  it('takes the first free -2, -3 slug (a typed taken slug is still 409)', async () => {
    const made = [];
    for (let i = 0; i < 2; i++) {
      const res = await manager.post(URL_, { name: 'Tekstil' });
      expect(res.statusCode).toBe(201);
      made.push(res.json().category);
    }
    expect(made.map((c) => c.slug)).toEqual(['tekstil-2', 'tekstil-3']);
    const typed = await manager.post(URL_, { name: 'Başka', slug: 'tekstil-2' });
    expect(typed.statusCode).toBe(409);
    for (const c of made) expect((await manager.delete(`${URL_}/${c.id}`)).statusCode).toBeLessThan(300);
  });
});
