import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  browser,
  createAccountTestApp,
  registeredBrowser,
} from '../../test/accounts.ts';
import { tempDir } from '../../test/server.ts';
import { testWebBuild } from '../../test/web-build.ts';

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

/** The status of a request written by hand (`head`: request line and headers) to a listening server. */
function rawStatus(url: URL, head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () =>
      socket.end(`${head}Connection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1])));
    socket.on('error', reject);
  });
}

/** The loader data a stand-in page wrote (test-web-build.ts). */
const loaderDataOf = (html: string) => JSON.parse(/<pre>(.*)<\/pre>/s.exec(html)![1]!).loaderData;

/**
 * Canonical links, `og:url` and JSON-LD are built from the address the storefront gets, and a cached page is
 * sent to everyone: a Host header chosen by one client must not reach it.
 */
async function expectAddressOnPublicUrl(app: AccountTestApp) {
  const poisoned = await app.app.inject({
    url: '/address?sayfa=2',
    headers: { host: 'kotu-site.example', 'x-forwarded-host': 'kotu-site.example' },
  });
  expect(poisoned.statusCode).toBe(200);
  expect(loaderDataOf(poisoned.body).address.url).toBe('http://localhost:3000/address?sayfa=2');
  const next = await app.app.inject({ url: '/address?sayfa=2', headers: { host: 'localhost:3000' } });
  expect(next.headers['x-cache']).toBe('hit');
  expect(next.body).not.toContain('kotu-site');
}

describe('page answers', () => {
  it("builds the page's address on PUBLIC_URL, whatever Host the client sent", async () => {
    await expectAddressOnPublicUrl(t);
  });

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

describe('malformed requests to pages', () => {
  it.each(['a b', 'a<b', '[::1'])('answers a Host header "%s" with 400 GECERSIZ_HOST', async (host) => {
    const res = await t.app.inject({ url: '/address', headers: { host } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'GECERSIZ_HOST',
      message: 'İsteğin Host başlığı eksik ya da geçersiz.',
    });
  });

  it('answers an empty or missing Host header with 400, except the health checks', async () => {
    // Sent over a socket: the test client would fill in a Host header.
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const statusOf = (head: string) => rawStatus(new URL(origin), head);
    expect(await statusOf('GET /address HTTP/1.1\r\nHost: \r\n')).toBe(400);
    expect(await statusOf('GET /address HTTP/1.1\r\n')).toBe(400);
    expect(await statusOf('GET /address HTTP/1.0\r\n')).toBe(400);
    expect(await statusOf('GET /healthz HTTP/1.0\r\n')).toBe(200);
    expect(await statusOf('GET /address HTTP/1.0\r\nHost: magaza.example.com\r\n')).toBe(200);
  });

  it('takes the hosts a browser or a proxy sends', async () => {
    for (const host of [
      'magaza.example.com',
      'localhost:3000',
      '127.0.0.1:8080',
      '[::1]:3000',
      'app_1:3000',
    ]) {
      expect((await t.app.inject({ url: '/address', headers: { host } })).statusCode).toBe(200);
    }
  });

  it.each(['TRACE', 'PROPFIND', 'MKCOL'])(
    'answers %s with 405 and the methods the page takes',
    async (method) => {
      const res = await t.app.inject({ method: method as 'GET', url: '/address' });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(res.json().error.code).toBe('YONTEM_DESTEKLENMIYOR');
    },
  );

  it('answers OPTIONS with the methods the page takes', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/address' });
    expect(res.statusCode).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('answers a method no route takes on an API address as the API: 405, its code, the methods the address takes', async () => {
    const res = await t.app.inject({ method: 'PROPFIND' as 'GET', url: '/api/front/cart/items/5?x=1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.allow).toBe('PATCH, DELETE, OPTIONS');
    expect(res.json()).toEqual({
      error: { code: 'YONTEM_DESTEKLENMIYOR', message: 'API adresleri PROPFIND isteğini desteklemez.' },
    });
    // An address the API does not have names no methods.
    const unknown = await t.app.inject({ method: 'MKCOL' as 'GET', url: '/api/yok' });
    expect(unknown.statusCode).toBe(405);
    expect(unknown.headers.allow).toBeUndefined();
    expect(unknown.json().error).toEqual({
      code: 'YONTEM_DESTEKLENMIYOR',
      message: 'API adresleri MKCOL isteğini desteklemez.',
    });
  });
});

describe('pages rendered on render threads', () => {
  const threadsDir = tempDir();
  let threaded: AccountTestApp;
  beforeAll(async () => {
    threaded = await createAccountTestApp({
      demo: true,
      webBuild: testWebBuild,
      webBuildEntry: path.join(import.meta.dirname, '../../test/render-pool-build.mjs'),
      config: { webBuildDir: path.join(threadsDir.dir, 'web'), dataDir: threadsDir.dir, renderThreads: 1 },
    });
  });
  afterAll(async () => {
    await threaded.close();
    threadsDir.remove();
  });

  const threadedGet = getFrom(() => threaded);

  it("builds the page's address on PUBLIC_URL on the threads too, whatever Host the client sent", async () => {
    await expectAddressOnPublicUrl(threaded);
  });

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
