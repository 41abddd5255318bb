import { readdirSync } from 'node:fs';
import path from 'node:path';
import { variantKey } from '@vitrin/core/media/image-variants';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import type { FileStore } from '@vitrin/core/storage/file-store';
import { STORE_UNAVAILABLE } from '@vitrin/core/storage/unavailable';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { browser } from '../../test/accounts.ts';
import { createTestApp, tempDir } from '../../test/server.ts';
import { loggedInStaff } from '../../test/staff.ts';

/**
 * `/uploads` whichever store keeps the shop's files: the same addresses and headers from the data directory
 * and from a bucket, ranges of a large file, and a bucket that refuses writes.
 */
let s3: LocalS3;
const data = tempDir('vitrin-uploads-store-');
beforeAll(async () => {
  s3 = await startS3({ bucket: 'uploads', ports: [18490, 18493] });
});
afterAll(async () => {
  await s3?.stop();
  data.remove();
});

const bucketStore = () => s3.store();

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f6fc2' } })
    .jpeg()
    .toBuffer();
/** A file large enough to be asked for in ranges (a video a page links). */
const large = Buffer.alloc(3 * 1024 * 1024 + 123, 0);
for (let i = 0; i < large.length; i++) large[i] = (i * 31) % 251;

const stores: [string, () => FileStore][] = [
  ['data directory', () => createDiskStore(path.join(data.dir, 'disk'))],
  ['bucket', bucketStore],
];

