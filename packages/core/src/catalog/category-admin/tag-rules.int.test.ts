import { refusal } from '@vitrin/testing/refusal';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, productTags, tags } from '../../db/schema.ts';

/** Tags changed from the panel, on the test shop. */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const cli = { kind: 'cli' } as const;
const admin = () => t.services.tagAdmin;
const searchTextOf = async (id: number) =>
  (await t.db.select({ s: products.searchText }).from(products).where(eq(products.id, id)))[0]!.s;
const query = { page: 1, pageSize: 24, sort: 'newest' as const, tag: [], opt: [] };

describe('tags', () => {
  it('get a slug from the Turkish name; a rename keeps the slug and refreshes its products’ search text', async () => {
    const tag = await admin().create(cli, { name: 'Yılbaşı Hediyesi' });
    expect(tag).toMatchObject({ name: 'Yılbaşı Hediyesi', slug: 'yilbasi-hediyesi', productCount: 0 });
    await t.db.insert(productTags).values({ productId: t.shop.kupa, tagId: tag.id });
    await t.services.cache.invalidateAll();
    expect((await t.services.catalog.tagPage('yilbasi-hediyesi', query))!.listing.total).toBe(1);
    const renamed = await admin().update(cli, tag.id, { name: 'Sevgililer Günü', slug: '' });
    expect(renamed).toMatchObject({ name: 'Sevgililer Günü', slug: 'yilbasi-hediyesi', productCount: 1 });
    expect(await searchTextOf(t.shop.kupa)).toContain('sevgililer gunu');
  });

  it('are deleted with their product links, the search text and tag page following, audited', async () => {
    const tag = await admin().create(cli, { name: 'Silinecek Etiket' });
    await t.db.insert(productTags).values({ productId: t.shop.defter, tagId: tag.id });
    // A rename refreshes its products' search text.
    await admin().update(cli, tag.id, { name: 'Silinecek Etiketim', slug: '' });
    expect(await searchTextOf(t.shop.defter)).toContain('silinecek etiketim');
    await admin().remove(cli, tag.id);
    expect(await t.db.select().from(productTags).where(eq(productTags.tagId, tag.id))).toEqual([]);
    expect(await searchTextOf(t.shop.defter)).not.toContain('silinecek');
    expect(await t.services.catalog.tagPage('silinecek-etiket', query)).toBeNull();
    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(tag.id)))
    )
      .filter((a) => a.entity === 'tag')
      .map((a) => a.action);
    expect(actions).toEqual(['tag.create', 'tag.update', 'tag.delete']);
  });

  it('refuse a taken slug (409 on the slug field) and bad input on its field, writing nothing', async () => {
    await admin().create(cli, { name: 'El Yapımı' });
    const before = await t.db.select().from(tags);
    const taken = await refusal(() => admin().create(cli, { name: 'Başka', slug: 'el-yapimi' }));
    expect(taken).toMatchObject({ status: 409, code: 'ETIKET_SLUG_KULLANIMDA' });
    expect(taken.fields!.slug).toContain('başka bir etikette');
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ name: 'İyi', slug: '***' }, 'slug'],
      [{ name: '%%%' }, 'slug'],
    ] as const) {
      const err = await refusal(() => admin().create(cli, body));
      expect(err.status, JSON.stringify(body)).toBe(400);
      expect(err.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await refusal(() => admin().update(cli, 999_999, { name: 'Yok' }))).toMatchObject({
      status: 404,
      code: 'ETIKET_BULUNAMADI',
    });
    expect(await t.db.select().from(tags)).toEqual(before);
  });
});
