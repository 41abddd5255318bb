import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_FORMATS, IMAGE_WIDTHS } from '@vitrin/shared/media';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClusterLock } from '../db/cluster-lock.ts';
import { blogPosts, categories, products } from '../db/schema.ts';
import { uploadKey } from '../storage/keys.ts';
import { adminImageDirs, createAdminImageStore, ORPHAN_PURGE_LOCK } from './admin-upload.ts';
import { variantKey } from './image-variants.ts';

/** The hourly purge of uploads nobody saved into a product, category, post or page. */
let t: OpenTestShop;
const data = mkdtempSync(path.join(os.tmpdir(), 'vitrin-orphans-'));
const dirs = adminImageDirs(data);
const store = createAdminImageStore(dirs);
beforeAll(async () => {
  t = await openTestShop();
  for (const folder of ['products', 'posts'])
    mkdirSync(path.join(dirs.uploadsDir, folder), { recursive: true });
  mkdirSync(dirs.incomingDir, { recursive: true });
});
afterAll(async () => {
  await t.dispose();
  rmSync(data, { recursive: true, force: true });
});

const now = new Date('2026-05-01T12:00:00Z');
const dayAgo = new Date(now.getTime() - 25 * 60 * 60_000);
const hourAgo = new Date(now.getTime() - 60 * 60_000);
let n = 0;
/** An upload in `folder` with a stored name, last written at `at`. */
function upload(folder: 'products' | 'posts', at: Date, name = `${String(++n).padStart(22, 'x')}.webp`) {
  const relative = `${folder}/${name}`;
  const file = path.join(dirs.uploadsDir, relative);
  writeFileSync(file, 'webp');
  utimesSync(file, at, at);
  return relative;
}
const present = (relative: string) => existsSync(path.join(dirs.uploadsDir, relative));

describe('the purge of unsaved uploads', () => {
  it('deletes a day-old upload nothing names, keeps a newer one', async () => {
    const orphan = upload('products', dayAgo);
    const fresh = upload('products', hourAgo);
    // Their resized copies, as the background made them when they were stored.
    const copiesOf = async (relative: string) => {
      const source = { id: uploadKey(relative), version: (await dirs.files.head(uploadKey(relative)))!.etag };
      return IMAGE_WIDTHS.flatMap((w) => IMAGE_FORMATS.map((f) => variantKey(source, w, f).key));
    };
    const [orphanCopies, freshCopies] = [await copiesOf(orphan), await copiesOf(fresh)];
    for (const key of [...orphanCopies, ...freshCopies]) await dirs.files.put(key, Buffer.from('variant'));
    expect(await store.purgeOrphans(t.db, now)).toEqual({ adminImages: 1 });
    expect(present(orphan)).toBe(false);
    expect(present(fresh)).toBe(true);
    for (const key of orphanCopies) expect(await dirs.files.head(key), key).toBeUndefined();
    for (const key of freshCopies) expect(await dirs.files.head(key), key).toBeDefined();
  });

  it('keeps an old upload a product, a category or a post names (its cover or its body)', async () => {
    const product = upload('products', dayAgo);
    const category = upload('products', dayAgo);
    const cover = upload('posts', dayAgo);
    const inBody = upload('posts', dayAgo);
    const [kupa] = await t.db.select().from(products).where(eq(products.id, t.shop.kupa));
    await t.db
      .update(products)
      .set({ images: [...kupa!.images, product] })
      .where(eq(products.id, t.shop.kupa));
    await t.db
      .update(categories)
      .set({ image: category })
      .where(eq(categories.id, t.shop.categories.tekstil));
    await t.db.insert(blogPosts).values({
      slug: 'yazi',
      title: 'Yazı',
      author: 'Ayşe',
      coverImage: cover,
      body: `<p><img src="/uploads/${inBody}"></p>`,
    });
    expect(await store.purgeOrphans(t.db, now)).toEqual({ adminImages: 0 });
    for (const kept of [product, category, cover, inBody]) expect(present(kept), kept).toBe(true);
  });

  it('never touches a file whose name an upload never has', async () => {
    const other = upload('products', dayAgo, 'kupa-1.webp');
    await store.purgeOrphans(t.db, now);
    expect(present(other)).toBe(true);
  });

  it('removes files a crash left where uploads arrive, once they are a day old', async () => {
    const stray = path.join(dirs.incomingDir, 'kalan.incoming');
    const recent = path.join(dirs.incomingDir, 'suruyor.incoming');
    writeFileSync(stray, 'yarım');
    writeFileSync(recent, 'yarım');
    utimesSync(stray, dayAgo, dayAgo);
    utimesSync(recent, hourAgo, hourAgo);
    await store.purgeOrphans(t.db, now);
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });
});

describe('the purge on several nodes', () => {
  it('runs on one node at a time: a node finding another purging skips its round', async () => {
    const orphan = upload('products', dayAgo);
    const skipped = await withClusterLock(t.database, ORPHAN_PURGE_LOCK, () =>
      store.purgeOrphansOnce(t.database, now),
    );
    expect(skipped).toEqual({ ran: true, value: { adminImages: 0 } });
    expect(present(orphan)).toBe(true);
    expect(await store.purgeOrphansOnce(t.database, now)).toEqual({ adminImages: 1 });
    expect(present(orphan)).toBe(false);
  });

  describe('with the files in a bucket', () => {
    let s3: LocalS3;
    beforeAll(async () => {
      s3 = await startS3({ bucket: 'orphans', ports: [18488, 18489] });
    });
    afterAll(() => s3?.stop());

    it('lists the folders in the bucket and deletes there what nothing names, by the time it was stored', async () => {
      const files = s3.store();
      const bucketStore = createAdminImageStore(adminImageDirs(data, files));
      const orphan = `products/${'o'.repeat(22)}.webp`;
      const named = `posts/${'n'.repeat(22)}.webp`;
      for (const relative of [orphan, named]) await files.put(uploadKey(relative), Buffer.from('webp'));
      await t.db
        .insert(blogPosts)
        .values({ slug: 'kovadan', title: 'Kova', author: 'Ayşe', coverImage: named, body: '<p>Kova</p>' });
      // Stored just now: a day later they are old enough.
      const later = new Date(Date.now() + 25 * 60 * 60_000);
      expect(await bucketStore.purgeOrphans(t.db, new Date())).toEqual({ adminImages: 0 });
      expect(await bucketStore.purgeOrphans(t.db, later)).toEqual({ adminImages: 1 });
      expect(await files.head(uploadKey(orphan))).toBeUndefined();
      expect(await files.head(uploadKey(named))).toBeDefined();
    });
  });
});
