import { eq, sql } from 'drizzle-orm';
import {
  addresses,
  carts,
  customers,
  orders,
  passwordResets,
  sessions,
  supportMessages,
  supportTickets,
  wishlistItems,
} from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';
import { UNUSABLE_PASSWORD_HASH } from './passwords.ts';

/** The address an erased account's e-mail becomes: unique per row (the index), and no one's mailbox. */
export const erasedEmail = (customerId: number) => `deleted-${customerId}@invalid`;

/**
 * Erases an account's personal data in the caller's transaction. The row stays, for the orders the law
 * requires to keep; addresses, sessions and reset links go. The customer's own deletion stops there; the
 * erasure on request that staff run (`everything`) also removes the cart, favourites and support tickets,
 * and anonymises the person in the orders (e-mail, phone, names, street line, TC kimlik no) while their
 * amounts, lines, VAT and the province and district of the invoice stay. Returns the support attachments'
 * paths (under `DATA_DIR/private`), for the caller to remove once the transaction has committed.
 */
export async function eraseAccount(
  tx: Tx,
  row: { id: number; marketingConsent: boolean },
  at: Date,
  { everything = false }: { everything?: boolean } = {},
): Promise<string[]> {
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
  await tx.delete(addresses).where(eq(addresses.customerId, row.id));
  await tx.delete(sessions).where(eq(sessions.customerId, row.id));
  await tx.delete(passwordResets).where(eq(passwordResets.customerId, row.id));
  if (!everything) return [];
  await tx.delete(carts).where(eq(carts.customerId, row.id));
  await tx.delete(wishlistItems).where(eq(wishlistItems.customerId, row.id));
  const files = await tx
    .select({ path: supportMessages.attachmentPath })
    .from(supportMessages)
    .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
    .where(eq(supportTickets.customerId, row.id));
  await tx.delete(supportTickets).where(eq(supportTickets.customerId, row.id));
  await tx
    .update(orders)
    .set({
      email: erasedEmail(row.id),
      phone: '',
      shippingAddress: sql`case when ${orders.shippingAddress} is null then null else ${orders.shippingAddress} || ${ANONYMOUS_ADDRESS}::jsonb end`,
      billingAddress: sql`${orders.billingAddress} || ${ANONYMOUS_ADDRESS}::jsonb`,
      updatedAt: at,
    })
    .where(eq(orders.customerId, row.id));
  return files.flatMap((f) => (f.path ? [f.path] : []));
}

/** The personal fields of an order's address, blanked (jsonb `||` keeps the others). */
const ANONYMOUS_ADDRESS = JSON.stringify({
  firstName: 'Silinmiş',
  lastName: '',
  phone: '',
  line: '',
  postcode: null,
  tcKimlikNo: null,
});
