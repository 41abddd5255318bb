import type { Services } from '@vitrin/core';
import { slugNowOf } from '@vitrin/core/catalog/slug-history';
import { listingQuerySchema, searchQuerySchema } from '@vitrin/shared/api/catalog-query';
import { isSlug } from '@vitrin/shared/slug';
import type { FastifyInstance } from 'fastify';
import { notFoundBody } from '../../http/errors.ts';
import { encodeAll, sendEncoded } from '../../http/precompressed.ts';
import type { AccountOf } from '../../sessions/account.ts';
import { apiRoutes, errorAnswer, invalid } from '../route.ts';
import { createAnswerCache } from './answers.ts';
import {
  categoryPage,
  categoryTree,
  homeShelves,
  productDetail,
  searchListingQuerySchema,
  searchPage,
  slugParam,
  suggestions,
  tagPage,
} from './schemas.ts';

/**
 * Catalogue answers are the same for every retail visitor: shared caches may keep them briefly. A wholesale
 * customer's answers (their prices) are marked private by the app's onSend hook.
 */
const CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** A slug that is not well formed names nothing: answered 404 without a look-up. */
const wellFormed = (slug: string) => (isSlug(slug) ? slug : undefined);

const notFound = { 404: errorAnswer('BULUNAMADI') };

/**
 * Bytes of listing and search answers kept (their JSON and compressed copies): at 100 000 products the 560
 * listings of the large bench (every category, sort, page and filter) hold about 8 MB.
 */
const ANSWERS_BYTES = 16 * 1024 * 1024;

/**
 * The catalogue API. Prices follow the shopper: a request with a session (cookie or Bearer) of a wholesale
 * customer gets wholesale prices; a request without one costs no account look-up.
 */
export function registerCatalogRoutes(app: FastifyInstance, services: Services, accountOf: AccountOf) {
  const { catalog } = services;
  const route = apiRoutes(app);
  const tag = 'Mağaza: katalog';
  const answers = createAnswerCache(ANSWERS_BYTES);

  route({
    method: 'GET',
    url: '/api/front/categories',
    summary: 'The category tree',
    tag,
    responses: { 200: { description: 'Categories with their children, in order', schema: categoryTree } },
    handler: async (_request, reply) =>
      reply.header('cache-control', CACHE).send(await catalog.categoryTree()),
  });

  route({
    method: 'GET',
    url: '/api/front/home/shelves',
    summary: 'The home page shelves: featured categories, newest and discounted products',
    tag,
    responses: { 200: { description: 'Featured categories and two product shelves', schema: homeShelves } },
    handler: async (request, reply) => {
      const shopper = await accountOf(request, reply).shopper();
      return reply.header('cache-control', CACHE).send(await catalog.homeShelves(shopper));
    },
  });

  // A category and a tag are listed alike: the page of one, with the listing's filters, sort and paging.
  const listings = [
    {
      url: '/api/front/categories/:slug/products',
      summary: 'A category with its breadcrumbs, subcategories and filtered, sorted, paged products',
      what: 'Kategori',
      load: catalog.categoryPage,
      schema: categoryPage,
    },
    {
      url: '/api/front/tags/:slug/products',
      summary: 'Products with a tag, filtered, sorted and paged',
      what: 'Etiket',
      load: catalog.tagPage,
      schema: tagPage,
    },
  ] as const;
  for (const { url, summary, what, load, schema } of listings) {
    route({
      method: 'GET',
      url,
      summary,
      tag,
      params: slugParam,
      querystring: listingQuerySchema,
      responses: {
        200: { description: `${what} page`, schema, serialize: 'schema' },
        ...invalid,
        ...notFound,
      },
      handler: async (request, reply) => {
        const slug = wellFormed(request.params.slug);
        const shopper = await accountOf(request, reply).shopper();
        if (!shopper.wholesale) {
          const answer = await answers.get(await catalog.answersStamp(), request.url, async () => {
            const page = slug && (await load(slug, request.query, shopper));
            return page ? reply.serialize(page) : null;
          });
          if (!answer) return reply.status(404).send(notFoundBody(what, request.url));
          return answers.send(request, reply.header('cache-control', CACHE), answer, request.url);
        }
        const page = slug && (await load(slug, request.query, shopper));
        if (!page) return reply.status(404).send(notFoundBody(what, request.url));
        return reply.header('cache-control', CACHE).send(page);
      },
    });
  }

  route({
    method: 'GET',
    url: '/api/front/search',
    summary: 'Turkish-aware product search (folded letters, stems, typos), ranked, with the listing filters',
    tag,
    querystring: searchListingQuerySchema,
    responses: {
      200: { description: 'Search results', schema: searchPage, serialize: 'schema' },
      ...invalid,
    },
    handler: async (request, reply) => {
      const { q, ...query } = request.query;
      const shopper = await accountOf(request, reply).shopper();
      reply.header('cache-control', CACHE);
      if (shopper.wholesale) return reply.send(await catalog.search(q, query, shopper));
      const answer = await answers.get(await catalog.answersStamp(), request.url, async () =>
        reply.serialize(await catalog.search(q, query, shopper)),
      );
      return answers.send(request, reply, answer!, request.url);
    },
  });

  route({
    method: 'GET',
    url: '/api/front/search/suggest',
    summary: 'Suggestions as the shopper types: products and categories',
    tag,
    querystring: searchQuerySchema,
    responses: { 200: { description: 'Suggestions', schema: suggestions }, ...invalid },
    handler: async (request, reply) => {
      const { q } = request.query;
      return reply.header('cache-control', CACHE).send(await catalog.suggest(q));
    },
  });

  // A product's JSON is compressed once per catalogue change, not once per request.
  const productJson = services.cache.keyed('product-json', async (slug) => {
    const product = await catalog.product(slug);
    return product && encodeAll(JSON.stringify(product));
  });
  route({
    method: 'GET',
    url: '/api/front/products/:slug',
    summary:
      'A product with prices (VAT included, in TRY), variants, stock, specifications and related products',
    tag,
    params: slugParam,
    responses: { 200: { description: 'Product', schema: productDetail, serialize: 'schema' }, ...notFound },
    handler: async (request, reply) => {
      const slug = wellFormed(request.params.slug);
      // A product whose slug changed: its old address moves for good (looked up only on a miss).
      const missing = async (slug: string | null | undefined | '') => {
        const movedTo = slug ? await slugNowOf(services.database.db, slug) : null;
        if (movedTo) return reply.redirect(`/api/front/products/${movedTo}`, 301);
        return reply.status(404).send(notFoundBody('Ürün', request.url));
      };
      const shopper = await accountOf(request, reply).shopper();
      if (shopper.wholesale) {
        const product = slug && (await catalog.product(slug, shopper));
        if (!product) return missing(slug);
        return reply.send(product);
      }
      const encoded = slug && (await productJson(slug));
      if (!encoded) return missing(slug);
      reply.type('application/json; charset=utf-8').header('cache-control', CACHE);
      return sendEncoded(request, reply, encoded);
    },
  });
}
