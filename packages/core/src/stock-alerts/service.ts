import { stockAlertInput } from '@vitrin/shared/api/stock-alerts';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import { fieldMessages } from '@vitrin/shared/zod';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { rows } from '../catalog/rows.ts';
import { hashToken, isTokenShaped, newToken } from '../customers/tokens.ts';
import type { Db } from '../db/client.ts';
import { mailQueue, products, productVariants, stockAlerts } from '../db/schema.ts';
import { sqlCode } from '../db/sql-code.ts';
import { DomainError, invalidRequest } from '../errors.ts';
import { enqueueMail, type MailQueue } from '../mail/queue.ts';
import type { SettingsService } from '../settings/service.ts';
import { backInStockEmail, stockAlertConfirmEmail } from './mails.ts';

/** How long the confirmation link works; an alert never confirmed is forgotten after it (KVKK). */
export const CONFIRM_VALID_DAYS = 7;
const DAY_MS = 86_400_000;

export interface StockAlertOptions {
  mail: MailQueue;
  settings: SettingsService;
  shopUrl: string;
  now?: () => Date;
}

const productGone = () => new DomainError(404, 'URUN_BULUNAMADI', 'Ürün bulunamadı.');
const inStockNow = () =>
  new DomainError(409, 'STOKTA_VAR', 'Bu ürün şu anda stokta; hemen sepete ekleyebilirsiniz.');
/** Confirmation mails to one address in an hour: enough for a shopper, too few to flood someone's inbox. */
export const REQUESTS_PER_ADDRESS_HOUR = 5;
const HOUR_MS = 3_600_000;
const CONFIRM_KIND = 'stock-alert-confirm';
const tooMany = () =>
  new DomainError(
    429,
    'COK_FAZLA_ISTEK',
    'Bu e-posta adresi için çok fazla bildirim isteği geldi; lütfen bir saat sonra yeniden deneyin.',
  );
const invalidConfirmation = () =>
  new DomainError(
    400,
    'ONAY_GECERSIZ',
    'Bu onay bağlantısı geçersiz ya da süresi dolmuş. Ürün sayfasından yeniden "Gelince haber ver" diyebilirsiniz.',
  );

/** Whether what the alert names can be bought now: SQL over `p` (products) and `v` (the variant or null). */
const AVAILABLE = sql`p.is_active and case
  when v.id is not null then v.is_active and v.stock > 0
  when p.stock_type = ${sqlCode(STOCK_TYPE.Variant)} then exists (select 1 from product_variants av where av.product_id = p.id and av.is_active and av.stock > 0)
  else p.stock is null or p.stock > 0 end`;

/**
 * "Gelince haber ver". A request stores the wish unconfirmed and mails a link; only a confirmed wish gets
 * the one e-mail, when a round finds the product (or the variant) in stock again. Rounds run every minute on
 * each app node and claim their alerts with `FOR UPDATE SKIP LOCKED`, so whatever refilled the stock (the
 * CLI, a cancelled order, the admin) and however many nodes run, each shopper gets the mail once. The mails
 * go through the durable queue, written in the round's transaction.
 */
