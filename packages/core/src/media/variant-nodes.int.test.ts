import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_FORMATS, IMAGE_WIDTHS } from '@vitrin/shared/media';
import { openTestDatabase } from '@vitrin/testing/database';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { createDiskStore } from '../storage/disk-store.ts';
import type { FileStore } from '../storage/file-store.ts';
import { uploadKey } from '../storage/keys.ts';
import { createImageVariants, type ImageVariants } from './image-variants.ts';

/**
 * Two app nodes on one database and one file store: a resized copy is made by one of them; the other finds
 * it. On PostgreSQL each node has its own pool; the embedded database is one process's, so both share it.
 */
let t: Awaited<ReturnType<typeof openTestDatabase>>;
let second: Database;
let s3: LocalS3;
const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-variant-nodes-'));
let photo: Buffer;
beforeAll(async () => {
  t = await openTestDatabase();
  second = t.url ? await openDatabase({ databaseUrl: t.url, poolSize: 2 }) : t.database;
  s3 = await startS3({ bucket: 'nodes', ports: [18485, 18487] });
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#4a7' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await s3?.stop();
  if (second && second !== t.database) await second.close();
  await t?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['disk', () => createDiskStore(path.join(dir, 'data'))],
  ['bucket', () => s3.store()],
];

describe.each(stores)('a resized copy on two nodes sharing the %s store', (name, storeOf) => {
  let a: ImageVariants;
  let b: ImageVariants;
  let files: FileStore;
  beforeAll(async () => {
    files = storeOf();
    await files.put(uploadKey(`catalog/${name}-1.jpg`), photo);
    await files.put(uploadKey(`catalog/${name}-2.jpg`), photo);
    // Each node has its own image process and work folder, as two machines have.
    a = createImageVariants({ files, database: t.database, workDir: path.join(dir, 'a'), waitMs: 60_000 });
    b = createImageVariants({ files, database: second, workDir: path.join(dir, 'b'), waitMs: 60_000 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('is made once when both are asked for it at the same moment, and both answer it', async () => {
    const asked = Array.from({ length: 3 }, () => [
      a.variant(`catalog/${name}-1.jpg`, 480, 'webp'),
      b.variant(`catalog/${name}-1.jpg`, 480, 'webp'),
    ]).flat();
    const answers = await Promise.all(asked);
    for (const answer of answers) expect(answer).toMatchObject({ kind: 'ok', contentType: 'image/webp' });
    expect(new Set(answers.map((x) => (x.kind === 'ok' ? x.key : '')))).toHaveLength(1);
    expect(a.made + b.made).toBe(1);
    // Asked again on either node: found, not made.
    expect(await b.variant(`catalog/${name}-1.jpg`, 480, 'webp')).toMatchObject({ kind: 'ok' });
    expect(a.made + b.made).toBe(1);
  });

  it('is still made by a node whose database is away (a lock it cannot take is no broken picture)', async () => {
    const away = t.url ? await openDatabase({ databaseUrl: t.url, poolSize: 1 }) : undefined;
    await away?.close();
    const alone = createImageVariants({
      files,
      database: away ?? t.database,
      workDir: path.join(dir, 'alone'),
      waitMs: 60_000,
    });
    try {
      expect(await alone.variant(`catalog/${name}-1.jpg`, 160, 'avif')).toMatchObject({ kind: 'ok' });
    } finally {
      await alone.close();
    }
  });

  it('makes every variant of an image queued on both nodes once in all', async () => {
    const before = a.made + b.made;
    a.prepare([`catalog/${name}-2.jpg`]);
    b.prepare([`catalog/${name}-2.jpg`]);
    await vi.waitFor(
      async () => {
        expect(a.pending + b.pending).toBe(0);
        for (const width of IMAGE_WIDTHS)
          for (const format of IMAGE_FORMATS)
            expect(await a.variant(`catalog/${name}-2.jpg`, width, format)).toMatchObject({ kind: 'ok' });
      },
      { timeout: 120_000, interval: 200 },
    );
    expect(a.made + b.made - before).toBe(IMAGE_WIDTHS.length * IMAGE_FORMATS.length);
  });
});
