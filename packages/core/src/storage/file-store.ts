import type { Readable } from 'node:stream';

/**
 * Every file the shop keeps, by key, in one store: the data directory's folders (`disk-store.ts`, the
 * default) or an S3-compatible bucket (`s3-store.ts`, with `S3_BUCKET`), so that several app nodes share
 * them. A key is a `/`-separated relative path whose first segment is its area:
 *
 * - `uploads/…`  files the shop serves at `/uploads/…` (panel images, post covers, personalization photos);
 * - `private/…`  files only their owner reads through the node's access check (support attachments): never
 *                a public object, never under `/uploads`;
 * - `cache/…`    what can be made again (resized image variants, `cache/images/…`);
 * - `imports/…`  import files kept for their report.
 *
 * On disk a key is the file `DATA_DIR/<key>`, so a shop's existing folders are already its keys and
 * `vitrin storage migrate` copies them into a bucket under the same names.
 */
export type FileArea = 'uploads' | 'private' | 'cache' | 'imports';

export interface StoredFile {
  key: string;
  size: number;
  /** Last written. */
  modified: Date;
  /** A strong validator of the content: the bucket's ETag, or size and time on disk. */
  etag: string;
  contentType?: string | undefined;
  /** The content's SHA-256 (hex) when it was stored with it (a bucket's object metadata); the disk keeps none. */
  sha256?: string | undefined;
}

export interface PutOptions {
  contentType?: string | undefined;
  /** Refuse (answer `false`) when the key exists already, instead of replacing it. */
  ifAbsent?: boolean;
  /** The content's SHA-256 (hex), kept with the object where the store can (`vitrin storage migrate` compares it). */
  sha256?: string | undefined;
}

export interface FileStore {
  readonly kind: 'disk' | 's3';
  /**
   * Writes the whole body under `key` or nothing: a reader never sees half a file (disk: a temporary name
   * renamed; bucket: an object appears only once its upload completed). A full disk or a bucket that refuses
   * writes throws (`isStoreFull`, `isStoreUnavailable`) with nothing left behind. `false` only with `ifAbsent`
   * when the key was there.
   */
  put(key: string, body: Uint8Array | Readable, options?: PutOptions): Promise<boolean>;
  /** Copies a local file in (streamed); removes nothing. */
  putFile(key: string, file: string, options?: PutOptions): Promise<boolean>;
  /** The file's facts, or undefined when there is none. */
  head(key: string): Promise<StoredFile | undefined>;
  /** The file's content (a byte range, inclusive, when asked), or undefined when there is none. */
  read(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ file: StoredFile; body: Readable } | undefined>;
  /** The whole content in memory (small files only), or undefined. */
  readBytes(key: string): Promise<Buffer | undefined>;
  /**
   * A local path holding the content, for tools that need a file (sharp's child process): on disk the file
   * itself; from a bucket a temporary copy, removed by `release`.
   */
  localCopy(key: string): Promise<{ path: string; release: () => Promise<void> } | undefined>;
  /** Removes the file; quiet when it is not there. */
  remove(key: string): Promise<void>;
  /** Every file under `prefix` (e.g. `uploads/products/`), in no particular order. */
  list(prefix: string): AsyncIterable<StoredFile>;
}
