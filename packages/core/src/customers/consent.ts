import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers, marketingConsents } from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';
import { isTokenShaped, newToken } from './tokens.ts';

/** İYS's source code for a consent given or withdrawn through the shop's own web pages and links. */
export const CONSENT_SOURCE_WEB = 'HS_WEB';

/** Where a consent was given or withdrawn, as the proof row names it (Turkish, as İYS is shown it). */
export const CONSENT_DETAIL = {
  register: 'Üyelik formu',
  account: 'Hesap bilgileri',
  unsubscribe: 'E-postadaki abonelikten çıkma bağlantısı',
  erasure: 'Hesabın silinmesi',
} as const;
export type ConsentDetail = (typeof CONSENT_DETAIL)[keyof typeof CONSENT_DETAIL];

/** How a change of consent came in: the form or link, and the address it came from. */
export interface ConsentOrigin {
  detail: ConsentDetail;
  ip?: string | null | undefined;
}

/** One proof row, as the customer's data export shows it. */
export interface ConsentRecord {
  channel: 'email' | 'sms';
  granted: boolean;
  recipient: string;
  source: string;
  detail: string;
  ip: string | null;
  at: string;
}

/** Writes one proof row (never updated) in the caller's transaction. */
export async function recordConsent(
  tx: Tx | Db,
  row: { customerId: number; recipient: string; granted: boolean; at: Date } & ConsentOrigin,
): Promise<void> {
  await tx.insert(marketingConsents).values({
    customerId: row.customerId,
    recipient: row.recipient,
    channel: 'email',
    granted: row.granted,
    source: CONSENT_SOURCE_WEB,
    detail: row.detail,
    ip: row.ip ?? null,
    createdAt: row.at,
  });
}

/**
 * Sets the customer's e-mail marketing consent and, when the answer changes, writes its proof row, in the
 * caller's transaction (the same one: the state and its proof commit together). Returns whether it changed,
 * or undefined for an unknown or erased account.
 */
export async function changeConsent(
  tx: Tx | Db,
  customerId: number,
  granted: boolean,
  origin: ConsentOrigin,
  at: Date,
): Promise<boolean | undefined> {
  const [row] = await tx
    .select({ email: customers.email, consent: customers.marketingConsent })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .for('update');
  if (!row) return undefined;
  if (row.consent === granted) return false;
  await tx
    .update(customers)
    .set({ marketingConsent: granted, marketingConsentAt: at, updatedAt: at })
    .where(eq(customers.id, customerId));
  await recordConsent(tx, { customerId, recipient: row.email, granted, at, ...origin });
  return true;
}

/** The customer's proof rows, oldest first (their own only: the data export and the account). */
export async function consentHistory(db: Db, customerId: number): Promise<ConsentRecord[]> {
  const rows = await db
    .select()
    .from(marketingConsents)
    .where(eq(marketingConsents.customerId, customerId))
    .orderBy(asc(marketingConsents.createdAt), asc(marketingConsents.id));
  return rows.map((r) => ({
    channel: r.channel,
    granted: r.granted,
    recipient: r.recipient,
    source: r.source,
    detail: r.detail,
    ip: r.ip,
    at: r.createdAt.toISOString(),
  }));
}

/**
 * The customer's unsubscribe token, made (32 random bytes) with the first marketing mail and kept: every
 * later mail carries the same link, so an old mail's link still works.
 */
export async function unsubscribeTokenOf(tx: Tx | Db, customerId: number): Promise<string> {
  const [row] = await tx
    .update(customers)
    .set({ unsubscribeToken: sql`coalesce(${customers.unsubscribeToken}, ${newToken()})` })
    .where(eq(customers.id, customerId))
    .returning({ token: customers.unsubscribeToken });
  return row!.token!;
}

/**
 * The unsubscribe link (the page, or a mail provider's one-click POST): withdraws the e-mail consent of the
 * token's customer at once, with its proof row. Idempotent: a second visit changes nothing and answers the
 * same. Undefined for an unknown token (or an erased account, whose token is gone).
 */
export async function unsubscribe(
  db: Db,
  token: unknown,
  meta: { ip?: string | null | undefined; at: Date },
): Promise<{ withdrawn: boolean } | undefined> {
  if (!isTokenShaped(token)) return undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.unsubscribeToken, token), isNull(customers.deletedAt)));
    if (!row) return undefined;
    const changed = await changeConsent(
      tx,
      row.id,
      false,
      { detail: CONSENT_DETAIL.unsubscribe, ip: meta.ip },
      meta.at,
    );
    return { withdrawn: changed === true };
  });
}

/**
 * At an account's erasure: a consent still given is withdrawn with its proof row, and the proof rows are
 * detached from the account but kept (the shop must be able to show İYS when and how a message was allowed
 * for the address; they name only the address and the IP). The unsubscribe token goes with the account.
 */
export async function detachConsents(
  tx: Tx,
  row: { id: number; email: string; marketingConsent: boolean },
  at: Date,
): Promise<void> {
  if (row.marketingConsent) {
    await recordConsent(tx, {
      customerId: row.id,
      recipient: row.email,
      granted: false,
      at,
      detail: CONSENT_DETAIL.erasure,
    });
  }
  await tx
    .update(marketingConsents)
    .set({ customerId: null })
    .where(eq(marketingConsents.customerId, row.id));
  await tx.update(customers).set({ unsubscribeToken: null }).where(eq(customers.id, row.id));
}
