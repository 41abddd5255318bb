import {
  type Address,
  addressInput,
  BILLING_TYPES,
  type CustomerProfile,
  consentInput,
  deleteAccountInput,
  emailChangeInput,
  forgotInput,
  loginInput,
  passwordChangeInput,
  profileInput,
  registerInput,
  resetInput,
} from '@vitrin/shared/api/account';
import { SESSION_COOKIE } from '@vitrin/shared/api/account-context';
import { listingQuerySchema, searchQuerySchema } from '@vitrin/shared/api/catalog-query';
import { clientErrorReportSchema } from '@vitrin/shared/api/client-errors';
import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import { buildInfoSchema, homeDataSchema } from '@vitrin/shared/api/home';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { blogOperations } from './blog/openapi.ts';
import { cartOperations } from './cart/openapi.ts';
import type { Operation } from './operation.ts';
import { orderOperations } from './orders/openapi.ts';
import { stockAlertOperations } from './stock-alerts/openapi.ts';
import { supportOperations } from './support/openapi.ts';
import { wishlistOperations } from './wishlist/openapi.ts';

// The API as OpenAPI 3.1, generated from the same zod schemas that validate requests and type the client.
// Every route under /api/front must appear here (a test checks it).

const errors = {
  400: { description: 'Geçersiz istek', schema: apiErrorBodySchema },
  503: { description: 'Mağaza bakımda (yazma istekleri)', schema: apiErrorBodySchema },
};

const notFound = { 404: { description: 'Bulunamadı', schema: apiErrorBodySchema } };
const pathParameterSchemas: Record<string, Record<string, unknown>> = {
  slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
  id: { type: 'integer', minimum: 1 },
  kind: { type: 'string', enum: ['shipping', 'billing'] },
  lineId: { type: 'integer', minimum: 1 },
  productId: { type: 'integer', minimum: 1 },
  orderNo: { type: 'string', pattern: '^[A-Za-z0-9-]{4,40}$' },
  ticketNo: { type: 'string', pattern: '^DT-[A-HJKMNP-Z2-9]{8}$' },
  messageId: { type: 'integer', minimum: 1 },
};

// --- customer accounts -------------------------------------------------------------------------------

/** What the account API answers (the shared module has these as types only: the browser needs no zod). */
const customerProfileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().describe('E.164, e.g. +905321234567'),
  wholesale: z.boolean(),
  marketingConsent: z.boolean(),
}) satisfies z.ZodType<CustomerProfile>;

const addressSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  provinceCode: z.number().int(),
  province: z.string(),
  district: z.string(),
  line: z.string(),
  postcode: z.string().nullable(),
  billingType: z.enum(BILLING_TYPES),
  tcKimlikNo: z.string().nullable(),
  companyName: z.string().nullable(),
  taxNumber: z.string().nullable(),
  taxOffice: z.string().nullable(),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
}) satisfies z.ZodType<Address>;

const customerAnswer = z.object({ customer: customerProfileSchema });
const addressAnswer = z.object({ address: addressSchema });
const loginBody = loginInput.extend({
  bearer: z
    .boolean()
    .optional()
    .describe('true: answer with the session token for `Authorization: Bearer` instead of setting a cookie'),
});
const bearerLoginAnswer = z.object({
  customer: customerProfileSchema,
  token: z.string().describe('Shown once; send it as `Authorization: Bearer <token>`'),
  expiresAt: z.string().describe('ISO 8601; the expiry slides forward with use'),
});

const error = (description: string) => ({ description, schema: apiErrorBodySchema });
const noSession = { 401: error('OTURUM_GECERSIZ: no valid session') };
const crossOrigin = { 403: error('KAYNAK_REDDEDILDI: a cookie-carrying write from another site') };
const tooMany = { 429: error('COK_FAZLA_ISTEK: too many attempts from this address (Retry-After)') };
const panel = { ...errors, ...noSession, ...crossOrigin };

const accountOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/front/auth/register',
    summary: 'Creates an account and logs it in (session cookie); a welcome e-mail follows',
    tag: 'auth',
    body: registerInput,
    responses: {
      201: { description: 'Registered and logged in', schema: customerAnswer },
      ...errors,
      ...crossOrigin,
      409: error('EPOSTA_KAYITLI'),
      ...tooMany,
    },
  },
  {
    method: 'post',
    path: '/api/front/auth/login',
    summary: 'Logs in: a session cookie (30 days with rememberMe), or a Bearer token with `bearer: true`',
    tag: 'auth',
    body: loginBody,
    responses: {
      200: {
        description: '`{ customer }` with cookies, or `{ customer, token, expiresAt }` with `bearer: true`',
        schema: z.union([customerAnswer, bearerLoginAnswer]),
      },
      ...errors,
      401: error('GIRIS_HATALI: wrong e-mail or password (one answer for both)'),
      ...crossOrigin,
      429: error(
        'COK_FAZLA_ISTEK: too many attempts from this address (Retry-After); COK_FAZLA_DENEME: five wrong passwords in a row for this e-mail from this address, which waits 15 minutes (the message says until when; an e-mail without an account answers the same)',
      ),
    },
  },
  {
    method: 'post',
    path: '/api/front/auth/logout',
    summary: 'Ends the session of the cookie or Bearer token and expires the cookies',
    tag: 'auth',
    responses: { 204: { description: 'Logged out' }, ...crossOrigin, 503: errors[503] },
  },
  {
    method: 'post',
    path: '/api/front/auth/forgot',
    summary: 'Sends a password reset link; the same answer whether or not the address has an account',
    tag: 'auth',
    body: forgotInput,
    responses: {
      202: { description: 'Accepted', schema: z.object({ message: z.string() }) },
      ...errors,
      ...crossOrigin,
      ...tooMany,
    },
  },
  {
    method: 'post',
    path: '/api/front/auth/reset',
    summary: 'Sets a new password with a reset link token; ends every session of the customer',
    tag: 'auth',
    body: resetInput,
    responses: {
      204: { description: 'Password changed' },
      ...errors,
      ...crossOrigin,
      ...tooMany,
    },
  },
  {
    method: 'get',
    path: '/api/front/auth/me',
    summary: 'The logged-in customer (the header asks when the browser has no stored profile)',
    tag: 'auth',
    auth: true,
    responses: { 200: { description: 'Profile', schema: customerAnswer }, ...noSession },
  },
  {
    method: 'get',
    path: '/api/front/account',
    summary: 'The customer profile (panel: Bilgilerim)',
    tag: 'account',
    auth: true,
    responses: { 200: { description: 'Profile', schema: customerAnswer }, ...noSession },
  },
  {
    method: 'patch',
    path: '/api/front/account',
    summary: 'Changes name and mobile phone',
    tag: 'account',
    auth: true,
    body: profileInput,
    responses: { 200: { description: 'Profile', schema: customerAnswer }, ...panel },
  },
  {
    method: 'post',
    path: '/api/front/account/email',
    summary: 'Changes the login e-mail address (password as proof)',
    tag: 'account',
    auth: true,
    body: emailChangeInput,
    responses: {
      200: { description: 'Profile', schema: customerAnswer },
      ...panel,
      403: error('SIFRE_HATALI, or KAYNAK_REDDEDILDI'),
      409: error('EPOSTA_KAYITLI'),
      429: error('COK_FAZLA_DENEME: five wrong passwords in a row; the message says until when'),
    },
  },
  {
    method: 'post',
    path: '/api/front/account/password',
    summary: 'Changes the password (current one as proof); ends the other sessions',
    tag: 'account',
    auth: true,
    body: passwordChangeInput,
    responses: {
      204: { description: 'Changed' },
      ...panel,
      403: error('SIFRE_HATALI, or KAYNAK_REDDEDILDI'),
      429: error('COK_FAZLA_DENEME: five wrong passwords in a row; the message says until when'),
    },
  },
  {
    method: 'post',
    path: '/api/front/account/consent',
    summary: 'Commercial electronic message consent on or off',
    tag: 'account',
    auth: true,
    body: consentInput,
    responses: { 200: { description: 'Profile', schema: customerAnswer }, ...panel },
  },
  {
    method: 'get',
    path: '/api/front/account/export',
    summary: 'Everything stored about the customer as a JSON file (KVKK right of access)',
    tag: 'account',
    auth: true,
    responses: { 200: { description: 'JSON download (content-disposition: attachment)' }, ...noSession },
  },
  {
    method: 'post',
    path: '/api/front/account/delete',
    summary: 'Deletes the account (password as proof): personal data erased, session ended, cookies expired',
    tag: 'account',
    auth: true,
    body: deleteAccountInput,
    responses: {
      204: { description: 'Deleted' },
      ...panel,
      403: error('SIFRE_HATALI, or KAYNAK_REDDEDILDI'),
      429: error('COK_FAZLA_DENEME: five wrong passwords in a row; the message says until when'),
    },
  },
  {
    method: 'get',
    path: '/api/front/addresses',
    summary: "The customer's address book, oldest first",
    tag: 'addresses',
    auth: true,
    responses: {
      200: { description: 'Addresses', schema: z.object({ addresses: z.array(addressSchema) }) },
      ...noSession,
    },
  },
  {
    method: 'post',
    path: '/api/front/addresses',
    summary: 'Adds an address (the first one becomes the default shipping and billing address)',
    tag: 'addresses',
    auth: true,
    body: addressInput,
    responses: {
      201: { description: 'Added', schema: addressAnswer },
      ...panel,
      409: error('ADRES_SINIRI: the address book is full'),
    },
  },
  {
    method: 'get',
    path: '/api/front/addresses/{id}',
    summary: 'One address of the customer',
    tag: 'addresses',
    auth: true,
    responses: { 200: { description: 'Address', schema: addressAnswer }, ...noSession, ...notFound },
  },
  {
    method: 'put',
    path: '/api/front/addresses/{id}',
    summary: 'Replaces an address; a default flag that is set moves the default to it',
    tag: 'addresses',
    auth: true,
    body: addressInput,
    responses: { 200: { description: 'Address', schema: addressAnswer }, ...panel, ...notFound },
  },
  {
    method: 'delete',
    path: '/api/front/addresses/{id}',
    summary: 'Deletes an address; a default passes to the newest remaining one',
    tag: 'addresses',
    auth: true,
    responses: { 204: { description: 'Deleted' }, ...noSession, ...crossOrigin, ...notFound },
  },
  {
    method: 'post',
    path: '/api/front/addresses/{id}/default/{kind}',
    summary: 'Makes an address the default shipping or billing address',
    tag: 'addresses',
    auth: true,
    responses: { 200: { description: 'Address', schema: addressAnswer }, ...panel, ...notFound },
  },
];

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
  ...accountOperations,
  ...orderOperations,
  ...cartOperations,
  ...blogOperations,
  ...supportOperations,
  ...stockAlertOperations,
  ...wishlistOperations,
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
      ...[...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
        name,
        in: 'path',
        required: true,
        schema: pathParameterSchemas[name!] ?? { type: 'string' },
      })),
      ...Object.entries(queryProps).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
    ];
    paths[op.path]![op.method] = {
      summary: op.summary,
      tags: [op.tag],
      ...(op.auth ? { security: [{ sessionCookie: [] }, { bearer: [] }] } : {}),
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
    info: {
      title: 'Vitrin storefront API',
      version: '0.1.0',
      license: { name: 'MIT' },
      description:
        'Veritabanına ulaşılamadığı sürece (ör. PostgreSQL yeniden başlarken) her adres 503 ' +
        'VERITABANI_ULASILAMIYOR ve Retry-After ile yanıt verir; istek birkaç saniye sonra yinelenebilir.',
    },
    paths,
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'From POST /api/front/auth/login with bearer: true',
        },
      },
    },
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