describe.each(stores)('/uploads from the %s', (_name, storeOf) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let photo: Buffer;
  beforeAll(async () => {
    const files = storeOf();
    photo = await picture(1000, 500);
    await files.put('uploads/test/wide.jpg', photo);
    await files.put('uploads/video/tanitim.mp4', large);
    t = await createTestApp({ demo: false, config: { dataDir: data.dir }, services: { files } });
  });
  afterAll(() => t?.close());

  it('serves a file as uploaded with its type, a day of caching and its validators', async () => {
    const res = await t.app.inject('/uploads/test/wide.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(photo.length);
    expect(res.rawPayload.equals(photo)).toBe(true);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(new Date(res.headers['last-modified'] as string).getTime()).toBeGreaterThan(0);

    const again = await t.app.inject({
      url: '/uploads/test/wide.jpg',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers HEAD with the headers only', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/uploads/video/tanitim.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(Number(res.headers['content-length'])).toBe(large.length);
    expect(res.body).toBe('');
  });

  it('sends the asked range of a large file (206), its end, and refuses one past the end (416)', async () => {
    const first = await t.app.inject({
      url: '/uploads/video/tanitim.mp4',
      headers: { range: 'bytes=0-1023' },
    });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-1023/${large.length}`);
    expect(first.rawPayload.equals(large.subarray(0, 1024))).toBe(true);

    const middle = `bytes=${2 * 1024 * 1024}-`;
    const rest = await t.app.inject({ url: '/uploads/video/tanitim.mp4', headers: { range: middle } });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(large.subarray(2 * 1024 * 1024))).toBe(true);

    const tail = await t.app.inject({ url: '/uploads/video/tanitim.mp4', headers: { range: 'bytes=-100' } });
    expect(tail.rawPayload.equals(large.subarray(large.length - 100))).toBe(true);

    const past = await t.app.inject({
      url: '/uploads/video/tanitim.mp4',
      headers: { range: `bytes=${large.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${large.length}`);
    expect(past.json().error.message).toMatch(/[ğüşıöçİ]/);
  });

  it('makes and serves a resized copy, and answers a missing file with the Turkish 404', async () => {
    const res = await t.app.inject('/uploads/test/wide.jpg?w=480&f=webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 480, height: 240 });
    const missing = await t.app.inject('/uploads/test/yok.jpg');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('BULUNAMADI');
    // Nothing but reading: another method is the same Turkish 404.
    const posted = await t.app.inject({ method: 'POST', url: '/uploads/test/wide.jpg' });
    expect(posted.statusCode).toBe(404);
    expect(posted.json().error.code).toBe('BULUNAMADI');
    // The bundled default image is still found after the store.
    expect((await t.app.inject('/uploads/default.png')).statusCode).toBe(200);
  });
});

describe('two nodes on one bucket', () => {
  let a: Awaited<ReturnType<typeof createTestApp>>;
  let b: Awaited<ReturnType<typeof createTestApp>>;
  const incoming = path.join(data.dir, 'tmp', 'uploads');
  const upload = async (staff: ReturnType<typeof browser>, name: string, bytes: Buffer) => {
    const boundary = `----vitrin${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return staff.request({
      method: 'POST',
      url: '/api/admin/images',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };
  const productImages = async () => {
    const keys: string[] = [];
    for await (const file of bucketStore().list('uploads/products/')) keys.push(file.key);
    return keys.sort();
  };
  beforeAll(async () => {
    a = await createTestApp({
      demo: false,
      config: { dataDir: data.dir },
      services: { files: bucketStore() },
    });
    b = await createTestApp({
      demo: false,
      config: { dataDir: path.join(data.dir, 'b') },
      services: { files: bucketStore() },
    });
  });
  afterAll(async () => {
    s3.refuseWrites(false);
    await a?.close();
    await b?.close();
  });

  it('serves an image uploaded through one node from the other, resized', async () => {
    const manager = (await loggedInStaff(a.app, a.services, 'manager')).b;
    const res = await upload(manager, 'vazo.jpg', await picture(800, 800));
    expect(res.statusCode).toBe(201);
    const stored = (res.json().images as { path: string }[])[0]!.path;
    const original = await b.app.inject(`/uploads/${stored}`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    const resized = await b.app.inject(`/uploads/${stored}?w=320&f=avif`);
    expect(resized.statusCode).toBe(200);
    expect((await sharp(resized.rawPayload).metadata()).width).toBe(320);
  });

  it('answers a panel upload 503 in Turkish while the bucket refuses writes, keeps nothing, and takes the same request once it accepts', async () => {
    const manager = (await loggedInStaff(a.app, a.services, 'manager')).b;
    const bytes = await picture(700, 500);
    const before = await productImages();
    s3.refuseWrites(true);
    const refused = await upload(manager, 'lamba.jpg', bytes);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json().error.code).toBe(STORE_UNAVAILABLE);
    expect(refused.json().error.message).toMatch(/[ğüşıöçİ]/);
    expect(await productImages()).toEqual(before);
    expect(readdirSync(incoming)).toEqual([]);

    s3.refuseWrites(false);
    const accepted = await upload(manager, 'lamba.jpg', bytes);
    expect(accepted.statusCode).toBe(201);
    expect((await productImages()).length).toBe(before.length + 1);
  });

  it('gives the original image, never a 5xx, for a resized copy the bucket refuses to keep, and the copy once it accepts', async () => {
    // Put in the bucket as it is (no panel upload, so no node makes its variants in the background).
    const bytes = await picture(900, 600);
    await bucketStore().put('uploads/test/kase.jpg', bytes);
    s3.refuseWrites(true);
    const answer = await b.app.inject('/uploads/test/kase.jpg?w=640&f=webp');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(answer.rawPayload.equals(bytes)).toBe(true);
    // Nothing of the refused copy was kept.
    const stored = await bucketStore().head('uploads/test/kase.jpg');
    const copy = variantKey({ id: stored!.key, version: stored!.etag }, 640, 'webp').key;
    expect(await bucketStore().head(copy)).toBeUndefined();
    s3.refuseWrites(false);
    const later = await b.app.inject('/uploads/test/kase.jpg?w=640&f=webp');
    expect(later.statusCode).toBe(200);
    expect(later.headers['cache-control']).toBe('public, max-age=86400');
    expect((await sharp(later.rawPayload).metadata()).width).toBe(640);
    expect(await bucketStore().head(copy)).toBeDefined();
  });
});
