import { createDiskStore } from './disk-store.ts';
import type { FileStore } from './file-store.ts';
import { createS3Store, type S3StoreOptions } from './s3-store.ts';

/**
 * The shop's file store as configured: the bucket when `S3_BUCKET` is set (every node of a cluster sees the
 * same files), else the data directory's folders as before.
 */
export function createFileStore(config: { dataDir: string; s3: S3StoreOptions | undefined }): FileStore {
  return config.s3 ? createS3Store(config.s3) : createDiskStore(config.dataDir);
}
