import { productPrices, products } from '@vitrin/core/db/schema';
import type { Feeds } from '@vitrin/core/feeds/feeds';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../../test/server.ts';
import { registerFeedRoutes } from './feeds.ts';

/**
 * The feeds go to Google and to every price-comparison site: a product's purchase price (type 1) must not be
 * in them in any spelling, nor any field named after it.
 */
describe('product feeds and purchase prices', () => {
  let app: FastifyInstance;
  let services: Awaited<ReturnType<typeof createTestServices>>;
  let feeds: Feeds;
  beforeAll(async () => {
    services = await createTestServices();
    app = Fastify();
    feeds = registerFeedRoutes(app, services, {
      publicUrl: 'https://magaza.example',
      timing: { settleMs: 0, stockGapMs: 0, gapFactor: 0 },
    });
  });
  afterAll(async () => {
    await app.close();
    await services.dispose();
  });

  it('carry no purchase price, however written, and no field of one', async () => {
    const { db } = services.database;
    const [product] = await db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .innerJoin(productPrices, eq(productPrices.productId, products.id))
      .where(and(eq(products.isActive, true), eq(products.stockType, 1), eq(productPrices.priceType, 1)))
      .limit(1);
    await db
      .update(productPrices)
      .set({ amountMinor: 98_765_432 })
      .where(and(eq(productPrices.productId, product!.id), eq(productPrices.priceType, 1)));
    await services.cache.invalidateAll([product!.id]);
    while (feeds.state().building || feeds.state().pending) await new Promise((r) => setTimeout(r, 10));

    for (const url of ['/feeds/google.xml', '/feeds/products.xml']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      // The product is listed, with its sale price, and its purchase price in no spelling.
      expect(res.body).toContain(product!.sku);
      for (const spelling of ['98765432', '987654.32', '987654,32', '987.654,32', '987,654.32']) {
        expect({ url, spelling, found: res.body.includes(spelling) }).toEqual({
          url,
          spelling,
          found: false,
        });
      }
      // No element of one either (Google's feed has g:cost_of_goods_sold).
      expect(res.body.match(/<[\w:]*(?:purchase|cost|alis|maliyet)[\w:]*/gi)).toBeNull();
    }
  });
});
