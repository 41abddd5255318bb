import { refusal } from '@vitrin/testing/refusal';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories } from '../../db/schema.ts';

/** Category changes from the panel, on the test shop (seramik ⊃ kupalar, tekstil, dijital: all with products). */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const cli = { kind: 'cli' } as const;
const admin = () => t.services.categoryAdmin;
const form = (extra: Record<string, unknown>) => ({
  description: '',
  isActive: true,
  isFeatured: false,
  parentId: null,
  slug: '',
  ...extra,
});
const count = async () => (await t.db.select({ id: categories.id }).from(categories)).length;

describe('a new category', () => {
  it('gets a slug made from its Turkish name, at the end of its parent, audited', async () => {
    const made = await admin().create(
      cli,
      form({ name: 'Çay Bardağı Şişe', parentId: t.shop.categories.seramik }),
    );
    expect(made).toMatchObject({ slug: 'cay-bardagi-sise', parentId: t.shop.categories.seramik, depth: 1 });
    expect(made.position).toBe(1); // after kupalar
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'category.create'), eq(auditLog.entityId, String(made.id))));
    expect(audit).toHaveLength(1);
    const tree = await t.services.catalog.categoryTree();
    const seramik = tree.find((c) => c.slug === 'seramik')!;
    expect(seramik.children.map((c) => c.slug)).toEqual(['kupalar', 'cay-bardagi-sise']);
  });

  it('takes the first free -2, -3 when its name gives a taken slug', async () => {
    expect((await admin().create(cli, form({ name: 'Tekstil' }))).slug).toBe('tekstil-2');
    expect((await admin().create(cli, form({ name: 'TEKSTİL' }))).slug).toBe('tekstil-3');
  });

  it('refuses a typed slug another category has (409 on the slug field), writing nothing', async () => {
    const before = await count();
    const err = await refusal(() => admin().create(cli, form({ name: 'Yeni', slug: 'dijital' })));
    expect(err).toMatchObject({ status: 409, code: 'KATEGORI_SLUG_KULLANIMDA' });
    expect(err.fields).toHaveProperty('slug');
    expect(await count()).toBe(before);
  });

  it('refuses an unknown parent and a blank name on their fields', async () => {
    const parent = await refusal(() => admin().create(cli, form({ name: 'Yeni', parentId: 999_999 })));
    expect(parent).toMatchObject({ status: 400, code: 'GECERSIZ_ISTEK' });
    expect(parent.fields).toHaveProperty('parentId');
    const blank = await refusal(() => admin().create(cli, form({ name: '' })));
    expect(blank.status).toBe(400);
    expect(blank.fields).toHaveProperty('name');
  });
});

describe('moving and editing', () => {
  it('refuses to put a category under itself or its own descendant (409 KATEGORI_DONGU)', async () => {
    const { seramik, kupalar } = t.shop.categories;
    const moved = await refusal(() => admin().move(cli, seramik, { parentId: kupalar, index: 0 }));
    expect(moved).toMatchObject({ status: 409, code: 'KATEGORI_DONGU' });
    const edited = await refusal(() =>
      admin().update(cli, seramik, form({ name: 'Seramik', parentId: seramik })),
    );
    expect(edited.code).toBe('KATEGORI_DONGU');
    const [row] = await t.db.select().from(categories).where(eq(categories.id, seramik));
    expect(row!.parentId).toBeNull();
  });

  it('reorders siblings by a move: the storefront tree follows', async () => {
    const { dijital } = t.shop.categories;
    await admin().move(cli, dijital, { parentId: null, index: 0 });
    const tree = await t.services.catalog.categoryTree();
    expect(tree[0]!.slug).toBe('dijital');
  });

  it("keeps a category's slug when the form leaves it blank on an edit", async () => {
    const { tekstil } = t.shop.categories;
    const edited = await admin().update(cli, tekstil, form({ name: 'Kumaş' }));
    expect(edited).toMatchObject({ name: 'Kumaş', slug: 'tekstil' });
  });

  it('hides what lies under a hidden category, in the panel list and the storefront', async () => {
    const { seramik, kupalar } = t.shop.categories;
    await admin().update(cli, seramik, form({ name: 'Seramik', slug: 'seramik', isActive: false }));
    try {
      const list = await admin().list();
      expect(list.find((c) => c.id === kupalar)).toMatchObject({ isActive: false, ownActive: true });
      const tree = await t.services.catalog.categoryTree();
      expect(tree.map((c) => c.slug)).not.toContain('seramik');
    } finally {
      await admin().update(cli, seramik, form({ name: 'Seramik', slug: 'seramik' }));
    }
  });
});

describe('deleting', () => {
  it('refuses a category with sub-categories or with products (409), in Turkish', async () => {
    const parent = await refusal(() => admin().remove(cli, t.shop.categories.seramik));
    expect(parent).toMatchObject({ status: 409, code: 'KATEGORI_ALT_KATEGORILI' });
    expect(parent.message).toContain('alt kategorileri var');
    const full = await refusal(() => admin().remove(cli, t.shop.categories.kupalar));
    expect(full).toMatchObject({ status: 409, code: 'KATEGORI_URUNLU' });
    expect(full.message).toMatch(/\d+ ürün var/);
  });

  it('deletes an empty category, and an unknown one is 404', async () => {
    const empty = await admin().create(cli, form({ name: 'Geçici' }));
    await admin().remove(cli, empty.id);
    expect((await admin().list()).map((c) => c.id)).not.toContain(empty.id);
    expect(await refusal(() => admin().remove(cli, empty.id))).toMatchObject({
      status: 404,
      code: 'KATEGORI_BULUNAMADI',
    });
  });
});
