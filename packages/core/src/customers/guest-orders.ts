import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers, mailQueue, orders } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { enqueueMail, type MailQueue } from '../mail/queue.ts';
import { guestOrdersEmail } from '../mail/templates.ts';
import { orderError } from '../orders/errors.ts';
import type { Secret } from '../orders/secrets.ts';
import type { Tx } from '../orders/stock.ts';

/** How long the e-mailed link works. */
export const GUEST_LINK_VALID_HOURS = 24;

/** Links mailed to one address in an hour: a shopper needs one, more would let a stranger flood the address. */
export const LINKS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;
const MAIL_KIND = 'guest-orders-link';

export interface GuestOrderLinkOptions {
  secret: Secret;
  /** The durable e-mail queue the link goes through. */
  mail: MailQueue;
  shopUrl: string;
  shopName: () => Promise<string>;
  now?: () => Date;
}

const invalidLink = () =>
  orderError(
    'BAGLANTI_GECERSIZ',
    'Bu bağlantı geçersiz ya da süresi dolmuş. Siparişlerim sayfasından yeni bir bağlantı isteyebilirsiniz.',
  );

/**
 * Guest orders of a customer's e-mail address, added to the account only after the customer proves the
 * address is theirs by opening a link sent to it: an account opened with someone else's address (nobody
 * checks it at registration) must never show that person's orders, addresses and T.C. kimlik no.
 *
 * The link is stateless: an HMAC over the account, its current e-mail and an expiry. It stops working when
 * it expires or the account's e-mail changes; opening it twice links nothing more (the orders already are).
 */
export function createGuestOrderLinks(db: Db, options: GuestOrderLinkOptions) {
  const now = options.now ?? (() => new Date());
  const shopUrl = options.shopUrl.replace(/\/+$/, '');

  const signature = (key: Buffer, customerId: number, email: string, expires: number) =>
    createHmac('sha256', key).update(`guest-orders\n${customerId}\n${email}\n${expires}`).digest();

  async function accountOf(customerId: number) {
    const [row] = await db
      .select({ email: customers.email, firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!row) throw invalidLink();
    return row;
  }

  // Order e-mails are stored as typed at checkout; the account's is lowercased.
  const guestOrdersOf = (email: string) =>
    and(isNull(orders.customerId), sql`lower(${orders.email}) = ${email}`);

  async function waiting(email: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(orders).where(guestOrdersOf(email));
    return row?.n ?? 0;
  }

  /** Queues the link; it goes with the queue's next round, started at once. */
  async function sendLink(message: MailMessage): Promise<void> {
    await enqueueMail(db, { kind: MAIL_KIND, ...message });
    options.mail.kick();
  }

  async function recentLinks(email: string, tx: Tx | Db = db): Promise<number> {
    const since = new Date(now().getTime() - HOUR_MS);
    const [row] = await tx
      .select({ n: count() })
      .from(mailQueue)
      .where(
        and(eq(mailQueue.kind, MAIL_KIND), eq(mailQueue.toAddress, email), gt(mailQueue.createdAt, since)),
      );
    return row?.n ?? 0;
  }

  /** The link's e-mail to the account's address, naming `n` orders, refused past LINKS_PER_HOUR. */
  async function linkMessage(
    tx: Tx | Db,
    customerId: number,
    account: { email: string; firstName: string },
    n: number,
    byStaff: boolean,
    shopName: string,
  ): Promise<MailMessage> {
    if ((await recentLinks(account.email, tx)) >= LINKS_PER_HOUR) {
      throw orderError(
        'COK_FAZLA_ISTEK',
        byStaff
          ? 'Son bir saatte bu adrese yeterince bağlantı gönderildi; müşterinin e-postasını kontrol etmesini isteyin ya da bir saat sonra yeniden deneyin.'
          : 'Son bir saatte bu adrese yeterince bağlantı gönderdik; lütfen e-postanızı kontrol edin ya da bir saat sonra yeniden deneyin.',
      );
    }
    const expires = Math.floor(now().getTime() / 1000) + GUEST_LINK_VALID_HOURS * 3600;
    const mac = signature(await options.secret.ready(), customerId, account.email, expires);
    const token = `${expires}.${mac.toString('base64url')}`;
    return {
      to: account.email,
      ...guestOrdersEmail({
        shopName,
        firstName: account.firstName,
        count: n,
        linkUrl: `${shopUrl}/panel/orders?baglanti=${encodeURIComponent(token)}`,
        validHours: GUEST_LINK_VALID_HOURS,
        byStaff,
      }),
    };
  }

  return {
    /** Guest orders placed with the customer's e-mail address that the account does not show yet. */
    async count(customerId: number): Promise<number> {
      return waiting((await accountOf(customerId)).email);
    },

    /** E-mails the link to the account's address when there is something to link; the count either way. */
    async requestLink(customerId: number): Promise<number> {
      const account = await accountOf(customerId);
      const n = await waiting(account.email);
      if (n === 0) return 0;
      await sendLink(await linkMessage(db, customerId, account, n, false, await options.shopName()));
      return n;
    },

    /**
     * The same link sent by staff from the panel: what the e-mail needs from outside the caller's transaction
     * (the shop's name, from the settings) is read first, then the returned function queues the link in `tx`,
     * the transaction that records it (the caller locked the account and counted its `n` guest orders);
     * `sent()` starts the queue after the commit. Read inside the transaction, the name could need the
     * database while the transaction holds it: the embedded database would wait for itself for ever.
     */
    async staffLink() {
      const shopName = await options.shopName();
      return async (tx: Tx, customerId: number, account: { email: string; firstName: string }, n: number) => {
        await enqueueMail(tx, {
          kind: MAIL_KIND,
          ...(await linkMessage(tx, customerId, account, n, true, shopName)),
        });
      };
    },
    sent: () => options.mail.kick(),

    /** Adds the guest orders of the account's address to it if `token` is this account's valid link. */
    async confirm(customerId: number, token: string): Promise<number> {
      const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!match) throw invalidLink();
      const expires = Number(match[1]);
      if (expires * 1000 < now().getTime()) throw invalidLink();
      const account = await accountOf(customerId);
      // The link's text is compared, not its decoded bytes: base64url ignores the last character's low
      // bits, so a decoded comparison would accept a changed link.
      const expected = Buffer.from(
        signature(await options.secret.ready(), customerId, account.email, expires).toString('base64url'),
      );
      const given = Buffer.from(match[2]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidLink();
      const linked = await db
        .update(orders)
        .set({ customerId })
        .where(guestOrdersOf(account.email))
        .returning({ id: orders.id });
      return linked.length;
    },
  };
}

export type GuestOrderLinks = ReturnType<typeof createGuestOrderLinks>;
