import { openTestDatabase } from '@vitrin/testing/database';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { menuItems, pages } from '../db/schema.ts';
import { isEmptyShop, seedDemo } from './seed.ts';

describe('demo seed', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('fills an empty shop with pages of all four types, including the legal pages', async () => {
    expect(await isEmptyShop(database.db)).toBe(true);
    expect(await seedDemo(database.db)).toBe(true);
    const rows = await database.db.select({ slug: pages.slug, type: pages.type }).from(pages);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set([1, 2, 3, 4]));
    expect(rows.map((r) => r.slug)).toEqual(
      expect.arrayContaining([
        'hakkimizda',
        'kvkk-aydinlatma-metni',
        'mesafeli-satis-sozlesmesi',
        'iade-kosullari',
        'sikca-sorulan-sorular',
      ]),
    );
  });

  it('does nothing the second time', async () => {
    const [before] = await database.db.select({ n: count() }).from(menuItems);
    expect(await seedDemo(database.db)).toBe(false);
    const [after] = await database.db.select({ n: count() }).from(menuItems);
    expect(after!.n).toBe(before!.n);
  });
});
