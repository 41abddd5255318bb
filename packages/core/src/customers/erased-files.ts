import { rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { PERSONALIZATION_IMAGE_PATH } from '../cart/personalization.ts';
import type { Db } from '../db/client.ts';
import { cartItems, orderItems } from '../db/schema.ts';
import type { ErasedFiles } from './erase.ts';

export interface ErasedFileDirs {
  /** `DATA_DIR/private`: support ticket attachments. */
  privateDir: string;
  /** `DATA_DIR/uploads`: personalization images. */
  uploadsDir: string;
  /** Told of a file that could not be removed; the erasure stands (it is committed), the file waits. */
  logError?: (message: string, fields: Record<string, unknown>) => void;
}

/**
 * Removes the files an erasure's rows named, after its commit. A personalization image another cart or order
 * line still names stays (the hourly purge of unused images deletes it once none does); a path the upload
 * endpoint could not have made is never touched. A file that cannot be removed is logged, not thrown: the
 * customer's data is already gone from the database and the purge tries the images again.
 */
export async function removeErasedFiles(db: Db, files: ErasedFiles, dirs: ErasedFileDirs): Promise<void> {
  const logError = dirs.logError ?? ((message, fields) => console.error(message, fields));
  const images = files.images.filter((image) => PERSONALIZATION_IMAGE_PATH.test(image));
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
  const paths = [
    ...files.attachments.map((f) => path.join(dirs.privateDir, f)),
    ...images.filter((image) => !named.has(image)).map((image) => path.join(dirs.uploadsDir, image)),
  ];
  await Promise.all(
    paths.map((file) =>
      rm(file, { force: true }).catch((err: unknown) =>
        logError('KVKK silme: dosya silinemedi', { file, error: String(err) }),
      ),
    ),
  );
}
