import { eq } from 'drizzle-orm';
import { reviews } from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';
import { recountRatings } from './rating.ts';

/** What a customer's erased reviews leave for after the commit: their photos and the products whose ratings changed. */
export interface ErasedReviews {
  /** Store keys (`uploads/reviews/…`). */
  reviewPhotos: string[];
  /** Products that lost an approved review: their caches are dropped after the commit. */
  ratedProducts: number[];
}

/**
 * Deletes a customer's reviews in the erasure's transaction (KVKK: a review carries its writer's name and
 * words, so it goes rather than staying as "Silinmiş kullanıcı"), and recounts the ratings of the products
 * that lost an approved one in the same transaction.
 */
export async function eraseReviews(tx: Tx, customerId: number): Promise<ErasedReviews> {
  const gone = await tx
    .delete(reviews)
    .where(eq(reviews.customerId, customerId))
    .returning({ productId: reviews.productId, status: reviews.status, photos: reviews.photos });
  const ratedProducts = [...new Set(gone.filter((r) => r.status === 'approved').map((r) => r.productId))];
  await recountRatings(tx, ratedProducts);
  return { reviewPhotos: gone.flatMap((r) => r.photos), ratedProducts };
}
