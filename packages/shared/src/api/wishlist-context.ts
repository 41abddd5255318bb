/**
 * What the server gives the `/wishlist` and `/compare` pages in the load context (types only, no zod).
 * Both lists are this request's: the logged-in customer's favourites or the guest cookie's, and the compare
 * cookie. The removals serve the pages' plain form posts (without JavaScript); answers carry the new cookie.
 */
import type { Result } from './account-context.ts';
import type { CompareView, WishlistView } from './wishlist.ts';

export interface WishlistContext {
  view(): Promise<WishlistView>;
  remove(productId: string): Promise<Result<WishlistView>>;
  compare(): Promise<CompareView>;
  removeFromCompare(productId: string): Promise<Result<CompareView>>;
}
