import { categories } from '@vitrin/core/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, registeredBrowser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const { db } = t.services.database;
  await db.delete(categories);
  const [giyim] = await db
    .insert(categories)
    .values({ slug: 'giyim-t', name: 'Giyim', position: 1 })
    .returning();
  const [ev] = await db
    .insert(categories)
    .values({ slug: 'ev-t', name: 'Ev ve Yaşam', position: 0 })
    .returning();
  const [tisort] = await db
    .insert(categories)
    .values({ slug: 'tisort-t', name: 'Tişört', parentId: giyim!.id, position: 0 })
    .returning();
  await db
    .insert(categories)
    .values({ slug: 'ic-t', name: 'İç Giyim', parentId: giyim!.id, position: 1, isActive: false });
  await db.insert(categories).values({ slug: 'baskili-t', name: 'Baskılı', parentId: tisort!.id });
  void ev;
});
afterAll(() => t.close());

describe('the category list of the panel’s pickers', () => {
  it('lists every category depth-first in the storefront’s order with its depth, hidden ones marked', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const res = await b.get('/api/admin/categories');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(
      res
        .json()
        .items.map((c: { name: string; depth: number; isActive: boolean }) => [c.name, c.depth, c.isActive]),
    ).toEqual([
      ['Ev ve Yaşam', 0, true],
      ['Giyim', 0, true],
      ['Tişört', 1, true],
      ['Baskılı', 2, true],
      ['İç Giyim', 1, false],
    ]);
  });

  it('is read by every staff role: manager and support too', async () => {
    for (const role of ['manager', 'support'] as const) {
      const { b } = await loggedInStaff(t.app, t.services, role);
      const res = await b.get('/api/admin/categories');
      expect(res.statusCode).toBe(200);
      expect(res.json().items).toHaveLength(5);
    }
  });

  it('is never a shopper’s: a customer session or none gets 401 and no category', async () => {
    for (const b of [browser(t.app), await registeredBrowser(t.app, 271)]) {
      const res = await b.get('/api/admin/categories');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('YONETICI_OTURUMU_GEREKLI');
      expect(res.body).not.toContain('Giyim');
    }
  });
});
