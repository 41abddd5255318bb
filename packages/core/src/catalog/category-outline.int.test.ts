import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../db/schema.ts';
import { readCategoryOutline } from './category-outline.ts';

/** The panel's category pickers: every category depth-first, hidden ones and those under them marked. */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

describe('the category outline', () => {
  it('lists every category depth-first by position with its depth', async () => {
    const [mugs] = await t.db
      .insert(categories)
      .values({ slug: 'buyuk-kupalar', name: 'Büyük Kupalar', parentId: t.shop.categories.kupalar })
      .returning();
    await t.db.update(categories).set({ position: -1 }).where(eq(categories.id, t.shop.categories.dijital));
    const outline = await readCategoryOutline(t.db);
    expect(outline.map((c) => [c.slug, c.depth])).toEqual([
      ['dijital', 0],
      ['seramik', 0],
      ['kupalar', 1],
      ['buyuk-kupalar', 2],
      ['tekstil', 0],
    ]);
    expect(outline.find((c) => c.id === mugs!.id)!.isActive).toBe(true);
  });

  it('marks a hidden category and everything under it as hidden', async () => {
    await t.db
      .update(categories)
      .set({ isActive: false })
      .where(eq(categories.id, t.shop.categories.seramik));
    const outline = await readCategoryOutline(t.db);
    const active = Object.fromEntries(outline.map((c) => [c.slug, c.isActive]));
    expect(active).toEqual({
      dijital: true,
      seramik: false,
      kupalar: false,
      'buyuk-kupalar': false,
      tekstil: true,
    });
  });
});
