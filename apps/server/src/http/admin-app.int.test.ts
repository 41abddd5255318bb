import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, tempDir, testConfig } from '../../test/server.ts';
import { testWebBuild } from '../../test/web-build.ts';
import { buildApp } from '../http/app.ts';

/**
 * The staff panel's serving: one index.html for every /admin path (the app routes in the browser), its hashed
 * files kept for a year, and none of it passed to the storefront's page rendering (which is mounted here).
 */
const dir = tempDir('vitrin-admin-app-');
const adminBuild = path.join(dir.dir, 'admin');
const INDEX =
  '<!doctype html><html lang="tr"><script type="module" src="/admin/assets/app-abc123.js"></script>';
const SCRIPT = `console.log(${JSON.stringify('panel '.repeat(400))});`;

type Services = Awaited<ReturnType<typeof createTestServices>>;
let services: Services;
let app: Awaited<ReturnType<typeof buildApp>>;
let withoutBuild: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  mkdirSync(path.join(adminBuild, 'assets'), { recursive: true });
  writeFileSync(path.join(adminBuild, 'index.html'), INDEX);
  writeFileSync(path.join(adminBuild, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(adminBuild, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  services = await createTestServices({ demo: false });
  const config = testConfig({ webBuildDir: path.join(dir.dir, 'web'), dataDir: dir.dir });
  app = await buildApp({ services, config, webBuild: testWebBuild, adminBuildDir: adminBuild });
  withoutBuild = await buildApp({ services, config, adminBuildDir: path.join(dir.dir, 'missing') });
});

afterAll(async () => {
  await app?.close();
  await withoutBuild?.close();
  await services?.dispose();
  dir.remove();
});

describe('/admin', () => {
  it.each(['/admin', '/admin/', '/admin/login', '/admin/personel', '/admin/denetim?entity=staff&page=2'])(
    'answers the panel index.html at %s, never stored and kept out of search engines',
    async (url) => {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('lets the CSP load the panel script from the shop and run no inline script', async () => {
    const csp = String((await app.inject('/admin/login')).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves the hashed files for a year, brotli-compressed ahead for browsers that take it', async () => {
    const res = await app.inject({
      url: '/admin/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);

    const plain = await app.inject('/admin/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a missing file 404, not the index page', async () => {
    const res = await app.inject('/admin/assets/app-old999.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'] as const)(
    'refuses %s on the panel pages with 405',
    async (method) => {
      const res = await app.inject({
        method,
        url: '/admin/personel',
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(res.body).toContain('yalnızca GET');
    },
  );

  it('says in Turkish to build the panel when its build is missing (503)', async () => {
    const res = await withoutBuild.inject('/admin/login');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Yönetim paneli derlenmemiş');
    expect(res.body).toContain('npm run build');
  });

  it('asks search engines to stay out of /admin in robots.txt', async () => {
    const res = await app.inject('/robots.txt');
    expect(res.body.split('\n')).toContain('Disallow: /admin');
  });

  it('leaves the storefront its own pages', async () => {
    // /administrator is not the panel: the storefront answers it (its 404 page here).
    const res = await app.inject('/administrator');
    expect(res.body).not.toBe(INDEX);
  });
});
