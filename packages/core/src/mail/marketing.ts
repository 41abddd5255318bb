import { and, eq, isNull } from 'drizzle-orm';
import { unsubscribeTokenOf } from '../customers/consent.ts';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';
import { enqueueMail } from './queue.ts';
import type { EmailContent } from './templates.ts';

/** What a marketing mail's template gets: the recipient's first name and the one-click unsubscribe link. */
export interface MarketingRecipient {
  firstName: string;
  unsubscribeUrl: string;
}

/** The unsubscribe link of a customer's marketing mails: `{PUBLIC_URL}/unsubscribe/{token}`. */
export const unsubscribeUrl = (shopUrl: string, token: string) =>
  `${shopUrl.replace(/\/+$/, '')}/unsubscribe/${token}`;

/** RFC 2369 and RFC 8058: the mail provider's own "unsubscribe" button posts to the link, no login. */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * Queues a marketing mail (an abandoned cart's reminder, a review request) to a customer in the caller's
 * transaction, only while the customer's e-mail consent is given: the customer's row is locked first, so an
 * unsubscribe that commits meanwhile is seen (it waits, or this waits for it). The template gets the
 * unsubscribe link for its footer; the headers carry it for the mail provider. Returns the queue row's id, or
 * null when the customer has no consent (or is gone): nothing is queued then.
 */
export async function enqueueMarketingMail(
  tx: Tx | Db,
  input: {
    kind: string;
    customerId: number;
    shopUrl: string;
    compose: (recipient: MarketingRecipient) => EmailContent;
  },
): Promise<number | null> {
  const [row] = await tx
    .select({
      email: customers.email,
      firstName: customers.firstName,
      consent: customers.marketingConsent,
    })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), isNull(customers.deletedAt)))
    .for('update');
  if (!row?.consent) return null;
  const url = unsubscribeUrl(input.shopUrl, await unsubscribeTokenOf(tx, input.customerId));
  const content = input.compose({ firstName: row.firstName, unsubscribeUrl: url });
  return enqueueMail(tx as Db, {
    kind: input.kind,
    to: row.email,
    ...content,
    headers: unsubscribeHeaders(url),
  });
}
