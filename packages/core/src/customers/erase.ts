import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  addresses,
  cartItems,
  carts,
  customers,
  passwordResets,
  sessions,
  supportMessages,
  supportTickets,
  wishlistItems,
} from '../db/schema.ts';
import { clearUntrusted, revokeDevices } from '../login-guard/guard.ts';
import type { Tx } from '../orders/stock.ts';
import { type ErasedReviews, eraseReviews } from '../reviews/erase.ts';
import { detachConsents } from './consent.ts';
import { UNUSABLE_PASSWORD_HASH } from './passwords.ts';
import { anonymisePersonalOrders, erasePersonalMail } from './personal-orders.ts';

/** The address an erased account's e-mail becomes: unique per row (the index), and no one's mailbox. */
export const erasedEmail = (customerId: number) => `deleted-${customerId}@invalid`;

/** Files named by the rows an erasure removed or anonymised, as the rows name them (and the review photos). */
export interface ErasedFiles extends ErasedReviews {
  /** Support ticket attachments (`support/…`, the store's `private/support/…`). */
  attachments: string[];
  /** Personalization images of cart and order lines (`personalization/…`, the store's `uploads/personalization/…`). */
  images: string[];
}

/**
 * Erases an account's personal data in the caller's transaction. The row stays, for the orders the law
 * requires to keep; addresses, sessions, device cookies, the address's login count, reset links and reviews (with their photos) go. The
 * customer's own deletion stops there; the erasure on request that staff run (`everything`) also removes the cart, favourites and support tickets
 * (their messages and files), anonymises the person in the account's orders and in the guest orders placed
 * with its e-mail address (`personal-orders.ts`: amounts, lines and VAT stay, an invoiced order's billing
 * fields too), and deletes the contact messages, stock alerts and queued e-mails of that address. Returns
 * the files the erased rows named, for the caller to remove from the shop's store after the commit
 * (`erased-files.ts`): the support attachments (its private area) and the personalization images of the
 * cart's and orders' lines (its uploads).
 */
export async function eraseAccount(
  tx: Tx,
  row: { id: number; email: string; marketingConsent: boolean },
  at: Date,
  { everything = false }: { everything?: boolean } = {},
): Promise<ErasedFiles> {
  await tx
    .update(customers)
    .set({
      firstName: 'Silinmiş',
      lastName: '',
      email: erasedEmail(row.id),
      phone: null,
      passwordHash: UNUSABLE_PASSWORD_HASH,
      wholesale: false,
      marketingConsent: false,
      // Withdrawn now, if it was given.
      ...(row.marketingConsent ? { marketingConsentAt: at } : {}),
      deletedAt: at,
      updatedAt: at,
    })
    .where(eq(customers.id, row.id));
  await detachConsents(tx, row, at);
  await tx.delete(addresses).where(eq(addresses.customerId, row.id));
  await tx.delete(sessions).where(eq(sessions.customerId, row.id));
  await revokeDevices(tx, 'customer', row.id);
  await clearUntrusted(tx, 'customer', row.email);
  await tx.delete(passwordResets).where(eq(passwordResets.customerId, row.id));
  // Reviews go with either erasure: they carry the writer's name and words.
  const reviewed = await eraseReviews(tx, row.id);
  if (!everything) return { attachments: [], images: [], ...reviewed };
  const cartImage = sql<string | null>`${cartItems.personalization}->>'image'`;
  const inCart = await tx
    .select({ image: cartImage })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.customerId, row.id), isNotNull(cartImage)));
  await tx.delete(carts).where(eq(carts.customerId, row.id));
  await tx.delete(wishlistItems).where(eq(wishlistItems.customerId, row.id));
  const files = await tx
    .select({ path: supportMessages.attachmentPath })
    .from(supportMessages)
    .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
    .where(eq(supportTickets.customerId, row.id));
  await tx.delete(supportTickets).where(eq(supportTickets.customerId, row.id));
  const inOrders = await anonymisePersonalOrders(
    tx,
    { customerId: row.id, email: row.email },
    erasedEmail(row.id),
    at,
  );
  await erasePersonalMail(tx, row.email);
  return {
    attachments: files.flatMap((f) => (f.path ? [f.path] : [])),
    images: [...new Set([...inCart.flatMap((r) => (r.image ? [r.image] : [])), ...inOrders])],
    ...reviewed,
  };
}
