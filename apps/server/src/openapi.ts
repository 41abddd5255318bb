import { listingQuerySchema, searchQuerySchema } from '@vitrin/shared/api/catalog-query';
import { clientErrorReportSchema } from '@vitrin/shared/api/client-errors';
import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import { buildInfoSchema, homeDataSchema } from '@vitrin/shared/api/home';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';

/**
 * The API as OpenAPI 3.1, generated from the same zod schemas that validate requests and type the client.
 * Every route under /api/front must appear here (a test checks it).
 */
interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  /** Query parameters: the schema's top-level properties become `in: query` parameters. */
  query?: z.ZodType | z.ZodType[];
  /** Status → schema (or undefined for an empty body). */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

const errors = {
  400: { description: 'Geçersiz istek', schema: apiErrorBodySchema },
  503: { description: 'Mağaza bakımda (yazma istekleri)', schema: apiErrorBodySchema },
};

const notFound = { 404: { description: 'Bulunamadı', schema: apiErrorBodySchema } };
const slugParameter = {
  name: 'slug',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
};

export const operations: Operation[] = [
  {
    method: 'get',
    path: '/api/front/home',
    summary: 'Menu, public settings and social accounts, loaded once by the storefront',
    tag: 'home',
    responses: { 200: { description: 'Home data', schema: homeDataSchema } },
  },
  {
    method: 'get',
    path: '/api/front/build',
    summary: 'Version of the deployed storefront build (poll with a timestamp query)',
    tag: 'home',
    responses: { 200: { description: 'Build info', schema: buildInfoSchema } },
  },
  {
    method: 'post',
    path: '/api/front/client-errors',
    summary: 'A browser reports one of its errors to the server log',
    tag: 'operations',
    body: clientErrorReportSchema,
    responses: { 204: { description: 'Logged' }, ...errors, 429: { description: 'Too many reports' } },
  },
  {
    method: 'get',
    path: '/api/front/categories',
    summary: 'The category tree',
    tag: 'catalogue',
    responses: { 200: { description: 'Categories with their children, in order' } },
  },
  {
    method: 'get',
    path: '/api/front/home/shelves',
    summary: 'The home page shelves: featured categories, newest and discounted products',
    tag: 'catalogue',
    responses: { 200: { description: 'Featured categories and two product shelves' } },
  },
  {
    method: 'get',
    path: '/api/front/categories/{slug}/products',
    summary: 'A category with its breadcrumbs, subcategories and filtered, sorted, paged products',
    tag: 'catalogue',
    query: listingQuerySchema,
    responses: { 200: { description: 'Category page' }, ...errors, ...notFound },
  },
  {
    method: 'get',
    path: '/api/front/tags/{slug}/products',
    summary: 'Products with a tag, filtered, sorted and paged',
    tag: 'catalogue',
    query: listingQuerySchema,
    responses: { 200: { description: 'Tag page' }, ...errors, ...notFound },
  },
  {
    method: 'get',
    path: '/api/front/search',
    summary: 'Turkish-aware product search (folded letters, stems, typos), ranked, with the listing filters',
    tag: 'catalogue',
    query: [searchQuerySchema, listingQuerySchema],
    responses: { 200: { description: 'Search results; `listing` is null for an empty query' }, ...errors },
  },
  {
    method: 'get',
    path: '/api/front/search/suggest',
    summary: 'Suggestions as the shopper types: products and categories',
    tag: 'catalogue',
    query: searchQuerySchema,
    responses: { 200: { description: 'Suggestions' }, ...errors },
  },
  {
    method: 'get',
    path: '/api/front/products/{slug}',
    summary:
      'A product with prices (VAT included, in TRY), variants, stock, specifications and related products',
    tag: 'catalogue',
    responses: { 200: { description: 'Product' }, ...notFound },
  },
];

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    const queryProps = Object.assign(
      {},
      ...[op.query ?? []]
        .flat()
        .map((q) => (jsonSchema(q, 'input') as { properties?: Record<string, unknown> }).properties ?? {}),
    ) as Record<string, unknown>;
    const parameters = [
      ...(op.path.includes('{slug}') ? [slugParameter] : []),
      ...Object.entries(queryProps).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
    ];
    paths[op.path]![op.method] = {
      summary: op.summary,
      tags: [op.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(op.body, 'input') } },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(op.responses).map(([status, r]) => [
          status,
          {
            description: r.description,
            ...(r.schema
              ? { content: { 'application/json': { schema: jsonSchema(r.schema, 'output') } } }
              : {}),
          },
        ]),
      ),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Vitrin storefront API', version: '0.1.0', license: { name: 'MIT' } },
    paths,
  };
}

/**
 * Serves the document at /api/docs. Register it before the API routes: it watches them being added so that
 * `undocumentedRoutes()` can name any /api/front route missing from `operations`.
 */
export function registerOpenApi(app: FastifyInstance) {
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/front/')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') seen.add(`${method} ${route.url}`);
  });
  // Fastify writes path parameters as `:slug`, OpenAPI as `{slug}`.
  const documented = new Set(
    operations.map((op) => `${op.method.toUpperCase()} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  let cached: string | undefined;
  app.get('/api/docs', async (_request, reply) => {
    cached ??= JSON.stringify(openApiDocument());
    return reply.type('application/json; charset=utf-8').send(cached);
  });
  app.decorate('undocumentedRoutes', () => [...seen].filter((r) => !documented.has(r)));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** /api/front routes that the OpenAPI document does not describe (should be none). */
    undocumentedRoutes(): string[];
  }
}
