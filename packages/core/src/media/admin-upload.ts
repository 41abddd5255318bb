import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  ADMIN_IMAGE_MAX_BYTES,
  ADMIN_IMAGE_MAX_SIDE,
  ADMIN_IMAGE_MIN_SIDE,
  ADMIN_IMAGE_STORED_SIDE,
  type AdminImagePurpose,
} from '@vitrin/shared/api/admin/images';
import { IMAGE_FORMATS, IMAGE_WIDTHS } from '@vitrin/shared/media';
import { sql } from 'drizzle-orm';
import { rows } from '../catalog/rows.ts';
import type { Database, Db } from '../db/client.ts';
import { withClusterLock } from '../db/cluster-lock.ts';
import { DomainError } from '../errors.ts';
import { createDiskStore } from '../storage/disk-store.ts';
import type { FileStore } from '../storage/file-store.ts';
import { uploadKey } from '../storage/keys.ts';
import { DISK_FULL_CODE, DISK_FULL_MESSAGE, isDiskFull } from './disk-full.ts';
import { loadSharp, variantKey } from './image-variants.ts';

/**
 * Images the staff upload for products and posts. A file arrives in `incomingDir` (this node's disk, outside
 * the uploads, so nothing half-checked is ever served; a request's files live as long as the request), is
 * checked by its first bytes and its dimensions, and is stored as a normalized copy: EXIF orientation
 * applied, every metadata block (EXIF, GPS, XMP, ICC comments) dropped, the longer side at most 2400 px, WebP
 * at quality 90, which `image-variants` resizes like any upload. The copy goes into the shop's file store as
 * `uploads/{folder}/{name}.webp` (the data directory or the bucket, which every node serves); a request's
 * files are stored all or none, and every arrived file is removed whatever happens.
 */

export const ADMIN_IMAGE_FOLDERS: Record<AdminImagePurpose, string> = { product: 'products', post: 'posts' };

/** An upload's stored name: 22 random base64url characters. Only such files are ever purged. */
const STORED_NAME = /^[\w-]{22}\.webp$/;
/** An upload nobody saved into a product or post is deleted after this long. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_INPUT_PIXELS = ADMIN_IMAGE_MAX_SIDE * ADMIN_IMAGE_MAX_SIDE;
const MB = ADMIN_IMAGE_MAX_BYTES / (1024 * 1024);

/** Why an upload of the panel was refused, with its status (the HTTP layer's answer). */
const adminImageError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  new DomainError(status, code, message, fields);

/** The disk filled up while an upload was written: nothing of it is kept. */
export const diskFull = () => adminImageError(507, DISK_FULL_CODE, DISK_FULL_MESSAGE);

export const imageTooLarge = (name: string) =>
  adminImageError(413, 'DOSYA_COK_BUYUK', `"${name}" en fazla ${MB} MB olabilir.`, {
    files: `${name}: dosya çok büyük`,
  });

