import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_FORMATS, IMAGE_WIDTHS, variantUrl } from '@vitrin/shared/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDir } from '../../test/server.ts';

/** Every file under `dir`, recursively. */
function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

async function picture(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') {
  return sharp({ create: { width, height, channels: 3, background: '#c2562f' } })
    [format]()
    .toBuffer();
}

describe('/uploads image variants', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const data = tempDir('vitrin-uploads-');
  const cacheDir = path.join(data.dir, 'cache', 'images');

  beforeAll(async () => {
    const uploads = path.join(data.dir, 'uploads', 'test');
    mkdirSync(uploads, { recursive: true });
    writeFileSync(path.join(uploads, 'wide.jpg'), await picture(1000, 500));
    writeFileSync(path.join(uploads, 'small.png'), await picture(300, 300, 'png'));
    writeFileSync(path.join(uploads, 'çay bardağı.png'), await picture(400, 400, 'png'));
    writeFileSync(path.join(uploads, 'broken.jpg'), 'not an image');
    for (let i = 0; i < 7; i++) writeFileSync(path.join(uploads, `yeni-${i}.jpg`), await picture(600, 400));
    t = await createTestApp({ demo: false, config: { dataDir: data.dir } });
  });
  afterAll(async () => {
    await t.close();
    data.remove();
  });

  it('makes a WebP of the asked width on first request, keeping the aspect ratio', async () => {
    const res = await t.app.inject('/uploads/test/wide.jpg?w=480&f=webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.vary).toBeUndefined();
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 240 });
  });

  it('makes an AVIF', async () => {
    const res = await t.app.inject('/uploads/test/wide.jpg?w=320&f=avif');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/avif');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'heif', compression: 'av1', width: 320 });
  });

  it('serves a variant from the disk cache after the first request', async () => {
    const url = '/uploads/test/wide.jpg?w=640&f=webp';
    const before = new Set(filesIn(cacheDir));
    expect((await t.app.inject(url)).statusCode).toBe(200);
    const made = filesIn(cacheDir).filter((f) => !before.has(f));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/\.webp$/);
    // Replace the cached file: the next answer must be read from it, not made again.
    const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    writeFileSync(made[0]!, marker);
    const again = await t.app.inject(url);
    expect(again.rawPayload.equals(marker)).toBe(true);
  });

  it('lets concurrent first requests share one generation', async () => {
    const url = '/uploads/test/wide.jpg?w=800&f=avif';
    const before = filesIn(cacheDir).length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.app.inject(url)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
    expect(filesIn(cacheDir).length).toBe(before + 1);
    expect(filesIn(cacheDir).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it("answers a new shop's burst of first requests, each for a variant not made yet, with an image, never 503", async () => {
    // 84 variants at once, more than may wait for a generation: the ones beyond get the original file.
    const urls = Array.from({ length: 7 }, (_, i) =>
      IMAGE_WIDTHS.flatMap((w) => IMAGE_FORMATS.map((f) => variantUrl(`test/yeni-${i}.jpg`, '', w, f))),
    ).flat();
    const answers = await Promise.all(urls.map((url) => t.app.inject(url)));
    for (const [i, answer] of answers.entries()) {
      expect(answer.statusCode, urls[i]).toBe(200);
      expect(answer.headers['content-type'], urls[i]).toMatch(/^image\/(webp|avif|jpeg)$/);
      const meta = await sharp(answer.rawPayload).metadata();
      expect(meta.width, urls[i]).toBeGreaterThan(0);
      // The original stands in for a variant only until it is made: no cache keeps it.
      if (answer.headers['content-type'] === 'image/jpeg')
        expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('never enlarges an image beyond its own width', async () => {
    const small = await t.app.inject('/uploads/test/small.png?w=1200&f=webp');
    expect((await sharp(small.rawPayload).metadata()).width).toBe(300);
    const bundled = await t.app.inject('/uploads/default.png?w=1200&f=webp');
    expect(bundled.statusCode).toBe(200);
    expect((await sharp(bundled.rawPayload).metadata()).width).toBe(800);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await t.app.inject('/uploads/test/wide.jpg?w=160&f=webp');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const second = await t.app.inject({
      url: '/uploads/test/wide.jpg?w=160&f=webp',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('answers HEAD with the headers only', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/uploads/test/wide.jpg?w=480&f=webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.body).toBe('');
  });

  it('finds files whose names need percent-encoding (the URLs the storefront builds)', async () => {
    const res = await t.app.inject(variantUrl('test/çay bardağı.png', '', 160, 'webp'));
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(160);
  });

  it('still serves the original file without w and f', async () => {
    const res = await t.app.inject('/uploads/test/wide.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1000);
  });

  it('answers a file that is in no upload folder with a Turkish 404 in the API error shape', async () => {
    for (const url of ['/uploads/test/yok.jpg', '/uploads/..%2f..%2fpackage.json']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({
        error: { code: 'BULUNAMADI', message: expect.stringMatching(/^Dosya bulunamadı: \/uploads\//) },
      });
    }
  });

  it('never reads outside the upload folders', async () => {
    // Some clients resolve `%2e%2e` before sending; then the request is not an /uploads one at all.
    for (const url of [
      '/uploads/%2e%2e/%2e%2e/%2e%2e/package.json?w=480&f=webp',
      '/uploads/../package.json?w=480&f=webp',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('"workspaces"');
    }
  });

  it.each([
    ['/uploads/test/wide.jpg?w=500&f=webp', 400, 'GECERSIZ_GORSEL_GENISLIGI'],
    ['/uploads/test/wide.jpg?w=abc&f=webp', 400, 'GECERSIZ_GORSEL_GENISLIGI'],
    ['/uploads/test/wide.jpg?w=0480&f=webp', 400, 'GECERSIZ_GORSEL_GENISLIGI'],
    ['/uploads/test/wide.jpg?w=480&w=640&f=webp', 400, 'GECERSIZ_GORSEL_GENISLIGI'],
    ['/uploads/test/wide.jpg?f=webp', 400, 'GECERSIZ_GORSEL_GENISLIGI'],
    ['/uploads/test/wide.jpg?w=480', 400, 'GECERSIZ_GORSEL_BICIMI'],
    ['/uploads/test/wide.jpg?w=480&f=png', 400, 'GECERSIZ_GORSEL_BICIMI'],
    ['/uploads/test/wide.jpg?w=480&f=webp&q=90', 400, 'GECERSIZ_GORSEL_SECENEGI'],
    ['/uploads/..%2f..%2fpackage.json?w=480&f=webp', 400, 'GECERSIZ_GORSEL_YOLU'],
    ['/uploads/test/..%5c..%5cwide.jpg?w=480&f=webp', 400, 'GECERSIZ_GORSEL_YOLU'],
    ['/uploads/%2fetc%2fpasswd.png?w=480&f=webp', 400, 'GECERSIZ_GORSEL_YOLU'],
    ['/uploads/test//wide.jpg?w=480&f=webp', 400, 'GECERSIZ_GORSEL_YOLU'],
    ['/uploads/site/logo.svg?w=480&f=webp', 400, 'GORSEL_BOYUTLANDIRILAMAZ'],
    ['/uploads/test/yok.jpg?w=480&f=webp', 404, 'GORSEL_BULUNAMADI'],
    ['/uploads/test/broken.jpg?w=480&f=webp', 422, 'GORSEL_ISLENEMEDI'],
  ])('answers %s with %i %s', async (url, status, code) => {
    const before = filesIn(cacheDir).length;
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toMatch(/[ğüşıöçİ]/);
    expect(filesIn(cacheDir).length).toBe(before);
  });
});
