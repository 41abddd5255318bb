import { createDiskStore } from './disk-store.ts';
import type { FileStore } from './file-store.ts';
import type { S3StoreOptions } from './s3-store.ts';
import { isStoreUnavailable } from './unavailable.ts';

/**
 * The shop's file store as configured: the bucket when `S3_BUCKET` is set (every node of a cluster sees the
 * same files), else the data directory's folders as before. The AWS SDK is loaded only for a bucket: it
 * costs a shop on one disk about 20 MB resident and a quarter of a second at start for nothing.
 *
 * A bucket that is not there, or that the keys may not use, stops the start with a Turkish message
 * (KOVA_BULUNAMADI, KOVA_ERISIMI_YOK): otherwise every image would quietly be a 404. One that cannot be
 * reached right now does not: the node starts, and its requests that need a file answer 503 until it is back.
 */
export async function createFileStore(config: {
  dataDir: string;
  s3: S3StoreOptions | undefined;
}): Promise<FileStore> {
  if (!config.s3) return createDiskStore(config.dataDir);
  const { createS3Store } = await import('./s3-store.ts');
  const store = createS3Store(config.s3);
  try {
    await store.checkBucket();
  } catch (err) {
    if (!isStoreUnavailable(err)) throw err;
  }
  return store;
}