/** JPEG, PNG, WebP or AVIF by the file's first bytes; null for anything else, whatever its name says. */
export function imageKindOf(head: Buffer): 'jpeg' | 'png' | 'webp' | 'avif' | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // ISO BMFF: a `ftyp` box whose major or a compatible brand is avif (still) or avis (sequence).
  if (head.toString('latin1', 4, 8) === 'ftyp') {
    const boxEnd = Math.min(head.readUInt32BE(0), head.length);
    for (let at = 8; at + 4 <= boxEnd; at += at === 8 ? 8 : 4) {
      const brand = head.toString('latin1', at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await handle.read(buffer, 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const removeQuietly = (file: string) => unlink(file).catch(() => undefined);

export interface IncomingImage {
  /** The name the browser sent (for messages only; never part of a stored path). */
  name: string;
  /** Where the request's bytes were written, in `incomingDir`. */
  file: string;
}

export interface StoredImage {
  path: string;
  name: string;
  width: number;
  height: number;
  bytes: number;
}

export interface AdminImageStoreOptions {
  /** The shop's files: the images go under `uploads/{folder}/`. */
  files: FileStore;
  /** This node's folder for arriving files, never served: `DATA_DIR/tmp/uploads`. */
  incomingDir: string;
  /** Hears the paths (`folder/file`) of the images a request stored, e.g. to make their variants. */
  onStored?: (paths: string[]) => void;
}

/**
 * A data directory's store and where its files arrive; `uploadsDir` is where the disk store keeps the
 * uploads (for looking at them). `files` replaces the store (the bucket's), the arrivals stay on this disk.
 */
export const adminImageDirs = (dataDir: string, files: FileStore = createDiskStore(dataDir)) => ({
  files,
  uploadsDir: path.join(dataDir, 'uploads'),
  incomingDir: path.join(dataDir, 'tmp', 'uploads'),
});

/** The name of the hourly purge's lock: one node at a time lists the bucket and deletes. */
export const ORPHAN_PURGE_LOCK = 'purge:admin-images';

export function createAdminImageStore({ files, incomingDir, onStored }: AdminImageStoreOptions) {
  const randomName = () => randomBytes(16).toString('base64url');

  /** Checks one file and makes its normalized copy (in memory: at most 2400 px of WebP); the caller stores it. */
  async function normalize(image: IncomingImage): Promise<{ data: Buffer; width: number; height: number }> {
    const kind = imageKindOf(await headOf(image.file));
    if (!kind) {
      throw adminImageError(
        415,
        'GORSEL_TURU_GECERSIZ',
        `"${image.name}" bir görsel değil: yalnızca JPEG, PNG, WebP ya da AVIF yükleyebilirsiniz.`,
        { files: `${image.name}: JPEG, PNG, WebP ya da AVIF seçin` },
      );
    }
    const sharp = await loadSharp();
    const unreadable = () =>
      adminImageError(422, 'GORSEL_OKUNAMADI', `"${image.name}" okunamadı; dosya bozuk olabilir.`, {
        files: `${image.name}: görsel okunamadı`,
      });
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    try {
      meta = await sharp(image.file, { limitInputPixels: false }).metadata();
    } catch {
      throw unreadable();
    }
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (
      width < ADMIN_IMAGE_MIN_SIDE ||
      height < ADMIN_IMAGE_MIN_SIDE ||
      width > ADMIN_IMAGE_MAX_SIDE ||
      height > ADMIN_IMAGE_MAX_SIDE
    ) {
      throw adminImageError(
        400,
        'GORSEL_BOYUTU_GECERSIZ',
        `"${image.name}" ${width}×${height} piksel; görseller en az ${ADMIN_IMAGE_MIN_SIDE}×${ADMIN_IMAGE_MIN_SIDE}, en fazla ${ADMIN_IMAGE_MAX_SIDE}×${ADMIN_IMAGE_MAX_SIDE} piksel olmalıdır.`,
        { files: `${image.name}: ${width}×${height} piksel` },
      );
    }
    let made: { data: Buffer; info: { width: number; height: number } };
    try {
      // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked.
      made = await sharp(image.file, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({
          width: ADMIN_IMAGE_STORED_SIDE,
          height: ADMIN_IMAGE_STORED_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 90 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw unreadable();
    }
    return { data: made.data, width: made.info.width, height: made.info.height };
  }

  const store = {
    /** A fresh temporary file name for an arriving file (the directory is made). */
    async incomingFile(): Promise<string> {
      await mkdir(incomingDir, { recursive: true });
      return path.join(incomingDir, `${randomName()}.incoming`);
    },

    /** Removes arrived files (a refused request's). */
    async discard(files: string[]): Promise<void> {
      await Promise.all(files.map(removeQuietly));
    },

    /**
     * Checks every file and stores them all, or throws the first refusal and stores none. The arrived files
     * are removed in every case.
     */
    async store(images: IncomingImage[], purpose: AdminImagePurpose): Promise<StoredImage[]> {
      const folder = ADMIN_IMAGE_FOLDERS[purpose];
      const placed: string[] = [];
      try {
        const made: { data: Buffer; width: number; height: number; name: string }[] = [];
        // One at a time: each decode takes a few of sharp's threads already.
        for (const image of images) made.push({ ...(await normalize(image)), name: image.name });
        const stored: StoredImage[] = [];
        for (const m of made) {
          const relative = `${folder}/${randomName()}.webp`;
          // The store writes all of it or nothing (a full disk, a bucket refusing): what this request placed
          // before is removed below.
          await files.put(uploadKey(relative), m.data, { contentType: 'image/webp', ifAbsent: true });
          placed.push(uploadKey(relative));
          stored.push({
            path: relative,
            name: m.name,
            width: m.width,
            height: m.height,
            bytes: m.data.length,
          });
        }
        onStored?.(stored.map((s) => s.path));
        return stored;
      } catch (err) {
        await Promise.all(placed.map((key) => files.remove(key).catch(() => undefined)));
        throw isDiskFull(err) ? diskFull() : err;
      } finally {
        await Promise.all(images.map((i) => removeQuietly(i.file)));
      }
    },

    /**
     * Deletes uploads older than a day that no product, variant, category, order line, post or page names
     * (uploaded, then never saved), with their resized copies (`cache/images/…`, the background made them as
     * the upload was stored), and arrived files a crash left behind. Part of the hourly purge; with several
     * nodes `purgeOrphansOnce` runs it on one of them.
     */
    async purgeOrphans(db: Db, at = new Date()): Promise<{ adminImages: number }> {
      const before = at.getTime() - ORPHAN_AGE_MS;
      for (const name of await readdir(incomingDir).catch(() => [] as string[])) {
        const file = path.join(incomingDir, name);
        const old = await stat(file).then(
          (s) => s.mtimeMs < before,
          () => false,
        );
        if (old) await removeQuietly(file);
      }
      const candidates: string[] = [];
      /** The version of each candidate, which its variants' keys are made of. */
      const versions = new Map<string, string>();
      for (const folder of Object.values(ADMIN_IMAGE_FOLDERS)) {
        const prefix = uploadKey(`${folder}/`);
        for await (const file of files.list(prefix)) {
          const name = file.key.slice(prefix.length);
          // Only the folder's own stored names: nothing in a subfolder, nothing another part put there.
          if (STORED_NAME.test(name) && file.modified.getTime() < before) {
            candidates.push(`${folder}/${name}`);
            versions.set(`${folder}/${name}`, file.etag);
          }
        }
      }
      if (!candidates.length) return { adminImages: 0 };
      const used = new Set<string>();
      // A few hundred at a time: the list is one array parameter.
      for (let i = 0; i < candidates.length; i += 500) {
        const chunk = candidates.slice(i, i + 500);
        const found = await rows<{ path: string }>(
          db,
          sql`
          select c.p as path from unnest(${`{${chunk.join(',')}}`}::text[]) as c(p)
          where exists (select 1 from products where images @> jsonb_build_array(c.p))
             or exists (select 1 from product_variants where images @> jsonb_build_array(c.p))
             or exists (select 1 from categories where image = c.p)
             or exists (select 1 from order_items where image = c.p)
             or exists (select 1 from blog_posts where cover_image = c.p or strpos(body, c.p) > 0)
             or exists (select 1 from pages where strpos(body, c.p) > 0)`,
        );
        for (const row of found) used.add(row.path);
      }
      let removed = 0;
      for (const relative of candidates) {
        if (used.has(relative)) continue;
        const key = uploadKey(relative);
        await files.remove(key);
        // Admin uploads are never replaced under their name, so these are all the variants it ever had.
        const source = { id: key, version: versions.get(relative)! };
        for (const width of IMAGE_WIDTHS)
          for (const format of IMAGE_FORMATS) await files.remove(variantKey(source, width, format).key);
        removed += 1;
      }
      return { adminImages: removed };
    },

    /** `purgeOrphans` on one node at a time: a node that finds another purging skips this round. */
    async purgeOrphansOnce(database: Database, at = new Date()): Promise<{ adminImages: number }> {
      const round = await withClusterLock(database, ORPHAN_PURGE_LOCK, () =>
        store.purgeOrphans(database.db, at),
      );
      return round.ran ? round.value : { adminImages: 0 };
    },
  };
  return store;
}

export type AdminImageStore = ReturnType<typeof createAdminImageStore>;
