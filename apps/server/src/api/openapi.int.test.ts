import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/server.ts';

describe('GET /api/docs', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
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
  });

  it('documents every /api/front route the server answers, and only those', async () => {
    expect(t.app.undocumentedRoutes()).toEqual([]);
    const documented = Object.entries((await t.app.inject('/api/docs')).json().paths).flatMap(([path, ops]) =>
      Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`),
    );
    for (const entry of documented) {
      const [method, url] = entry.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url: url.replace(/\{(\w+)\}/g, ':$1') }), entry).toBe(
        true,
      );
    }
  });
});
