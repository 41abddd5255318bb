import type { Services } from '@vitrin/core';
import { listingQuerySchema, searchQuerySchema } from '@vitrin/shared/api/catalog-query';
import { isSlug } from '@vitrin/shared/slug';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFoundBody } from '../../http/errors.ts';
import { encodeAll, sendEncoded } from '../../http/precompressed.ts';
import type { AccountOf } from '../../sessions/account.ts';
import { parseInput } from '../validation.ts';

/**
 * Catalogue answers are the same for every retail visitor: shared caches may keep them briefly. A wholesale
 * customer's answers (their prices) are marked private by the app's onSend hook.
 */
const CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Search results are ranked by relevance unless the shopper picked another order. */
function searchListingQuery(raw: unknown) {
  const query = parseInput(listingQuerySchema, raw);
  const sortGiven = typeof raw === 'object' && raw !== null && 'sort' in raw;
  return sortGiven ? query : { ...query, sort: 'relevance' as const };
}

function slugParam(request: FastifyRequest): string | undefined {
  const { slug } = request.params as { slug: string };
  return isSlug(slug) ? slug : undefined;
}

/**
 * The catalogue API. Prices follow the shopper: a request with a session (cookie or Bearer) of a wholesale
 * customer gets wholesale prices; a request without one costs no account look-up.
 */
export function registerCatalogRoutes(app: FastifyInstance, services: Services, accountOf: AccountOf) {
  const { catalog } = services;

  app.get('/api/front/categories', async (_request, reply) =>
    reply.header('cache-control', CACHE).send(await catalog.categoryTree()),
  );

  app.get('/api/front/home/shelves', async (request, reply) => {
    const shopper = await accountOf(request, reply).shopper();
    return reply.header('cache-control', CACHE).send(await catalog.homeShelves(shopper));
  });

  app.get('/api/front/categories/:slug/products', async (request, reply) => {
    const query = parseInput(listingQuerySchema, request.query);
    const slug = slugParam(request);
    const shopper = await accountOf(request, reply).shopper();
    const page = slug && (await catalog.categoryPage(slug, query, shopper));
    if (!page) return reply.status(404).send(notFoundBody('Kategori', request.url));
    return reply.header('cache-control', CACHE).send(page);
  });

  app.get('/api/front/tags/:slug/products', async (request, reply) => {
    const query = parseInput(listingQuerySchema, request.query);
    const slug = slugParam(request);
    const shopper = await accountOf(request, reply).shopper();
    const page = slug && (await catalog.tagPage(slug, query, shopper));
    if (!page) return reply.status(404).send(notFoundBody('Etiket', request.url));
    return reply.header('cache-control', CACHE).send(page);
  });

  app.get('/api/front/search', async (request, reply) => {
    const { q } = parseInput(searchQuerySchema, request.query);
    const query = searchListingQuery(request.query);
    const shopper = await accountOf(request, reply).shopper();
    return reply.header('cache-control', CACHE).send(await catalog.search(q, query, shopper));
  });

  app.get('/api/front/search/suggest', async (request, reply) => {
    const { q } = parseInput(searchQuerySchema, request.query);
    return reply.header('cache-control', CACHE).send(await catalog.suggest(q));
  });

  // A product's JSON is compressed once per catalogue change, not once per request.
  const productJson = services.cache.keyed('product-json', async (slug) => {
    const product = await catalog.product(slug);
    return product && encodeAll(JSON.stringify(product));
  });
  app.get('/api/front/products/:slug', async (request, reply) => {
    const slug = slugParam(request);
    const shopper = await accountOf(request, reply).shopper();
    if (shopper.wholesale) {
      const product = slug && (await catalog.product(slug, shopper));
      if (!product) return reply.status(404).send(notFoundBody('Ürün', request.url));
      return reply.send(product);
    }
    const encoded = slug && (await productJson(slug));
    if (!encoded) return reply.status(404).send(notFoundBody('Ürün', request.url));
    reply.type('application/json; charset=utf-8').header('cache-control', CACHE);
    return sendEncoded(request, reply, encoded);
  });
}
