import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  browser,
  createAccountTestApp,
  registeredBrowser,
} from './account-test-support.ts';
import { tempDir } from './test-support.ts';
import { testWebBuild } from './test-web-build.ts';

/**
 * How pages and React Router's data answers reach the browser: compressed in the encoding it takes, and a
 * page from the cache with the same body and headers as the render it was stored from.
 */
const dir = tempDir();
let t: AccountTestApp;
let slug: string;
let category: string;

beforeAll(async () => {
  t = await createAccountTestApp({
    demo: true,
    webBuild: testWebBuild,
    config: { webBuildDir: path.join(dir.dir, 'web'), dataDir: dir.dir },
  });
  const [row] = await t.services.database.query<{ slug: string }>(
    'select slug from products where is_active order by id limit 1',
  );
  slug = row!.slug;
  const [top] = await t.services.database.query<{ slug: string }>(
    'select slug from categories where parent_id is null order by id limit 1',
  );
  category = top!.slug;
});

afterAll(async () => {
  await t.close();
  dir.remove();
});

const getFrom = (app: () => AccountTestApp) => (url: string, acceptEncoding?: string) =>
  app().app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const get = getFrom(() => t);

describe('page answers', () => {
  it('a cache hit sends the stored page in the asked encoding, with a request id and the CSP of its nonce', async () => {
    const miss = await get(`/product/${slug}`, 'br, gzip');
    expect(miss.headers['x-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('br');
    const hit = await get(`/product/${slug}`, 'gzip;q=0, br');
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(hit.rawPayload).toString()).toBe(
      brotliDecompressSync(miss.rawPayload).toString(),
    );
    expect(hit.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers['x-request-id']).not.toBe(miss.headers['x-request-id']);
    expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
    expect(Number(hit.headers['content-length'])).toBe(hit.rawPayload.length);
    expect(hit.headers['x-content-type-options']).toBe('nosniff');
  });

  it("isolates the pages that are one visitor's, not the catalogue pages anyone may share", async () => {
    const isolation = (res: { headers: Record<string, unknown> }) => [
      res.headers['cross-origin-opener-policy'],
      res.headers['origin-agent-cluster'],
    ];
    const missing = await get(`/product/${category}-yok`);
    expect(missing.statusCode).toBe(404);
    const rendered = await get(`/product/${slug}?isolation=1`);
    const cached = await get(`/product/${slug}?isolation=1`);
    expect(cached.headers['x-cache']).toBe('hit');
    for (const res of [rendered, cached, await get(`/shop/${category}`)]) {
      expect(res.headers['cache-control']).toMatch(/^public/);
      expect(isolation(res)).toEqual([undefined, undefined]);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    // An unknown page is not for sharing either (no Cache-Control): it keeps them, as do the pages that are
    // one visitor's.
    const signedIn = await registeredBrowser(t.app, 7);
    for (const res of [
      missing,
      await get('/login'),
      await get('/cart'),
      await signedIn.get('/panel/information'),
    ]) {
      expect(res.headers['cache-control'] ?? '').not.toMatch(/^public/);
      expect(isolation(res)).toEqual(['same-origin', '?1']);
    }
  });

  it('a client that takes no encoding gets the page uncompressed, from the cache too', async () => {
    const res = await get(`/product/${slug}`, 'identity');
    expect(res.headers['x-cache']).toBe('hit');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain(slug);
  });

  it('compresses React Router data answers when the client takes br, and sends them plain otherwise', async () => {
    const br = await get(`/shop/${category}.data`, 'br');
    const plain = await get(`/shop/${category}.data`);
    expect(br.statusCode).toBe(plain.statusCode);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });
});

describe('pages rendered on render threads', () => {
  const threadsDir = tempDir();
  let threaded: AccountTestApp;
  beforeAll(async () => {
    threaded = await createAccountTestApp({
      demo: true,
      webBuild: testWebBuild,
      webBuildEntry: path.join(import.meta.dirname, 'render-pool-test-build.mjs'),
      config: { webBuildDir: path.join(threadsDir.dir, 'web'), dataDir: threadsDir.dir, renderThreads: 1 },
    });
  });
  afterAll(async () => {
    await threaded.close();
    threadsDir.remove();
  });

  const threadedGet = getFrom(() => threaded);

  it("answers with the shop's product from the request's context, then from the page cache alike", async () => {
    const miss = await threadedGet(`/product/${slug}`, 'br');
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-cache']).toBe('miss');
    expect(miss.headers['content-encoding']).toBe('br');
    const page = brotliDecompressSync(miss.rawPayload).toString();
    const { loaderData } = JSON.parse(/<pre>(.*)<\/pre>/s.exec(page)![1]!);
    expect(loaderData.product.product.slug).toBe(slug);
    // The CSP nonce of the request reached the thread's render.
    expect(miss.headers['content-security-policy']).toContain(`'nonce-${loaderData.product.nonce}'`);
    const hit = await threadedGet(`/product/${slug}`, 'identity');
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.body).toBe(page);
  });

  it('renders on the request thread when the threads cannot load the build, also the pages already waiting for them', async () => {
    const brokenDir = tempDir();
    // A build whose loading fails only after a while, so that pages are surely waiting for the thread then.
    const entry = path.join(brokenDir.dir, 'broken-build.mjs');
    writeFileSync(
      entry,
      "await new Promise((r) => setTimeout(r, 800));\nthrow new Error('bozuk derleme');\n",
    );
    const broken = await createAccountTestApp({
      demo: true,
      webBuild: testWebBuild,
      webBuildEntry: entry,
      config: { webBuildDir: path.join(brokenDir.dir, 'web'), dataDir: brokenDir.dir, renderThreads: 1 },
    });
    try {
      const get = getFrom(() => broken);
      // Sent while the thread is still loading the build: they wait in the pool's queue until it fails.
      const first = await Promise.all([get(`/product/${slug}`), get('/product/boyle-bir-urun-yok')]);
      expect(first.map((r) => r.statusCode)).toEqual([200, 404]);
      expect(first[0]!.body).toContain(slug);
      const later = await get(`/product/${slug}`);
      expect(later.statusCode).toBe(200);
    } finally {
      await broken.close();
      brokenDir.remove();
    }
  });

  it('answers an unknown product with 404, and a form post on the request thread', async () => {
    expect((await threadedGet('/product/boyle-bir-urun-yok')).statusCode).toBe(404);
    const post = await browser(threaded.app).request({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=kimse%40example.com&password=yanl%C4%B1%C5%9F-%C5%9Fifre',
    });
    expect(post.statusCode).toBe(401);
  });
});
