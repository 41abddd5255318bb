import { eq, type SQL } from 'drizzle-orm';
import { hashToken, isTokenShaped } from '../customers/tokens.ts';
import { carts } from '../db/schema.ts';

/**
 * Whose cart: a logged-in customer's (one per account), or a guest's, found by the random token of the
 * `vitrin_cart` cookie (or the `X-Cart-Token` header of an API client). Only the token's SHA-256 is stored.
 */
export type CartOwner = { customerId: number } | { token: string };

/** Who is shopping: prices (wholesale) and per-customer coupon limits depend on it. */
export interface Shopper {
  customerId: number | null;
  /** Lowercased; null for a guest before checkout. */
  email: string | null;
  wholesale: boolean;
}

export const GUEST: Shopper = { customerId: null, email: null, wholesale: false };

/** The owner's columns for a new cart, or null for a token that cannot be one of ours. */
export function ownerValues(owner: CartOwner): { customerId: number } | { tokenHash: string } | null {
  if ('customerId' in owner) return { customerId: owner.customerId };
  return isTokenShaped(owner.token) ? { tokenHash: hashToken(owner.token) } : null;
}

/** The WHERE condition that finds the owner's cart, or null when no cart can match. */
export function ownerCondition(owner: CartOwner): SQL | null {
  const values = ownerValues(owner);
  if (!values) return null;
  return 'customerId' in values
    ? eq(carts.customerId, values.customerId)
    : eq(carts.tokenHash, values.tokenHash);
}

/** A stable description of the owner for request hashes: never the raw token. */
export function ownerKey(owner: CartOwner): string {
  const values = ownerValues(owner);
  if (!values) return 'none';
  return 'customerId' in values ? `customer:${values.customerId}` : `guest:${values.tokenHash}`;
}
