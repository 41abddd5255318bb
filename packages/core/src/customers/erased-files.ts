import { inArray, sql } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import { PERSONALIZATION_IMAGE_PATH } from '../cart/personalization.ts';
import type { Db } from '../db/client.ts';
import { cartItems, orderItems } from '../db/schema.ts';
import { REVIEW_PHOTO_KEY } from '../reviews/photos.ts';
import type { FileStore } from '../storage/file-store.ts';
import { uploadKey } from '../storage/keys.ts';
import { attachmentKey, createAttachmentStore } from '../support/attachments.ts';
import type { ErasedFiles } from './erase.ts';

export interface ErasedFilesOptions {
  /** The shop's files: support attachments in its private area, personalization images in its uploads. */
  files: FileStore;
  /** Told of a file that could not be removed; the erasure stands (it is committed), the file waits. */
  logError?: (message: string, fields: Record<string, unknown>) => void;
  /** Dropped for the products that lost an approved review, so their stars follow on every node. */
  cache?: Pick<Cache, 'invalidateAll'>;
}

/**
 * Removes the files an erasure's rows named, after its commit, from the shop's store (the data directory or
 * the bucket every node shares). A personalization image another cart or order line still names stays (the
 * hourly purge of unused images deletes it once none does); a path the upload endpoint could not have made is
 * never touched. A file that cannot be removed is logged, not thrown: the customer's data is already gone from
 * the database and the purge tries the images again.
 */
export async function removeErasedFiles(
  db: Db,
  erased: ErasedFiles,
  { files, logError = (message, fields) => console.error(message, fields), cache }: ErasedFilesOptions,
): Promise<void> {
  if (erased.ratedProducts.length) await cache?.invalidateAll(erased.ratedProducts);
  const images = erased.images.filter((image) => PERSONALIZATION_IMAGE_PATH.test(image));
  const named = new Set<string>();
  if (images.length) {
    const inCarts = sql<string>`${cartItems.personalization}->>'image'`;
    const inOrders = sql<string>`${orderItems.personalization}->>'image'`;
    for (const rows of [
      await db.select({ image: inCarts }).from(cartItems).where(inArray(inCarts, images)),
      await db.select({ image: inOrders }).from(orderItems).where(inArray(inOrders, images)),
    ]) {
      for (const row of rows) named.add(row.image);
    }
  }
  const attachments = createAttachmentStore(files);
  const removals: Array<[key: string, remove: () => Promise<void>]> = [
    ...erased.attachments.map((stored): [string, () => Promise<void>] => [
      attachmentKey(stored),
      () => attachments.remove(stored),
    ]),
    ...erased.reviewPhotos
      .filter((key) => REVIEW_PHOTO_KEY.test(key))
      .map((key): [string, () => Promise<void>] => [key, () => files.remove(key)]),
    ...images
      .filter((image) => !named.has(image))
      .map((image): [string, () => Promise<void>] => [
        uploadKey(image),
        () => files.remove(uploadKey(image)),
      ]),
  ];
  await Promise.all(
    removals.map(([file, remove]) =>
      remove().catch((err: unknown) =>
        logError('KVKK silme: dosya silinemedi', { file, error: String(err) }),
      ),
    ),
  );
}
