/**
 * What the server gives the `/wishlist` and `/compare` pages in the load context (types only, no zod).
 * Both lists are this request's: the logged-in customer's favourites or the guest cookie's, and the compare
 * cookie. The changes serve the pages' plain form posts (without JavaScript: a product's heart or compare
 * button adds, the list page's buttons remove); answers carry the new cookie.
 */
import type { Result } from './account-context.ts';
import type { CompareView, WishlistView } from './wishlist.ts';

export interface WishlistContext {
  view(): Promise<WishlistView>;
  add(productId: string): Promise<Result<WishlistView>>;
  remove(productId: string): Promise<Result<WishlistView>>;
  compare(): Promise<CompareView>;
  addToCompare(productId: string): Promise<Result<CompareView>>;
  removeFromCompare(productId: string): Promise<Result<CompareView>>;
}
