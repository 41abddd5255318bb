import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { z } from '@vitrin/shared/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/server.ts';
import {
  categoryPage,
  categoryTree,
  homeShelves,
  productDetail,
  searchPage,
  suggestions,
} from './catalog/schemas.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: object }[];
  requestBody?: { content: Record<string, { schema: { properties?: object } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

describe('GET /api/docs', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let paths: Paths;
  const operation = (method: string, path: string) => paths[path]?.[method.toLowerCase()];
  beforeAll(async () => {
    t = await createTestApp();
    paths = (await t.app.inject('/api/docs')).json().paths;
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document generated from the shared schemas', async () => {
    const res = await t.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    // Any route may answer 503 while the database is away: clients learn to retry.
    expect(doc.info.description).toContain('503 VERITABANI_ULASILAMIYOR ve Retry-After');
    const home = doc.paths['/api/front/home'].get.responses['200'].content['application/json'].schema;
    expect(home.required).toEqual(['menu', 'global_setting', 'social_accounts']);
    expect(Object.keys(home.properties.global_setting.properties)).toContain('is_online');
    const report = doc.paths['/api/front/client-errors'].post.requestBody.content['application/json'].schema;
    expect(report.properties.kind.enum).toContain('chunk-load');
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it('passes swagger-parser strictly and Redocly’s recommended rules with no error', async () => {
    const text = (await t.app.inject('/api/docs')).body;
    // Valid against the OpenAPI 3.1 schema, every reference resolved (a menu's children refer to their own shape).
    const parsed = await SwaggerParser.validate(JSON.parse(text));
    expect(parsed).toMatchObject({ openapi: '3.1.0' });
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'docs.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    // The one warning left: a read that takes no input has no 4xx answer to document (GET /api/front/home).
    expect(problems.map((p) => p.ruleId).filter((rule) => rule !== 'operation-4xx-response')).toEqual([]);
  });

  it('names every operation once, states its security and files it under a declared Turkish tag', async () => {
    const doc = (await t.app.inject('/api/docs')).json();
    const operations = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ entry: `${method.toUpperCase()} ${path}`, op })),
    );
    // Names for code generators: camelCase, from the method and the path, never the same twice.
    const ids = operations.map(({ op }) => op.operationId);
    for (const { entry, op } of operations) expect(op.operationId, entry).toMatch(/^[a-z]+[A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(operations.length);
    expect(operation('GET', '/api/front/products/{slug}')!.operationId).toBe('getFrontProductsBySlug');
    // Every operation says what it needs: nothing, the customer's session (cookie or Bearer), or the staff one.
    const schemes = doc.components.securitySchemes;
    expect(schemes.staffCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'vitrin_staff' });
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'vitrin_session' });
    for (const { entry, op } of operations) {
      expect(Array.isArray(op.security), entry).toBe(true);
      for (const requirement of op.security!) {
        for (const name of Object.keys(requirement)) expect(schemes[name], `${entry} ${name}`).toBeDefined();
      }
    }
    expect(operation('GET', '/api/front/products/{slug}')!.security).toEqual([]);
    expect(operation('POST', '/api/admin/session')!.security).toEqual([]);
    expect(operation('GET', '/api/admin/session')!.security).toEqual([{ staffCookie: [] }]);
    // One spelling a tag, in Turkish: the storefront's `Mağaza: …`, the panel's `Yönetim: …`, the carriers'
    // notifications' `Kargo: …`, each declared.
    const declared = new Map<string, string>(
      doc.tags.map((tag: { name: string; description: string }) => [tag.name, tag.description]),
    );
    expect(declared.size).toBe(doc.tags.length);
    for (const { entry, op } of operations) {
      const tag = op.tags![0]!;
      const area = entry.includes(' /api/front/')
        ? /^Mağaza: \p{Ll}/u
        : entry.includes(' /api/shipping/')
          ? /^Kargo: \p{Ll}/u
          : /^Yönetim: \p{Ll}/u;
      expect(tag, entry).toMatch(area);
      expect(declared.get(tag), `${entry} ${tag}`).toBeTruthy();
    }
    expect(operation('GET', '/api/front/products/{slug}')!.tags).toEqual(['Mağaza: katalog']);
    expect(operation('POST', '/api/front/stock-alerts')!.tags).toEqual(['Mağaza: katalog']);
  });

  it('documents every /api/front route the server answers, made from the route as registered', () => {
    expect(t.app.undocumentedRoutes()).toEqual([]);
    const registered = t.app.apiRoutes();
    expect(registered.length).toBeGreaterThan(50);
    for (const entry of registered) {
      const [method, url] = entry.split(' ') as [string, string];
      const op = operation(method, url.replace(/:(\w+)/g, '{$1}'));
      expect(op, entry).toBeDefined();
      expect(op!.summary, entry).toBeTruthy();
      expect(op!.tags, entry).toHaveLength(1);
      // Every path parameter is described, and at least one success answer.
      for (const [, name] of url.matchAll(/:(\w+)/g)) {
        expect(
          op!.parameters?.find((p) => p.in === 'path' && p.name === name),
          `${entry} ${name}`,
        ).toBeTruthy();
      }
      expect(
        Object.keys(op!.responses).some((s) => s.startsWith('2')),
        entry,
      ).toBe(true);
      // Every error answer has the one error body.
      for (const [status, answer] of Object.entries(op!.responses)) {
        if (Number(status) < 400 || !answer.content) continue;
        expect(answer.content['application/json']!.schema, `${entry} ${status}`).toEqual({
          $ref: '#/components/schemas/ApiError',
        });
      }
    }
    const documented = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.sort()).toEqual([...registered].sort());
  });

  it('documents the schemas that check the request: a body, a query, the session a route needs', async () => {
    const login = operation('POST', '/api/front/auth/login')!;
    expect(Object.keys(login.requestBody!.content['application/json']!.schema.properties!)).toEqual(
      expect.arrayContaining(['email', 'password', 'bearer']),
    );
    const listing = operation('GET', '/api/front/categories/{slug}/products')!;
    expect(listing.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'sort', 'min', 'max', 'tag', 'opt']),
    );
    const search = operation('GET', '/api/front/search')!;
    expect(search.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'sort', 'page']));
    expect(operation('GET', '/api/front/orders')!.security).toEqual([{ sessionCookie: [] }, { bearer: [] }]);
    expect(operation('GET', '/api/front/cart')!.security).toEqual([]);
    // A ticket may be opened with JSON or with a multipart form carrying a file.
    expect(Object.keys(operation('POST', '/api/front/support/tickets')!.requestBody!.content)).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    const kind = operation('POST', '/api/front/addresses/{id}/default/{kind}')!.parameters!.find(
      (p) => p.name === 'kind',
    );
    expect(kind!.schema).toMatchObject({ enum: ['shipping', 'billing'] });
  });

  it('answers a query the route refuses with the Turkish field message of the schema it documents', async () => {
    const res = await t.app.inject('/api/front/categories/kupalar/products?sort=ucuz&page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: {
        sort: expect.stringContaining('Sıralama şunlardan biri olmalıdır'),
        page: 'Sayfa numarası 1 ile 99999 arasında bir tam sayı olmalıdır.',
      },
    });
    const sort = operation('GET', '/api/front/categories/{slug}/products')!.parameters!.find(
      (p) => p.name === 'sort',
    );
    expect(sort!.schema).toMatchObject({ enum: expect.arrayContaining(['newest', 'price_asc']) });
  });

  it('documents the catalogue answers as they are sent: nothing missing, nothing more', async () => {
    const answers: [string, z.ZodType][] = [
      ['/api/front/categories', categoryTree],
      ['/api/front/home/shelves', homeShelves],
      ['/api/front/categories/seramik/products?pageSize=48', categoryPage],
      ['/api/front/search?q=kupa', searchPage],
      ['/api/front/search/suggest?q=ku', suggestions],
    ];
    const card = (await t.app.inject('/api/front/categories/seramik/products')).json().listing.items[0];
    answers.push([`/api/front/products/${card.slug}`, productDetail]);
    for (const [url, schema] of answers) {
      const body = (await t.app.inject(url)).json();
      // Parsing drops keys the schema does not name: an answer equal to its parse has none.
      expect(schema.parse(body), url).toEqual(body);
    }
  });
});