export function createStockAlertService(db: Db, options: StockAlertOptions) {
  const { mail, settings } = options;
  const now = options.now ?? (() => new Date());
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<unknown> | null = null;

  async function target(productId: number, variantId: number | undefined) {
    const [row] = await rows<{ name: string; slug: string; available: boolean }>(
      db,
      sql`
      select p.name, p.slug, (${AVAILABLE}) as available
      from products p left join product_variants v on v.id = ${variantId ?? null}::int and v.product_id = p.id
      where p.id = ${productId} and p.is_active`,
    );
    if (!row || (variantId !== undefined && !(await variantExists(productId, variantId))))
      throw productGone();
    return row;
  }

  async function variantExists(productId: number, variantId: number) {
    const [v] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
    return v !== undefined;
  }

  return {
    /** Stores the wish and mails the confirmation link. Refuses a product that is in stock (409 STOKTA_VAR). */
    async request(input: unknown): Promise<void> {
      const parsed = stockAlertInput.safeParse(input ?? {});
      if (!parsed.success) {
        throw invalidRequest(fieldMessages(parsed.error));
      }
      const { productId, variantId, email } = parsed.data;
      const product = await target(productId, variantId);
      if (product.available) throw inStockNow();
      // Counted in the mail queue: a new request replaces the unconfirmed row of the last one.
      const [recent] = await db
        .select({ n: count() })
        .from(mailQueue)
        .where(
          and(
            eq(mailQueue.kind, CONFIRM_KIND),
            eq(mailQueue.toAddress, email),
            gt(mailQueue.createdAt, new Date(now().getTime() - HOUR_MS)),
          ),
        );
      if ((recent?.n ?? 0) >= REQUESTS_PER_ADDRESS_HOUR) throw tooMany();
      const token = newToken();
      const shopName = await settings.get('brand_name');
      const at = now();
      await db.transaction(async (tx) => {
        // A new request replaces an unconfirmed one for the same thing: only the newest link works.
        await tx
          .delete(stockAlerts)
          .where(
            and(
              eq(stockAlerts.email, email),
              eq(stockAlerts.productId, productId),
              variantId === undefined ? isNull(stockAlerts.variantId) : eq(stockAlerts.variantId, variantId),
              isNull(stockAlerts.confirmedAt),
            ),
          );
        await tx.insert(stockAlerts).values({
          productId,
          variantId: variantId ?? null,
          email,
          tokenHash: hashToken(token),
          consentAt: at,
          createdAt: at,
        });
        await enqueueMail(tx as Db, {
          kind: CONFIRM_KIND,
          to: email,
          ...stockAlertConfirmEmail({
            shopName,
            productName: product.name,
            confirmUrl: `${shopUrl}/product/${product.slug}?stok-bildirimi=${token}`,
            validDays: CONFIRM_VALID_DAYS,
          }),
        });
      });
      mail.kick();
    },

    /** The link of the confirmation mail: the wish counts from now on. The product's slug, for the way back. */
    async confirm(token: unknown): Promise<{ slug: string }> {
      if (!isTokenShaped(token)) throw invalidConfirmation();
      const since = new Date(now().getTime() - CONFIRM_VALID_DAYS * DAY_MS);
      const [row] = await db
        .update(stockAlerts)
        .set({ confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, ${now()})` })
        .where(and(eq(stockAlerts.tokenHash, hashToken(token)), gt(stockAlerts.createdAt, since)))
        .returning({ productId: stockAlerts.productId });
      if (!row) throw invalidConfirmation();
      const [product] = await db
        .select({ slug: products.slug })
        .from(products)
        .where(eq(products.id, row.productId));
      return { slug: product!.slug };
    },

    notifyRestocked,

    /** A round every `intervalMs` (the server). */
    start(intervalMs = 60_000): void {
      const round = () => {
        // A slow round is not overlapped by the next: they would only skip each other's locked rows.
        running ??= notifyRestocked()
          .catch((err: unknown) => console.error('stock alert round failed', err))
          .finally(() => {
            running = null;
          });
      };
      timer ??= setInterval(round, intervalMs);
      timer.unref();
    },
    /** No more rounds; resolves once the one under way (and the mails it queues) is written. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };

  /** One round: mails every confirmed wish whose product is in stock again, once. How many went. */
  async function notifyRestocked(): Promise<number> {
    const shopName = await settings.get('brand_name');
    const sent = await db.transaction(async (tx) => {
      const due = await rows<{ id: number; email: string; name: string; slug: string }>(
        tx as Db,
        sql`
          select a.id, a.email, p.name, p.slug
          from stock_alerts a
          join products p on p.id = a.product_id
          left join product_variants v on v.id = a.variant_id
          where a.confirmed_at is not null and a.notified_at is null and ${AVAILABLE}
          order by a.id limit 200
          for update of a skip locked`,
      );
      for (const alert of due) {
        await enqueueMail(tx as Db, {
          kind: 'back-in-stock',
          to: alert.email,
          ...backInStockEmail({
            shopName,
            productName: alert.name,
            productUrl: `${shopUrl}/product/${alert.slug}`,
          }),
        });
      }
      if (due.length) {
        await tx.execute(
          sql`update stock_alerts set notified_at = ${now()} where id in (${sql.join(
            due.map((a) => sql`${a.id}`),
            sql`, `,
          )})`,
        );
      }
      // Unconfirmed wishes past their link's life are personal data kept for nothing.
      await tx.execute(
        sql`delete from stock_alerts where confirmed_at is null and created_at < ${new Date(now().getTime() - CONFIRM_VALID_DAYS * DAY_MS)}`,
      );
      return due.length;
    });
    if (sent) mail.kick();
    return sent;
  }
}

export type StockAlertService = ReturnType<typeof createStockAlertService>;
