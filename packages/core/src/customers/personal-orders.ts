import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  contactMessages,
  couponUses,
  mailQueue,
  orderItems,
  orderNotes,
  orders,
  stockAlerts,
} from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';

/**
 * The orders of a person, for the KVKK export and the erasure on request that staff run: the account's own
 * orders and the guest orders placed with the account's e-mail address (stored as typed at checkout, so
 * compared in lower case like the account's). Staff check who asks before either, so the address is theirs;
 * the customer's own export and deletion do not reach guest orders (an account proves no address).
 */
export const ordersOfPerson = (customerId: number, email: string): SQL =>
  or(
    eq(orders.customerId, customerId),
    and(isNull(orders.customerId), sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`),
  )!;

/** An order as the person's KVKK export gives it: what was bought, to whom, where, for how much. */
export interface PersonalOrder {
  orderNo: string;
  placedAt: string;
  /** Placed without an account, with the account's e-mail address. */
  guest: boolean;
  status: number;
  email: string;
  phone: string;
  paymentMethod: string;
  totalMinor: number;
  shippingAddress: unknown;
  billingAddress: unknown;
  note: string;
  lines: Array<{
    name: string;
    sku: string;
    quantity: number;
    lineTotalMinor: number;
    options: Record<string, string>;
    personalization: unknown;
  }>;
}

export async function exportPersonalOrders(
  db: Db,
  customerId: number,
  email: string,
): Promise<PersonalOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(ordersOfPerson(customerId, email))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map((o) => ({
    orderNo: o.orderNo,
    placedAt: o.createdAt.toISOString(),
    guest: o.customerId === null,
    status: o.status,
    email: o.email,
    phone: o.phone,
    paymentMethod: o.paymentMethod,
    totalMinor: Number(o.totalMinor),
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    note: o.note,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        name: l.name,
        sku: l.sku,
        quantity: l.quantity,
        lineTotalMinor: Number(l.lineTotalMinor),
        options: l.options,
        personalization: l.personalization,
      })),
  }));
}

/** The personal fields of an order's address, blanked (jsonb `||` keeps the others). */
const ANONYMOUS_ADDRESS = JSON.stringify({
  firstName: 'Silinmiş',
  lastName: '',
  phone: '',
  line: '',
  postcode: null,
  tcKimlikNo: null,
  companyName: null,
  taxNumber: null,
  taxOffice: null,
});

/** An invoice's buyer keeps what the invoice shows; only the phone, which it does not, goes. */
const INVOICE_ADDRESS = JSON.stringify({ phone: '' });

/**
 * States from which an order has been handed to the carrier: its goods were delivered to the buyer's
 * account, so its invoice (e-Arşiv / e-Fatura, issued at the latest then) exists.
 */
const INVOICED_STATES = [2, 3, 4, 5];

/**
 * Anonymises the person in their orders (`ordersOfPerson`), in the erasure's transaction: the e-mail,
 * phone, the order note, the delivery address, the personalization of the lines (names, wishes, an image
 * path) and the staff's notes on the order go; the order number, lines, amounts, VAT and payments stay for
 * the books.
 *
 * The billing address of an order that was invoiced (it reached Kargoya Verildi) keeps the invoice's legal
 * fields: VUK (Vergi Usul Kanunu) art. 230 has the buyer's name or unvan, address, tax office and VKN / TCKN
 * on the invoice, and art. 253 keeps invoices for five years, which KVKK art. 5/2(ç) (a legal obligation)
 * allows. An order never invoiced (cancelled, failed or not shipped yet) has its billing person blanked too,
 * province and district kept (no one is named by them). The coupon uses are re-keyed to the erased address,
 * so a limit per customer still counts them. Returns the personalization images the lines named (paths under
 * the uploads), for the caller to delete after the commit.
 */
export async function anonymisePersonalOrders(
  tx: Tx,
  person: { customerId: number; email: string },
  erasedAddress: string,
  at: Date,
): Promise<string[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(ordersOfPerson(person.customerId, person.email));
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const image = sql<string | null>`${orderItems.personalization}->>'image'`;
  const images = await tx
    .select({ image })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, ids), isNotNull(image)));
  // Written out: in an UPDATE's SET Drizzle leaves columns unqualified, and `id` would be the history's.
  const invoiced = sql`exists (select 1 from "order_history" h where h.order_id = "orders"."id" and h.to_status in (${sql.join(
    INVOICED_STATES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
  await tx
    .update(orders)
    .set({
      email: erasedAddress,
      phone: '',
      note: '',
      shippingAddress: sql`case when ${orders.shippingAddress} is null then null else ${orders.shippingAddress} || ${ANONYMOUS_ADDRESS}::jsonb end`,
      billingAddress: sql`${orders.billingAddress} || (case when ${invoiced} then ${INVOICE_ADDRESS} else ${ANONYMOUS_ADDRESS} end)::jsonb`,
      updatedAt: at,
    })
    .where(inArray(orders.id, ids));
  await tx.update(orderItems).set({ personalization: null }).where(inArray(orderItems.orderId, ids));
  await tx.delete(orderNotes).where(inArray(orderNotes.orderId, ids));
  await tx.update(couponUses).set({ email: erasedAddress }).where(inArray(couponUses.orderId, ids));
  return images.flatMap((r) => (r.image ? [r.image] : []));
}

/**
 * The rows keyed by the person's e-mail address outside the orders: contact form messages, "gelince haber
 * ver" requests and the e-mails queued or kept for them (their bodies hold names, addresses, links). Deleted.
 */
export async function erasePersonalMail(tx: Tx, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${address}`);
  await tx.delete(stockAlerts).where(sql`lower(${stockAlerts.email}) = ${address}`);
  await tx.delete(mailQueue).where(sql`lower(${mailQueue.toAddress}) = ${address}`);
}
