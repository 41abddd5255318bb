import {
  CUSTOMER_DETAIL_ROWS,
  CUSTOMERS_PER_PAGE,
  type CustomerDetail,
  type CustomerEraseData,
  type CustomerListAnswer,
  type CustomerListFilter,
  type CustomerRow,
  type CustomerUpdateData,
} from '@vitrin/shared/api/admin/customers';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { customers, orders, sessions, supportTickets } from '../db/schema.ts';
import { stateView } from '../orders/queries.ts';
import type { Tx } from '../orders/stock.ts';
import { statusView as ticketStatusView } from '../support/queries.ts';
import { listAddresses } from './addresses.ts';
import { eraseAccount } from './erase.ts';
import { type ErasedFilesOptions, removeErasedFiles } from './erased-files.ts';
import {
  accountErased,
  customerNotFound,
  disabledNoLink,
  noGuestOrdersToLink,
  wrongConfirmation,
} from './errors.ts';
import type { GuestOrderLinks } from './guest-orders.ts';
import { exportPersonalOrders, type PersonalOrder } from './personal-orders.ts';
import { type ProfileRow, profileColumns } from './service.ts';

export interface CustomerAdminOptions extends ErasedFilesOptions {
  /** The guest orders' linking e-mail, which staff may send from a customer's page. */
  guestOrders: GuestOrderLinks;
  now?: () => Date;
}

/** Guest orders of an address (stored as typed at checkout; the account's is lower case), not linked. */
const guestOrdersOf = (email: string) =>
  and(isNull(orders.customerId), sql`lower(${orders.email}) = ${email}`);

/** Lower case with the Turkish letters as ASCII, as `foldTurkish` makes the query (PGlite has no ICU). */
const folded = (column: SQL) => sql`lower(translate(${column}, 'ÇĞİIÖŞÜçğıöşü', 'CGIIOSUcgiosu'))`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Written out: Drizzle leaves columns in a select's own SQL unqualified, and `id` would be the order's.
const orderCount = sql<number>`(select count(*)::int from "orders" where "orders"."customer_id" = "customers"."id")`;

const rowColumns = {
  ...profileColumns,
  disabledAt: customers.disabledAt,
  deletedAt: customers.deletedAt,
  createdAt: customers.createdAt,
  orderCount,
};
type Row = ProfileRow & {
  disabledAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
  orderCount: number;
};

const toRow = (r: Row): CustomerRow => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone ?? '',
  wholesale: r.wholesale,
  disabled: r.disabledAt !== null,
  erased: r.deletedAt !== null,
  orderCount: Number(r.orderCount),
  createdAt: r.createdAt.toISOString(),
});

/**
 * What a query matches: every word in the name or e-mail, Turkish letters folded (`sukru` finds `Şükrü`), or
 * its digits in the phone number (`0532 123` finds `+90532123…`).
 */
function matching(q: string): SQL | undefined {
  const words = foldTurkish(q).split(' ').filter(Boolean);
  const text = folded(
    sql`${customers.firstName} || ' ' || ${customers.lastName} || ' ' || ${customers.email}`,
  );
  const conditions = words.map((w) => sql`${text} like ${likePattern(w)}`);
  const nameOrEmail = conditions.length ? and(...conditions) : undefined;
  const digits = q.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length < 3 || /[^\d\s+()-]/.test(q)) return nameOrEmail;
  const phone = sql`coalesce(${customers.phone}, '') like ${likePattern(digits)}`;
  return nameOrEmail ? sql`(${nameOrEmail} or ${phone})` : phone;
}

/**
 * Customers as staff see them in the panel: the search, one customer with their orders, addresses and
 * tickets, and the changes staff make (wholesale prices, disabling, the erasure on request), each recorded
 * in the audit log in its own transaction.
 */
