import { openTestDatabase } from '@vitrin/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createServices, type Services } from '../services.ts';

describe('demo home tiles', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let services: Services;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase({ demo: true }));
    services = createServices(database);
  });
  afterAll(() => dispose());

  it('shows on each featured category a picture of one of its own products', async () => {
    const { featuredCategories } = await services.catalog.homeShelves();
    expect(featuredCategories.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['seramik', 'tekstil', 'deri']),
    );
    for (const category of featuredCategories) {
      const slug = category.image?.match(/^catalog\/products\/(.+)-\d+\.webp$/)?.[1];
      expect(slug, category.slug).toBeDefined();
      const product = await services.catalog.product(slug!);
      expect(product?.images, category.slug).toContain(category.image);
      expect(
        product?.breadcrumbs.map((c) => c.url),
        category.slug,
      ).toContain(`/shop/${category.slug}`);
    }
  });

  it('gives the hero a picture', async () => {
    expect((await services.home.data()).global_setting.hero_image).toBe('site/hero.webp');
  });
});
