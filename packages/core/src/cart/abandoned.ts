import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cartItems, carts, orderItems, personalizationUploads } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.ts';
import { uploadKey } from '../storage/keys.ts';
import { PERSONALIZATION_IMAGE_PATH } from './personalization.ts';

/**
 * A guest cart lives as long as its cookie: this many days after the cart was made or last added to (the
 * cookie is sent again then). After that nobody can reach it.
 */
export const GUEST_CART_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A personalization image is uploaded just before its line is added to the cart; one that no line names an
 * hour later was never used (or its line, cart or order is gone). Short, because uploads are anonymous and
 * each one takes room in the disk budget until the purge has looked at it.
 */
export const UNUSED_IMAGE_GRACE_MS = 60 * 60 * 1000;
/** Image paths looked up per query (a bound parameter each). */
const LOOKUP_BATCH = 500;

/** Deletes the guest carts (with their lines) whose cookie has expired; returns how many. */
export async function deleteExpiredGuestCarts(db: Db, at: Date): Promise<number> {
  const cutoff = new Date(at.getTime() - GUEST_CART_DAYS * DAY_MS);
  const gone = await db
    .delete(carts)
    .where(and(isNull(carts.customerId), lt(carts.updatedAt, cutoff)))
    .returning({ id: carts.id });
  return gone.length;
}

/**
 * Deletes personalization images (the store's `uploads/personalization/*`) that are older than an hour and
 * that no cart line or order line names: photos a shopper uploaded and then did not buy are personal data with
 * no purpose left (KVKK). Files the upload endpoint could not have made are left alone. The uploads older than
 * that leave the upload quota and disk budget (`uploads.ts`): deleted, or kept for the line that uses them.
 * Returns how many were deleted. The caller runs it on one node at a time (`CartService.purgeAbandoned`).
 *
 * An image uploaded more than an hour before its line is added may be deleted just before; adding it then
 * answers KISISELLESTIRME_GECERSIZ and asks for the image again.
 */
export async function deleteUnusedPersonalizationImages(db: Db, files: FileStore, at: Date): Promise<number> {
  const cutoff = at.getTime() - UNUSED_IMAGE_GRACE_MS;
  await db.delete(personalizationUploads).where(lt(personalizationUploads.createdAt, new Date(cutoff)));
  const prefix = uploadKey('personalization/');
  const old: string[] = [];
  for await (const file of files.list(prefix)) {
    const image = file.key.slice('uploads/'.length);
    if (PERSONALIZATION_IMAGE_PATH.test(image) && file.modified.getTime() < cutoff) old.push(image);
  }

  const inCarts = sql<string>`${cartItems.personalization}->>'image'`;
  const inOrders = sql<string>`${orderItems.personalization}->>'image'`;
  let deleted = 0;
  for (let i = 0; i < old.length; i += LOOKUP_BATCH) {
    const batch = old.slice(i, i + LOOKUP_BATCH);
    const used = new Set(
      [
        ...(await db.select({ image: inCarts }).from(cartItems).where(inArray(inCarts, batch))),
        ...(await db.select({ image: inOrders }).from(orderItems).where(inArray(inOrders, batch))),
      ].map((row) => row.image),
    );
    for (const image of batch) {
      if (used.has(image)) continue;
      await files.remove(uploadKey(image));
      deleted += 1;
    }
  }
  return deleted;
}
