import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '../storage/disk-store.ts';
import { createImageVariants, type ImageVariants } from './image-variants.ts';

/** A page's request for a resized copy of an upload (`/uploads/…?w=&f=`). */
const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-variant-requests-'));
const uploads = path.join(dir, 'uploads');
const files = createDiskStore(dir);
let images: ImageVariants;
beforeAll(async () => {
  mkdirSync(path.join(uploads, 'catalog'), { recursive: true });
  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#b85' } })
      .jpeg()
      .toBuffer();
  writeFileSync(path.join(uploads, 'catalog', 'genis.jpg'), await photo(1200, 600));
  writeFileSync(path.join(uploads, 'catalog', 'kucuk.jpg'), await photo(300, 200));
  writeFileSync(path.join(uploads, 'catalog', 'notlar.txt'), 'görsel değil');
  images = createImageVariants({ files, workDir: path.join(dir, 'tmp'), waitMs: 60_000 });
});
afterAll(async () => {
  await images.close();
  rmSync(dir, { recursive: true, force: true });
});

const ok = async (relative: string, width: 320 | 640, format: 'webp' | 'avif') => {
  const result = await images.variant(relative, width, format);
  if (result.kind !== 'ok') throw new Error(`${relative}: ${result.kind}`);
  return result;
};
/** The stored variant's image facts. */
const metadataOf = async (result: { key: string }) => sharp(await files.readBytes(result.key)).metadata();

describe('a resized copy of an upload', () => {
  it('has the asked width and format, keeping the aspect ratio', async () => {
    const webp = await ok('catalog/genis.jpg', 640, 'webp');
    expect(webp.contentType).toBe('image/webp');
    expect(await metadataOf(webp)).toMatchObject({ format: 'webp', width: 640, height: 320 });
    const avif = await ok('catalog/genis.jpg', 320, 'avif');
    expect(avif.contentType).toBe('image/avif');
    expect(await metadataOf(avif)).toMatchObject({ format: 'heif', width: 320, height: 160 });
  });

  it('is never wider than the upload itself', async () => {
    const result = await ok('catalog/kucuk.jpg', 640, 'webp');
    expect((await metadataOf(result)).width).toBe(300);
  });

  it('is made once and answered from the cache with the same tag after', async () => {
    const first = await ok('catalog/genis.jpg', 320, 'webp');
    const made = images.made;
    const again = await ok('catalog/genis.jpg', 320, 'webp');
    expect(again).toMatchObject({ key: first.key, etag: first.etag });
    expect(images.made).toBe(made);
  });

  it('is made again when the upload is replaced under the same name', async () => {
    const before = await ok('catalog/kucuk.jpg', 320, 'webp');
    const file = path.join(uploads, 'catalog', 'kucuk.jpg');
    writeFileSync(
      file,
      await sharp({ create: { width: 500, height: 500, channels: 3, background: '#123' } })
        .jpeg()
        .toBuffer(),
    );
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    const after = await ok('catalog/kucuk.jpg', 320, 'webp');
    expect(after.etag).not.toBe(before.etag);
    expect(await metadataOf(after)).toMatchObject({ width: 320, height: 320 });
  });

  it('is refused for a path leaving the uploads, a file that is no image, and a missing file', async () => {
    expect((await images.variant('../secret.jpg', 320, 'webp')).kind).toBe('bad-path');
    expect((await images.variant('/etc/passwd.jpg', 320, 'webp')).kind).toBe('bad-path');
    expect((await images.variant('catalog/notlar.txt', 320, 'webp')).kind).toBe('not-resizable');
    expect((await images.variant('catalog/yok.jpg', 320, 'webp')).kind).toBe('not-found');
  });
});
