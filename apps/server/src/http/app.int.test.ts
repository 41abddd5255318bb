import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/server.ts';

const BYPASS = 'test-bypass-key-0123456789';
const validReport = { kind: 'render', message: 'Bir hata', url: 'http://localhost/' };

describe('HTTP basics', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz with the database kind', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ok');
  });

  it('gives every response a request id and security headers', async () => {
    const res = await t.app.inject('/api/front/home');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('gives pages a CSP with a fresh script nonce each time', async () => {
    const a = (await t.app.inject('/uploads/nothing.png')).headers['content-security-policy'] as string;
    const b = (await t.app.inject('/uploads/nothing.png')).headers['content-security-policy'] as string;
    expect(a).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(a).toContain("frame-ancestors 'none'");
    expect(a).not.toBe(b);
  });

  it('answers an unknown API path with a JSON 404 in Turkish', async () => {
    const res = await t.app.inject('/api/front/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'BULUNAMADI' });
    expect(res.json().error.message).toContain('API adresi bulunamadı');
  });

  it('accepts a valid client error report', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/front/client-errors', payload: validReport });
    expect(res.statusCode).toBe(204);
  });
});

describe('bad input', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a body over 1 MB with 413 ISTEK_COK_BUYUK', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...validReport, message: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('ISTEK_COK_BUYUK');
  });

  it('refuses malformed JSON with 400 GECERSIZ_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"kind": "render", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'GECERSIZ_JSON',
      message: 'İstek gövdesi geçerli bir JSON değil.',
    });
  });

  it('refuses an empty JSON body with 400 GECERSIZ_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_JSON');
  });

  it('refuses a non-JSON content type on an API write with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/client-errors',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('DESTEKLENMEYEN_ICERIK_TURU');
  });

  it('names each invalid field in Turkish with 400 GECERSIZ_ISTEK', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/client-errors',
      payload: { kind: 'unknown', message: '', url: 5 },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('GECERSIZ_ISTEK');
    expect(Object.keys(error.fields).sort()).toEqual(['kind', 'message', 'url']);
  });

  it('refuses a URL with a very long segment with 414 ADRES_COK_UZUN', async () => {
    const res = await t.app.inject(`/content/${'a'.repeat(300)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json().error.code).toBe('ADRES_COK_UZUN');
  });

  it('refuses a URL over 2048 characters with 414', async () => {
    const res = await t.app.inject(`/api/front/home?q=${'a'.repeat(2100)}`);
    expect(res.statusCode).toBe(414);
  });

  it('never serves a file outside the uploads folder for encoded traversal', async () => {
    for (const url of [
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/%2e%2e/package.json',
      '/uploads/..%5c..%5cpackage.json',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('"workspaces"');
    }
  });

  it('serves the bundled default image and the demo logo from /uploads', async () => {
    expect((await t.app.inject('/uploads/default.png')).headers['content-type']).toBe('image/png');
    expect((await t.app.inject('/uploads/site/logo.svg')).statusCode).toBe(200);
  });
});

describe('maintenance mode for the API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.settings.set('is_online', '0');
  });
  afterAll(() => t.close());

  it('refuses writes with 503 MAINTENANCE and Retry-After', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/front/client-errors', payload: validReport });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('3600');
    expect(res.json().error.code).toBe('MAINTENANCE');
    expect(res.json().error.message).toMatch(/bakımda/);
  });

  it('keeps reads open so the storefront can show the maintenance screen', async () => {
    const res = await t.app.inject('/api/front/home');
    expect(res.statusCode).toBe(200);
    expect(res.json().global_setting.is_online).toBe(0);
  });

  it('lets a visitor with the bypass key write', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/client-errors',
      payload: validReport,
      cookies: { admin_key: BYPASS },
    });
    expect(res.statusCode).toBe(204);
  });

  it('does not let a wrong bypass key through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/client-errors',
      payload: validReport,
      cookies: { admin_key: `${BYPASS}x` },
    });
    expect(res.statusCode).toBe(503);
  });
});
