import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { DomainError } from '../errors.ts';
import type { FileArea, FileStore, StoredFile } from './file-store.ts';
import { S3_PART_SIZE } from './s3-part-size.ts';

/** The areas `vitrin storage migrate` copies; `cache/` (variants, made again on demand) only when asked. */
export const MIGRATED_AREAS: readonly FileArea[] = ['uploads', 'private', 'imports'];

export interface MigrationCounts {
  /** Files written into the bucket by this run (new or different there). */
  copied: number;
  /** Files the bucket already held with the same content. */
  skipped: number;
  /** Bytes written by this run. */
  bytes: number;
}

/** A local file's digests: its SHA-256, and the ETags S3 gives it as one object and as a multipart upload. */
export interface FileDigests {
  size: number;
  sha256: string;
  etags: string[];
}

/**
 * Reads the file once: its SHA-256 (kept as the object's metadata), its MD5 (a single upload's ETag) and the
 * MD5 of its parts' MD5s (a multipart upload's ETag, `<md5>-<parts>`, with the store's fixed part size).
 */
export async function digestsOf(file: string): Promise<FileDigests> {
  const sha = createHash('sha256');
  const md5 = createHash('md5');
  const partMd5s: Buffer[] = [];
  let part = createHash('md5');
  let inPart = 0;
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    sha.update(chunk);
    md5.update(chunk);
    size += chunk.length;
    let rest = chunk;
    while (rest.length > 0) {
      const take = Math.min(rest.length, S3_PART_SIZE - inPart);
      part.update(rest.subarray(0, take));
      inPart += take;
      rest = rest.subarray(take);
      if (inPart === S3_PART_SIZE) {
        partMd5s.push(part.digest());
        part = createHash('md5');
        inPart = 0;
      }
    }
  }
  if (inPart > 0) partMd5s.push(part.digest());
  const etags = [`"${md5.digest('hex')}"`];
  if (partMd5s.length > 1) {
    etags.push(`"${createHash('md5').update(Buffer.concat(partMd5s)).digest('hex')}-${partMd5s.length}"`);
  }
  return { size, sha256: sha.digest('hex'), etags };
}

/** Whether the bucket's object is the local file: same size, and the same SHA-256 or S3's MD5 ETag. */
const holds = (object: StoredFile | undefined, local: FileDigests) =>
  object !== undefined &&
  object.size === local.size &&
  (object.sha256 === local.sha256 || local.etags.includes(object.etag));

/** Files copied at once. */
const PARALLEL_FILES = 4;

/** The types a CDN in front of the bucket (PUBLIC_UPLOADS_BASE) answers images with; the node names its own. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/**
 * Copies the files of `source` (a data directory's store) under `areas` into `target` (the bucket) under
 * the same keys. Resumable and idempotent: a file the bucket already holds with the same content is skipped,
 * so a second run copies nothing and a run cut off (the bucket refusing, the process killed) goes on where
 * it stopped; an object appears only once its upload completed. Checksummed: each upload is read back as
 * its ETag (the MD5 S3 computed from what it received) or, from a service whose ETags are not MD5s, as its
 * content, and a mismatch removes the object and stops the run.
 */
export async function migrateFiles({
  source,
  target,
  areas = MIGRATED_AREAS,
  onFile,
}: {
  source: FileStore;
  target: FileStore;
  areas?: readonly FileArea[];
  /** Told of each file done, copied or skipped, with the counts so far (progress; tests cut a run short). */
  onFile?: (key: string, outcome: 'copied' | 'skipped', counts: MigrationCounts) => void;
}): Promise<MigrationCounts> {
  const counts: MigrationCounts = { copied: 0, skipped: 0, bytes: 0 };

  async function migrateOne(key: string) {
    const local = await source.localCopy(key);
    // Removed since it was listed (a purge on a node still running): nothing to copy.
    if (!local) return;
    try {
      const digests = await digestsOf(local.path);
      if (holds(await target.head(key), digests)) {
        counts.skipped++;
        onFile?.(key, 'skipped', counts);
        return;
      }
      const contentType = CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()];
      await target.putFile(key, local.path, { sha256: digests.sha256, contentType });
      await verify(target, key, digests);
      counts.copied++;
      counts.bytes += digests.size;
      onFile?.(key, 'copied', counts);
    } finally {
      await local.release();
    }
  }

  // A few files at a time: each costs the bucket three round trips (head, put, head), which one at a time
  // would make the run's length the network's latency times three times the files.
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const start = (key: string) => {
    const job: Promise<void> = migrateOne(key)
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => running.delete(job));
    running.add(job);
  };
  outer: for (const area of areas) {
    for await (const file of source.list(`${area}/`)) {
      if (failure) break outer;
      start(file.key);
      if (running.size >= PARALLEL_FILES) await Promise.race(running);
    }
  }
  await Promise.all(running);
  if (failure) throw failure.error;
  return counts;
}

/** Reads the uploaded object back: its ETag when S3 made it an MD5, else its content's SHA-256. */
async function verify(target: FileStore, key: string, local: FileDigests) {
  const object = await target.head(key);
  let ok = object !== undefined && object.size === local.size && local.etags.includes(object.etag);
  if (!ok && object !== undefined && object.size === local.size) {
    const read = await target.read(key);
    if (read) {
      const sha = createHash('sha256');
      for await (const chunk of read.body as AsyncIterable<Buffer>) sha.update(chunk);
      ok = sha.digest('hex') === local.sha256;
    }
  }
  if (!ok) {
    await target.remove(key);
    throw new DomainError(
      500,
      'DOSYA_DOGRULANAMADI',
      `"${key}" kovaya yazıldı ama kovadaki içeriği yerel dosyayla aynı çıkmadı; kovadan silindi. ` +
        'Komutu yeniden çalıştırın; aynı hata sürerse kovanın sağlayıcısına danışın.',
    );
  }
}
