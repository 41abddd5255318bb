import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_FORMATS, IMAGE_WIDTHS } from '@vitrin/shared/media';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDiskStore } from '../storage/disk-store.ts';
import type { FileStore } from '../storage/file-store.ts';
import { uploadKey } from '../storage/keys.ts';
import { createImageVariants } from './image-variants.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-variants-'));
const uploads = path.join(dir, 'uploads');
const workDir = path.join(dir, 'tmp');
const disk = createDiskStore(dir);
const ALL = IMAGE_WIDTHS.length * IMAGE_FORMATS.length;
let s3: LocalS3;

/** Variants stored under `prefix`, by format. */
async function cached(files: FileStore, prefix = 'cache/images/') {
  const names: string[] = [];
  for await (const file of files.list(prefix)) names.push(file.key);
  return {
    webp: names.filter((f) => f.endsWith('.webp')).length,
    avif: names.filter((f) => f.endsWith('.avif')).length,
  };
}

const photos: Record<string, Buffer> = {};
beforeAll(async () => {
  mkdirSync(path.join(uploads, 'catalog'), { recursive: true });
  mkdirSync(path.join(uploads, 'personalization'), { recursive: true });
  for (const name of ['a', 'b', 'c']) {
    photos[`catalog/${name}.jpg`] = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#b85' },
    })
      .jpeg()
      .toBuffer();
  }
  photos['personalization/musteri.png'] = await sharp({
    create: { width: 300, height: 300, channels: 3, background: '#000' },
  })
    .png()
    .toBuffer();
  photos['catalog/notlar.txt'] = Buffer.from('görsel değil');
  for (const [relative, bytes] of Object.entries(photos)) writeFileSync(path.join(uploads, relative), bytes);
  s3 = await startS3({ bucket: 'variants', ports: [18481, 18484] });
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The same uploads on disk and in a bucket: a variant behaves alike whichever store keeps the shop's files. */
const stores: [string, () => Promise<FileStore>][] = [
  ['disk', async () => disk],
  [
    'bucket',
    async () => {
      const files = s3.store();
      for (const [relative, bytes] of Object.entries(photos)) {
        if (!(await files.head(uploadKey(relative)))) await files.put(uploadKey(relative), bytes);
      }
      return files;
    },
  ],
];

describe.each(stores)('image variants made in the background (%s)', (_name, storeOf) => {
  it('makes every width and format of the queued images, every WebP before any AVIF, each once, joined by requests meanwhile', async () => {
    const files = await storeOf();
    const images = createImageVariants({ files, workDir });
    // As after a restart: every image of the uploads is queued, customers' photos and other files are not.
    expect(await images.prepareAll()).toBe(3);
    // Visitors ask for one of the queued variants at once, all together: they share one generation.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => images.variant('catalog/c.jpg', 1200, 'avif')),
    );
    for (const answer of answers) expect(answer).toMatchObject({ kind: 'ok', contentType: 'image/avif' });
    const seenWebp: number[] = [];
    await vi.waitFor(
      async () => {
        const now = await cached(files);
        if (now.avif > 1) seenWebp.push(now.webp);
        expect(now.webp + now.avif).toBe(3 * ALL);
      },
      { timeout: 120_000, interval: 20 },
    );
    // Past the variant the visitors asked for, AVIFs were made only once every WebP was.
    expect(seenWebp.every((webp) => webp === 3 * IMAGE_WIDTHS.length)).toBe(true);
    // Queued and asked for at once: still made only once each.
    await vi.waitFor(() => expect(images.pending).toBe(0));
    expect(images.made).toBe(3 * ALL);
    // Queued again (the next start): nothing is made again.
    await images.prepareAll();
    await vi.waitFor(() => expect(images.pending).toBe(0));
    expect(images.made).toBe(3 * ALL);
    await images.close();
    // The image process's outputs were moved into the store: once its work is done, none is left on the node.
    expect(readdirSync(workDir)).toEqual([]);
  });

  it('gives a request the original file, not an error, when its variant would take too long', async () => {
    const files = await storeOf();
    const images = createImageVariants({ files, workDir, cachePrefix: 'cache/slow', waitMs: 1 });
    const answer = await images.variant('catalog/a.jpg', 1200, 'avif');
    expect(answer).toMatchObject({
      kind: 'original',
      contentType: 'image/jpeg',
      size: photos['catalog/a.jpg']!.length,
    });
    // Still made: the next request gets the variant.
    await vi.waitFor(async () =>
      expect(await images.variant('catalog/a.jpg', 1200, 'avif')).toMatchObject({ kind: 'ok' }),
    );
    await images.close();
  });
});

describe('the image process', () => {
  /** Whether a process of this id still runs. */
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('runs outside the shop and exits once it has been idle, so its memory goes back to the system', async () => {
    const images = createImageVariants({ files: disk, workDir, cachePrefix: 'cache/idle', idleMs: 200 });
    expect(await images.variant('catalog/a.jpg', 480, 'webp')).toMatchObject({ kind: 'ok' });
    const { pid } = images.process;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    await vi.waitFor(() => expect(alive(pid!)).toBe(false), { timeout: 30_000, interval: 50 });
    expect(images.process.pid).toBeUndefined();
    // The next request starts another.
    expect(await images.variant('catalog/a.jpg', 640, 'webp')).toMatchObject({ kind: 'ok' });
    expect(images.process.starts).toBe(2);
    await images.close();
  });

  it('makes a request’s variant in a new process when the one making it is killed', async () => {
    const images = createImageVariants({ files: disk, workDir, cachePrefix: 'cache/killed' });
    const answer = images.variant('catalog/b.jpg', 1200, 'avif');
    await vi.waitFor(() => expect(images.process.pid).toBeGreaterThan(0), { interval: 1 });
    process.kill(images.process.pid!, 'SIGKILL');
    expect(await answer).toMatchObject({ kind: 'ok', contentType: 'image/avif' });
    expect(images.process.starts).toBe(2);
    await images.close();
  });

  it('gives the original file, not remembered as broken, when the process making the variant dies twice', async () => {
    const images = createImageVariants({ files: disk, workDir, cachePrefix: 'cache/lost' });
    const answer = images.variant('catalog/c.jpg', 1200, 'avif');
    for (const start of [1, 2]) {
      await vi.waitFor(
        () => {
          expect(images.process.starts).toBe(start);
          expect(images.process.pid).toBeGreaterThan(0);
        },
        { interval: 1 },
      );
      process.kill(images.process.pid!, 'SIGKILL');
    }
    expect(await answer).toMatchObject({ kind: 'original', contentType: 'image/jpeg' });
    expect(await images.variant('catalog/c.jpg', 1200, 'avif')).toMatchObject({ kind: 'ok' });
    await images.close();
  });
});
