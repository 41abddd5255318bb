import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, createAccountTestApp } from '../testing/accounts.ts';
import { tempDir } from '../testing/server.ts';
import { testWebBuild } from '../testing/web-build.ts';

/**
 * A shop whose render threads cannot take more pages (`RENDER_QUEUE` renders already wait): the next page is
 * answered at once with 503, Retry-After and a page in Turkish, not queued without bound.
 */
const dir = tempDir();
let t: AccountTestApp;
let slug: string;

beforeAll(async () => {
  // The stand-in build, loaded by the thread only after 4 s: the first page waits in the queue meanwhile.
  const entry = path.join(dir.dir, 'slow-build.mjs');
  const standIn = path.join(import.meta.dirname, '../testing/render-pool-build.mjs');
  writeFileSync(
    entry,
    `await new Promise((r) => setTimeout(r, 4000));\nexport * from ${JSON.stringify(standIn)};\n`,
  );
  t = await createAccountTestApp({
    demo: true,
    webBuild: testWebBuild,
    webBuildEntry: entry,
    config: {
      webBuildDir: path.join(dir.dir, 'web'),
      dataDir: dir.dir,
      renderThreads: 1,
      renderQueue: 1,
    },
  });
  const [row] = await t.services.database.query<{ slug: string }>(
    'select slug from products where is_active order by id limit 1',
  );
  slug = row!.slug;
});

afterAll(async () => {
  await t.close();
  dir.remove();
});

const get = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

describe('a full render queue', () => {
  it('answers the next page 503 with Retry-After and a Turkish page, its data request with the error code, and renders the waiting page', async () => {
    const waiting = get(`/product/${slug}`);
    // The first page has reached the queue (its load context takes a few ms); the thread is still loading.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const page = await get(`/product/${slug}`);
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('2');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="tr">');
    expect(page.body).toContain('Çok yoğunuz');
    expect(page.body).toContain('Birkaç saniye sonra sayfayı yenileyin');

    const data = await get(`/product/${slug}.data`);
    expect(data.statusCode).toBe(503);
    expect(data.headers['retry-after']).toBe('2');
    expect(data.json()).toEqual({
      error: { code: 'SAYFA_YOGUNLUGU', message: expect.stringContaining('çok yoğunuz') },
    });

    const first = await waiting;
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(slug);
    // With room in the queue again, pages are rendered.
    expect((await get(`/product/${slug}`)).statusCode).toBe(200);
  });
});