export function createCustomerAdmin(db: Db, options: CustomerAdminOptions) {
  const now = options.now ?? (() => new Date());

  /** The account's row locked for a change; refused when unknown or already erased. */
  async function lockLive(tx: Tx, id: number) {
    const [row] = await tx
      .select({
        id: customers.id,
        email: customers.email,
        firstName: customers.firstName,
        wholesale: customers.wholesale,
        marketingConsent: customers.marketingConsent,
        disabledAt: customers.disabledAt,
        deletedAt: customers.deletedAt,
      })
      .from(customers)
      .where(eq(customers.id, id))
      .for('update');
    if (!row) throw customerNotFound();
    if (row.deletedAt) throw accountErased();
    return row;
  }

  const orderColumns = {
    orderNo: orders.orderNo,
    status: orders.status,
    totalMinor: orders.totalMinor,
    createdAt: orders.createdAt,
  };
  type OrderRow = { orderNo: string; status: number; totalMinor: number | string; createdAt: Date };
  const orderView = (o: OrderRow) => ({
    orderNo: o.orderNo,
    status: stateView(o.status),
    totalMinor: Number(o.totalMinor),
    createdAt: o.createdAt.toISOString(),
  });

  async function find(id: number): Promise<Row> {
    const [row] = await db.select(rowColumns).from(customers).where(eq(customers.id, id));
    if (!row) throw customerNotFound();
    return row as Row;
  }

  return {
    /** One page of customers, newest first; `q` searches names, e-mails and phone numbers. */
    async list({ q, page }: CustomerListFilter): Promise<CustomerListAnswer> {
      const where = q ? matching(q) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select(rowColumns)
          .from(customers)
          .where(where)
          .orderBy(desc(customers.createdAt), desc(customers.id))
          .limit(CUSTOMERS_PER_PAGE)
          .offset((page - 1) * CUSTOMERS_PER_PAGE),
        db.select({ n: count() }).from(customers).where(where),
      ]);
      const total = counted?.n ?? 0;
      return {
        items: (rows as Row[]).map(toRow),
        page,
        perPage: CUSTOMERS_PER_PAGE,
        total,
        pageCount: Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE)),
      };
    },

    async detail(id: number): Promise<CustomerDetail> {
      const row = await find(id);
      const [addressList, orderRows, guestRows, ticketRows] = await Promise.all([
        listAddresses(db, id),
        db
          .select(orderColumns)
          .from(orders)
          .where(eq(orders.customerId, id))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(CUSTOMER_DETAIL_ROWS),
        // An erased account's address is gone: nothing of another person's can match it.
        row.deletedAt
          ? []
          : db
              .select(orderColumns)
              .from(orders)
              .where(guestOrdersOf(row.email))
              .orderBy(desc(orders.createdAt), desc(orders.id))
              .limit(CUSTOMER_DETAIL_ROWS),
        db
          .select({
            ticketNo: supportTickets.ticketNo,
            subject: supportTickets.subject,
            status: supportTickets.status,
            updatedAt: supportTickets.updatedAt,
          })
          .from(supportTickets)
          .where(eq(supportTickets.customerId, id))
          .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
          .limit(CUSTOMER_DETAIL_ROWS),
      ]);
      return {
        ...toRow(row),
        marketingConsent: row.marketingConsent,
        disabledAt: row.disabledAt?.toISOString() ?? null,
        erasedAt: row.deletedAt?.toISOString() ?? null,
        addresses: addressList,
        orders: orderRows.map(orderView),
        guestOrders: guestRows.map(orderView),
        tickets: ticketRows.map((t) => ({
          ticketNo: t.ticketNo,
          subject: t.subject,
          status: ticketStatusView(t.status),
          updatedAt: t.updatedAt.toISOString(),
        })),
      };
    },

    /** Wholesale prices on or off, the account disabled (its sessions end) or enabled again. */
    async update(actor: AuditActor, id: number, data: CustomerUpdateData): Promise<CustomerDetail> {
      const at = now();
      await db.transaction(async (tx) => {
        const before = await lockLive(tx, id);
        const wholesale = data.wholesale ?? before.wholesale;
        const disabled = data.disabled ?? before.disabledAt !== null;
        const disabledAt = disabled ? (before.disabledAt ?? at) : null;
        await tx.update(customers).set({ wholesale, disabledAt, updatedAt: at }).where(eq(customers.id, id));
        if (disabled) await tx.delete(sessions).where(eq(sessions.customerId, id));
        await recordAudit(tx, {
          actor,
          action: 'customer.update',
          entity: 'customer',
          entityId: id,
          before: { wholesale: before.wholesale, disabled: before.disabledAt !== null },
          after: { wholesale, disabled },
        });
      });
      return this.detail(id);
    },

    /**
     * E-mails the customer the link that adds the guest orders of their address to the account (the one the
     * orders page sends, `guest-orders.ts`): queued in the transaction that records it in the audit log,
     * within the same hourly allowance. Refused when nothing waits, or the account cannot log in to use it.
     */
    async sendGuestOrdersLink(actor: AuditActor, id: number): Promise<{ count: number }> {
      const queueLink = await options.guestOrders.staffLink();
      const n = await db.transaction(async (tx) => {
        const row = await lockLive(tx, id);
        if (row.disabledAt) throw disabledNoLink();
        const [counted] = await tx.select({ n: count() }).from(orders).where(guestOrdersOf(row.email));
        const waiting = counted?.n ?? 0;
        if (waiting === 0) throw noGuestOrdersToLink();
        await queueLink(tx, id, row, waiting);
        await recordAudit(tx, {
          actor,
          action: 'customer.guestOrdersLink',
          entity: 'customer',
          entityId: id,
          after: { guestOrders: waiting },
        });
        return waiting;
      });
      options.guestOrders.sent();
      return { count: n };
    },

    /**
     * The orders of the KVKK export staff hand out on request: the account's and the guest orders placed
     * with its e-mail address, with their personal data (`personal-orders.ts`).
     */
    async exportOrders(id: number): Promise<PersonalOrder[]> {
      const row = await find(id);
      if (row.deletedAt) throw accountErased();
      return exportPersonalOrders(db, id, row.email);
    },

    /**
     * Wholesale prices on or off for the account of `email` (the CLI's `customer wholesale`), audited as
     * the panel's change is; HESAP_BULUNAMADI for an unknown or erased address.
     */
    async setWholesale(actor: AuditActor, email: string, on: boolean): Promise<CustomerDetail> {
      const normalized = email.trim().toLowerCase();
      const [row] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.email, normalized), isNull(customers.deletedAt)));
      if (!row) throw customerNotFound(normalized);
      return this.update(actor, row.id, { wholesale: on });
    },

    /**
     * The erasure on request (KVKK): confirmed by the customer's e-mail typed again. The account's personal
     * data goes, its orders stay with the person anonymised (`erase.ts`); the audit entry names the account
     * by its number only.
     */
    async erase(actor: AuditActor, id: number, { confirm }: CustomerEraseData): Promise<CustomerDetail> {
      const at = now();
      const files = await db.transaction(async (tx) => {
        const row = await lockLive(tx, id);
        if (foldTurkish(confirm) !== foldTurkish(row.email)) throw wrongConfirmation();
        const paths = await eraseAccount(tx, row, at, { everything: true });
        await recordAudit(tx, {
          actor,
          action: 'customer.erase',
          entity: 'customer',
          entityId: id,
          before: { erased: false },
          after: { erased: true },
        });
        return paths;
      });
      await removeErasedFiles(db, files, options);
      return this.detail(id);
    },
  };
}

export type CustomerAdmin = ReturnType<typeof createCustomerAdmin>;
