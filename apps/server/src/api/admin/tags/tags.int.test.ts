import { auditLog, products, productTags, tags } from '@vitrin/core/db/schema';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
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
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
});
afterAll(() => t.close());

const URL_ = '/api/admin/tags';
const searchTextOf = async (id: number) =>
  (
    await t.services.database.db
      .select({ searchText: products.searchText })
      .from(products)
      .where(eq(products.id, id))
  )[0]!.searchText;
const tagListing = (slug: string) => t.app.inject(`/api/front/tags/${slug}/products`);

describe('tags in the panel', () => {
  it('adds, renames and deletes a tag: the tag listing, search columns and audit log follow', async () => {
    const res = await manager.post(URL_, { name: 'Yılbaşı Hediyesi' });
    expect(res.statusCode).toBe(201);
    const { tag } = res.json();
    expect(tag).toMatchObject({ name: 'Yılbaşı Hediyesi', slug: 'yilbasi-hediyesi', productCount: 0 });
    const { db } = t.services.database;
    await db.insert(productTags).values({ productId: shop.kupa, tagId: tag.id });
    expect((await tagListing('yilbasi-hediyesi')).statusCode).toBe(200);

    const renamed = await manager.patch(`${URL_}/${tag.id}`, { name: 'Sevgililer Günü', slug: '' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().tag).toMatchObject({
      name: 'Sevgililer Günü',
      slug: 'yilbasi-hediyesi',
      productCount: 1,
    });
    expect(await searchTextOf(shop.kupa)).toContain('sevgililer gunu');
    expect((await manager.get(URL_)).json().items.map((x: { name: string }) => x.name)).toContain(
      'Sevgililer Günü',
    );

    const removed = await manager.delete(`${URL_}/${tag.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await db.select().from(productTags).where(eq(productTags.tagId, tag.id))).toEqual([]);
    expect(await searchTextOf(shop.kupa)).not.toContain('sevgililer');
    expect((await tagListing('yilbasi-hediyesi')).statusCode).toBe(404);
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entity, 'tag'))).map((a) => a.action);
    expect(actions).toEqual(['tag.create', 'tag.update', 'tag.delete']);
  });

  it('refuses bad input and a taken slug, writing nothing; support reads but cannot change', async () => {
    const { db } = t.services.database;
    await manager.post(URL_, { name: 'El Yapımı' });
    const { b: support } = await loggedInStaff(t.app, t.services, 'support');
    const before = await db.select().from(tags);
    const audits = (await db.select().from(auditLog)).length;

    const taken = await manager.post(URL_, { name: 'Başka', slug: 'El Yapımı' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'ETIKET_SLUG_KULLANIMDA' });
    expect(taken.json().error.fields.slug).toContain('başka bir etikette');
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ name: 'İyi', slug: '***' }, 'slug'],
      [{ name: '%%%' }, 'slug'],
    ] as const) {
      const res = await manager.post(URL_, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field]).toBeTruthy();
    }
    expect((await manager.patch(`${URL_}/999999`, { name: 'Yok' })).json().error.code).toBe(
      'ETIKET_BULUNAMADI',
    );
    expect((await support.get(URL_)).statusCode).toBe(200);
    expect((await support.post(URL_, { name: 'Destek' })).json().error.code).toBe('YETKI_YOK');
    expect(await db.select().from(tags)).toEqual(before);
    expect((await db.select().from(auditLog)).length).toBe(audits);
  });
});
