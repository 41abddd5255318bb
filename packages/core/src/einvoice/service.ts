import type { InvoiceView } from '@vitrin/shared/api/admin/invoices';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Database } from '../db/client.ts';
import { withClusterLock } from '../db/cluster-lock.ts';
import { orderHistory, orderInvoices, orderItems, orderNotes, orders, payments } from '../db/schema.ts';
import { DomainError, isDomainError } from '../errors.ts';
import { createHealth } from '../jobs/health.ts';
import { createRounds } from '../jobs/rounds.ts';
import { orderInvoiceEmail } from '../mail/order-templates.ts';
import { enqueueMail } from '../mail/queue.ts';
import { signAccess } from '../orders/access.ts';
import { findOrder, type OrderRow } from '../orders/queries.ts';
import { createSecret } from '../orders/secrets.ts';
import type { SettingsService } from '../settings/service.ts';
import type { FileStore } from '../storage/file-store.ts';
import {
  type EInvoiceProvider,
  type InvoiceBuyer,
  type InvoiceProgress,
  type InvoiceRequest,
  isRetryableEInvoiceError,
} from './einvoice.ts';
import { invoiceLines } from './lines.ts';
import { turkishDate } from './parasut/index.ts';
import { type EInvoiceEnv, type EInvoiceTuning, einvoiceFromEnv } from './providers.ts';
import { invoicePdfPath } from './setting.ts';

export {
  einvoiceSettingRefusal,
  enqueueInvoice,
  invoiceOnCancel,
  invoicePdfPath,
  missingLegalDetails,
} from './setting.ts';

/**
 * Orders' e-invoices (issue 42): a durable job per order (`order_invoices`, one row per order), written in the
 * transaction of the order's move to 2 "Kargoya Verildi" while `einvoice_provider` is `parasut`, or on demand
 * from the panel. A round every minute (one node at a time) issues the rows due through the provider step by
 * step, storing the provider's progress after every step, so a retry resumes where the last one stopped and
 * never makes a second invoice. The integrator away: the row stays `pending` with its last error and the next
 * attempt after a back-off (1 minute, doubling up to an hour); a refusal that trying again cannot mend leaves
 * it `failed` for the owner (`vitrin einvoice retry`). The PDF is downloaded once into the file store
 * (`private/invoices/…`) and served by the shop; the integrator's link lasts an hour.
 */

export type InvoiceRow = typeof orderInvoices.$inferSelect;

export const EINVOICE_ROUND_MS = 60_000;
const LOCK = 'einvoice-round';
const CLAIM_MS = 5 * 60_000;
const BATCH = 20;
/** 1 minute, 2, 4 … at most an hour: the first retry well within 5 minutes. */
export const invoiceBackoffMs = (attempts: number) =>
  Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

/** Paraşüt's name among the outside services whose health the panel shows. */
const SERVICE = 'einvoice_parasut';

const einvoiceRefusal = (status: number, code: string, message: string) =>
  new DomainError(status, code, message);

export const invoiceKey = (orderNo: string) => `private/invoices/${orderNo}.pdf`;

const PLATFORMS: Record<string, string> = { iyzico: 'iyzico', paytr: 'PayTR' };

export interface EInvoicingOptions {
  settings: Pick<SettingsService, 'get' | 'all'>;
  files: FileStore;
  env: EInvoiceEnv;
  tuning?: EInvoiceTuning;
  shopUrl: string;
  now?: () => Date;
  /** Told after a commit that queued an e-mail (the invoice's), to send it now rather than at the next round. */
  onMailQueued?: () => void;
  /** Where a round's failure that is not the integrator's goes (the server's log). */
  onError?: (err: unknown) => void;
}

export interface InvoiceRoundSummary {
  ran: boolean;
  issued: number;
  failed: number;
}

export function createEInvoicing(database: Database, options: EInvoicingOptions) {
  const { db } = database;
  const now = options.now ?? (() => new Date());
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  let reportError = options.onError ?? (() => {});
  let cached: EInvoiceProvider | { missing: string } | undefined;
  const provider = () => {
    cached ??= einvoiceFromEnv('parasut', options.env, options.tuning ?? {});
    return cached;
  };

  // The guest order links' key: the invoice e-mail's links work without logging in, as the order e-mails'.
  const orderAccess = createSecret(db, 'order_access');

  const recorder = createHealth(db, now);
  const health = {
    ok: () => recorder.ok(SERVICE),
    error: (message: string) => recorder.error(SERVICE, message),
  };

  async function rowOf(orderId: number) {
    const [row] = await db.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId));
    return row;
  }

  function view(row: InvoiceRow, orderNo: string): InvoiceView {
    const reversal = (row.progress as InvoiceProgress).reversal;
    return {
      reversal: reversal
        ? {
            reason: reversal.reason,
            kind: reversal.kind ?? null,
            done: reversal.done === true,
            number: reversal.billNumber ?? null,
          }
        : null,
      status: row.status,
      number: row.invoiceNumber,
      type: row.documentType,
      pdfUrl: row.pdfKey ? `/api/admin/orders/${encodeURIComponent(orderNo)}/einvoice.pdf` : null,
      lastError: row.lastError,
      attempts: row.attempts,
    };
  }

  /** The invoice request of an order, from what the order copied in at checkout. */
  async function requestOf(order: OrderRow): Promise<InvoiceRequest> {
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const lines = invoiceLines({
      lines: items.map((i) => {
        const options = Object.values(i.options ?? {}).join(', ');
        const own = i.quantity * i.unitPriceMinor - i.lineTotalMinor;
        return {
          sku: i.sku,
          name: options ? `${i.name} (${options})` : i.name,
          quantity: i.quantity,
          unitGrossMinor: i.unitPriceMinor,
          vatRate: i.vatRate,
          ...(own > 0 ? { discountMinor: own } : {}),
        };
      }),
      discountMinor: order.discountMinor,
      shippingMinor: order.shippingMinor,
      codFeeMinor: order.codFeeMinor,
      instalmentFeeMinor: order.instalmentFeeMinor,
      totalMinor: order.totalMinor,
    });
    const a = order.billingAddress;
    const person = `${a.firstName} ${a.lastName}`.trim();
    const buyer: InvoiceBuyer =
      a.billingType === 'corporate'
        ? {
            kind: 'company',
            name: a.companyName?.trim() || person,
            taxNumber: a.taxNumber ?? '',
            taxOffice: a.taxOffice ?? '',
            email: order.email,
            phone: a.phone || order.phone,
            city: a.province,
            district: a.district,
            address: a.line,
            ...(a.postcode ? { postalCode: a.postcode } : {}),
          }
        : {
            kind: 'person',
            name: person,
            // The law allows 11111111111 when the shopper gave no TCKN.
            taxNumber: a.tcKimlikNo?.trim() || '11111111111',
            email: order.email,
            phone: a.phone || order.phone,
            city: a.province,
            district: a.district,
            address: a.line,
            ...(a.postcode ? { postalCode: a.postcode } : {}),
          };
    let payment: InvoiceRequest['payment'];
    if (order.paymentMethod === 'cod') payment = { type: 'cod' };
    // A marketplace's sale: the marketplace collected the money as a payment intermediary.
    else if (order.paymentMethod === 'marketplace')
      payment = { type: 'intermediary', platform: 'Trendyol', date: order.createdAt };
    else if (order.paymentMethod === 'card') {
      const [paid] = await db
        .select({ provider: payments.provider, completedAt: payments.completedAt })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')))
        .orderBy(desc(payments.completedAt))
        .limit(1);
      payment = {
        type: 'card',
        ...(paid ? { platform: PLATFORMS[paid.provider] ?? paid.provider } : {}),
        date: paid?.completedAt ?? order.createdAt,
      };
    } else {
      // A transfer: the day the owner marked it received (the move to Hazırlanıyor), else the order's.
      const [marked] = await db
        .select({ at: orderHistory.createdAt })
        .from(orderHistory)
        .where(and(eq(orderHistory.orderId, order.id), eq(orderHistory.toStatus, ORDER_STATE.Preparing)))
        .orderBy(asc(orderHistory.createdAt))
        .limit(1);
      payment = { type: 'transfer', date: marked?.at ?? order.createdAt };
    }
    return {
      orderNumber: order.orderNo,
      orderDate: order.createdAt,
      issueDate: now(),
      buyer,
      lines,
      totalMinor: order.totalMinor,
      payment,
      shopUrl,
    };
  }

  /** Takes a due row for this call (null when another holds it or it is not due). */
  async function claim(id: number, force = false): Promise<InvoiceRow | null> {
    const at = now();
    const [row] = await db
      .update(orderInvoices)
      .set({ claimedUntil: new Date(at.getTime() + CLAIM_MS), updatedAt: at })
      .where(
        and(
          eq(orderInvoices.id, id),
          eq(orderInvoices.status, 'pending'),
          or(isNull(orderInvoices.claimedUntil), lte(orderInvoices.claimedUntil, at)),
          ...(force ? [] : [or(isNull(orderInvoices.nextAttemptAt), lte(orderInvoices.nextAttemptAt, at))]),
        ),
      )
      .returning();
    return row ?? null;
  }

  async function fail(row: InvoiceRow, err: unknown) {
    const message = isDomainError(err)
      ? err.message
      : 'Fatura düzenlenirken beklenmeyen bir hata oluştu; bir sonraki turda yeniden denenecek.';
    const retry = !isDomainError(err) || isRetryableEInvoiceError(err);
    const attempts = row.attempts + 1;
    const retryAt = isDomainError(err) ? err.retryAt : undefined;
    const next = new Date(Math.max(retryAt?.getTime() ?? 0, now().getTime() + invoiceBackoffMs(attempts)));
    if (isDomainError(err) && err.code.startsWith('FATURA_')) await health.error(message);
    await db
      .update(orderInvoices)
      .set({
        attempts,
        lastError: message,
        status: retry ? 'pending' : 'failed',
        nextAttemptAt: retry ? next : null,
        claimedUntil: null,
        updatedAt: now(),
      })
      .where(eq(orderInvoices.id, row.id));
    if (!isDomainError(err)) reportError(err);
  }

  /** The PDF from the integrator's link (a fresh one when it has expired), into the file store. */
  async function storePdf(p: EInvoiceProvider, orderNo: string, progress: InvoiceProgress) {
    let url = progress.pdfUrl;
    if (!url || !progress.pdfExpiresAt || Date.parse(progress.pdfExpiresAt) <= now().getTime() + 60_000) {
      url = (await p.pdf(progress.documentType!, progress.documentId!)).url;
    }
    let body: Buffer;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      body = Buffer.from(await res.arrayBuffer());
    } catch (cause) {
      throw new DomainError(
        503,
        'FATURA_ULASILAMIYOR',
        'Faturanın PDF dosyası indirilemedi; yeniden denenecek.',
        undefined,
        {
          cause,
        },
      );
    }
    const key = invoiceKey(orderNo);
    await options.files.put(key, body);
    return key;
  }

  /**
   * The shopper's "Faturanız kesildi" e-mail with the shop's link to the PDF (null for a marketplace order:
   * the marketplace writes to its buyers).
   */
  async function invoiceMail(order: OrderRow, progress: InvoiceProgress) {
    if (order.paymentMethod === 'marketplace') return null;
    const secret = await orderAccess.ready();
    const token = signAccess(secret, order.orderNo);
    const forCustomer = order.customerId !== null;
    const orderUrl = forCustomer
      ? `${shopUrl}/panel/orders/${encodeURIComponent(order.orderNo)}`
      : `${shopUrl}/order-success?order=${encodeURIComponent(order.orderNo)}&token=${encodeURIComponent(token)}`;
    return {
      kind: 'order-invoice',
      to: order.email,
      ...orderInvoiceEmail(order, {
        shopName: await options.settings.get('brand_name'),
        forCustomer,
        orderUrl,
        firstName: order.billingAddress.firstName,
        invoiceNumber: progress.invoiceNumber!,
        type: progress.documentType!,
        invoicePdfUrl: `${shopUrl}${invoicePdfPath(order.orderNo, token)}`,
      }),
    };
  }

  /**
   * Undoes an issued e-Arşiv whose order was cancelled or refunded: cancelled at the integrator when it is
   * still the day it was issued (Türkiye's day), otherwise a return document. The kind is stored before the
   * first call, so a retry after an outage carries on with the same and the integrator's look-up keeps it
   * to one document.
   */
  async function reverse(row: InvoiceRow, order: OrderRow, p: EInvoiceProvider) {
    let progress = row.progress as InvoiceProgress;
    let reversal = progress.reversal!;
    if (!reversal.kind) {
      const issuedOn = turkishDate(row.issuedAt ?? now());
      reversal = { ...reversal, kind: issuedOn === turkishDate(now()) ? 'cancel' : 'return' };
      progress = { ...progress, reversal };
      await db.update(orderInvoices).set({ progress, updatedAt: now() }).where(eq(orderInvoices.id, row.id));
    }
    let note: string;
    if (reversal.kind === 'cancel') {
      await p.cancel(progress);
      note = `Bu siparişin e-Arşiv faturası (${row.invoiceNumber ?? 'numara yok'}) kesildiği gün Paraşüt'te iptal edildi.`;
    } else {
      const request = await requestOf(order);
      const bill = await p.refund(request, progress);
      reversal = { ...reversal, ...bill };
      note = `Bu siparişin e-Arşiv faturasına (${row.invoiceNumber ?? 'numara yok'}) Paraşüt'te iade faturası kesildi (${bill.billNumber}).`;
    }
    await health.ok();
    await db.transaction(async (tx) => {
      await tx
        .update(orderInvoices)
        .set({
          status: reversal.kind === 'cancel' ? 'cancelled' : 'issued',
          progress: { ...progress, reversal: { ...reversal, done: true } },
          lastError: null,
          nextAttemptAt: null,
          claimedUntil: null,
          updatedAt: now(),
        })
        .where(eq(orderInvoices.id, row.id));
      await tx.insert(orderNotes).values({ orderId: order.id, staffId: null, body: note });
    });
  }

  /** Issues one claimed row as far as it goes (or undoes it); its outcome recorded on the row. */
  async function run(row: InvoiceRow): Promise<'issued' | 'failed'> {
    const order = await findOrder(db, row.orderId);
    const p = provider();
    try {
      if (!order) throw einvoiceRefusal(404, 'SIPARIS_BULUNAMADI', 'Sipariş bulunamadı.');
      if ('missing' in p) throw new DomainError(409, 'FATURA_ULASILAMIYOR', p.missing);
      if ((row.progress as InvoiceProgress).reversal) {
        await reverse(row, order, p);
        return 'issued';
      }
      let progress = row.progress as InvoiceProgress;
      if (progress.step !== 'pdf' || !progress.invoiceNumber) {
        const request = await requestOf(order);
        await p.issue(request, progress, async (next) => {
          progress = next;
          await db
            .update(orderInvoices)
            .set({
              progress: next,
              ...(next.documentType ? { documentType: next.documentType } : {}),
              ...(next.invoiceNumber ? { invoiceNumber: next.invoiceNumber } : {}),
              updatedAt: now(),
            })
            .where(eq(orderInvoices.id, row.id));
        });
      }
      await health.ok();
      const pdfKey = await storePdf(p, order.orderNo, progress);
      // Read before the transaction opens (the embedded database has one connection).
      const mail = await invoiceMail(order, progress);
      await db.transaction(async (tx) => {
        const [marked] = await tx
          .update(orderInvoices)
          .set({
            status: 'issued',
            progress,
            invoiceNumber: progress.invoiceNumber!,
            documentType: progress.documentType!,
            pdfKey,
            lastError: null,
            nextAttemptAt: null,
            claimedUntil: null,
            issuedAt: now(),
            updatedAt: now(),
          })
          .where(and(eq(orderInvoices.id, row.id), eq(orderInvoices.status, 'pending')))
          .returning({ id: orderInvoices.id });
        // The shopper's e-mail, queued with the mark: once, whoever marks it.
        if (marked && mail) await enqueueMail(tx, mail);
      });
      if (mail) options.onMailQueued?.();
      return 'issued';
    } catch (err) {
      // Progress already stored step by step; only the outcome is written here.
      const [fresh] = await db.select().from(orderInvoices).where(eq(orderInvoices.id, row.id));
      await fail(fresh ?? row, err);
      return 'failed';
    }
  }

  /**
   * A waiting or failed row tried now (the owner's request, the CLI's retry): a failed one waits again first,
   * as the owner has fixed its cause; a row a round holds is left to it.
   */
  async function tryNow(row: InvoiceRow): Promise<void> {
    if (row.status !== 'pending' && row.status !== 'failed') return;
    if (row.status === 'failed')
      await db
        .update(orderInvoices)
        .set({ status: 'pending', nextAttemptAt: null, updatedAt: now() })
        .where(and(eq(orderInvoices.id, row.id), eq(orderInvoices.status, 'failed')));
    const claimed = await claim(row.id, true);
    if (claimed) await run(claimed);
  }

  async function orderByNumber(orderNo: string) {
    if (!/^[A-Za-z0-9-]{1,40}$/.test(orderNo))
      throw einvoiceRefusal(400, 'GECERSIZ_SIPARIS_NO', 'Sipariş numarası geçersiz.');
    const order = await findOrder(db, orderNo);
    if (!order) throw einvoiceRefusal(404, 'SIPARIS_BULUNAMADI', 'Sipariş bulunamadı.');
    return order;
  }

  const rounds = createRounds(() => einvoicing.round());

  const einvoicing = {
    /** The order's invoice as the panel shows it, or null (404 for an unknown order). */
    async view(orderNo: string): Promise<InvoiceView | null> {
      const order = await orderByNumber(orderNo);
      const row = await rowOf(order.id);
      return row ? view(row, order.orderNo) : null;
    },

    /**
     * The shopper's link to the order's PDF once stored (`/api/front/orders/{no}/invoice`, the guest link's
     * token kept), or null. For an order the caller has already shown the viewer may see.
     */
    async shopperPdfUrl(orderNo: string, token?: string | null): Promise<string | null> {
      const order = await findOrder(db, orderNo);
      const row = order ? await rowOf(order.id) : undefined;
      if (!order || !row?.pdfKey) return null;
      return invoicePdfPath(order.orderNo, token);
    },

    /** The stored PDF's bytes (404 FATURA_PDF_YOK when there is none yet). */
    async pdf(orderNo: string): Promise<Buffer> {
      const order = await orderByNumber(orderNo);
      const row = await rowOf(order.id);
      const body = row?.pdfKey ? await options.files.readBytes(row.pdfKey) : undefined;
      if (!body) throw einvoiceRefusal(404, 'FATURA_PDF_YOK', 'Bu siparişin fatura PDF dosyası henüz yok.');
      return body;
    },

    /**
     * The panel's "Fatura kes": the order's invoice job (written once; `created` on the first call) tried
     * now. 409 EFATURA_KAPALI while e-invoicing is off.
     */
    async request(actor: AuditActor, orderNo: string): Promise<{ created: boolean; invoice: InvoiceView }> {
      const order = await orderByNumber(orderNo);
      if ((await options.settings.get('einvoice_provider')) !== 'parasut')
        throw einvoiceRefusal(
          409,
          'EFATURA_KAPALI',
          'E-fatura kapalı (einvoice_provider: none): ayarlardan Paraşüt seçilmeden fatura kesilemez.',
        );
      const status = order.status as number;
      if (status === ORDER_STATE.Cancelled || status === ORDER_STATE.PaymentFailed)
        throw einvoiceRefusal(
          409,
          'FATURA_KESILEMEZ',
          'İptal edilmiş ya da ödemesi alınamamış siparişe fatura kesilemez.',
        );
      if (order.paymentMethod !== 'cod' && order.paymentStatus !== 'paid')
        throw einvoiceRefusal(409, 'FATURA_KESILEMEZ', 'Ödemesi alınmamış siparişe fatura kesilemez.');
      const created = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(orderInvoices)
          .values({ orderId: order.id, provider: 'parasut' })
          .onConflictDoNothing()
          .returning({ id: orderInvoices.id });
        if (inserted.length)
          await recordAudit(tx, {
            actor,
            action: 'order.invoice',
            entity: 'order',
            entityId: order.orderNo,
          });
        return inserted.length > 0;
      });
      // Tried now, first time or not (a row waiting for its back-off, or failed, too).
      await tryNow((await rowOf(order.id))!);
      return { created, invoice: view((await rowOf(order.id))!, order.orderNo) };
    },

    /** One due row issued now (a test's, the round's step). */
    async runDue(orderNo: string, force = false): Promise<'issued' | 'failed' | 'skipped'> {
      const row = await rowOf((await orderByNumber(orderNo)).id);
      const claimed = row ? await claim(row.id, force) : null;
      return claimed ? run(claimed) : 'skipped';
    },

    /** One round over the rows due, on one node at a time. Never throws. */
    async round(): Promise<InvoiceRoundSummary> {
      const result = await withClusterLock(database, LOCK, async () => {
        const summary = { ran: true, issued: 0, failed: 0 };
        // Turned off: the rows wait (the CLI's retry still issues one by hand).
        if ((await options.settings.get('einvoice_provider')) !== 'parasut') return summary;
        const at = now();
        const due = await db
          .select({ id: orderInvoices.id })
          .from(orderInvoices)
          .where(
            and(
              eq(orderInvoices.status, 'pending'),
              or(isNull(orderInvoices.nextAttemptAt), lte(orderInvoices.nextAttemptAt, at)),
              or(isNull(orderInvoices.claimedUntil), lte(orderInvoices.claimedUntil, at)),
            ),
          )
          .orderBy(asc(orderInvoices.nextAttemptAt), asc(orderInvoices.id))
          .limit(BATCH);
        for (const { id } of due) {
          try {
            const claimed = await claim(id);
            if (!claimed) continue;
            if ((await run(claimed)) === 'issued') summary.issued++;
            else summary.failed++;
          } catch (err) {
            summary.failed++;
            reportError(err);
          }
        }
        return summary;
      }).catch((err: unknown) => {
        reportError(err);
        return { ran: false } as const;
      });
      return result.ran ? result.value : { ran: false, issued: 0, failed: 0 };
    },

    /** The CLI's list: newest first; `failed` only those that need the owner. */
    async list(filter: { failed?: boolean } = {}) {
      return db
        .select({
          orderNo: orders.orderNo,
          status: orderInvoices.status,
          number: orderInvoices.invoiceNumber,
          type: orderInvoices.documentType,
          attempts: orderInvoices.attempts,
          lastError: orderInvoices.lastError,
          nextAttemptAt: orderInvoices.nextAttemptAt,
        })
        .from(orderInvoices)
        .innerJoin(orders, eq(orders.id, orderInvoices.orderId))
        .where(filter.failed ? eq(orderInvoices.status, 'failed') : undefined)
        .orderBy(desc(orderInvoices.id))
        .limit(500);
    },

    /** The CLI's retry: a failed or pending row made due now and run; an issued one answered as it is. */
    async retry(orderNo: string): Promise<InvoiceView> {
      const order = await orderByNumber(orderNo);
      const row = await rowOf(order.id);
      if (!row)
        throw einvoiceRefusal(404, 'FATURA_BULUNAMADI', `${order.orderNo} siparişinin fatura kaydı yok.`);
      await tryNow(row);
      return view((await rowOf(order.id))!, order.orderNo);
    },

    /** The integrator's last good call and last failure, and the rows waiting or failed. */
    async health() {
      const stored = (await recorder.read([SERVICE])).get(SERVICE)!;
      const [counts] = await db
        .select({
          pending: sql<number>`count(*) filter (where ${orderInvoices.status} = 'pending')::int`,
          failed: sql<number>`count(*) filter (where ${orderInvoices.status} = 'failed')::int`,
        })
        .from(orderInvoices);
      return {
        provider: await options.settings.get('einvoice_provider'),
        configured: !('missing' in provider()),
        ...stored,
        pending: Number(counts?.pending ?? 0),
        failed: Number(counts?.failed ?? 0),
      };
    },

    /** Starts the rounds on a server: one now, then every `intervalMs`; a slow round is not stacked on. */
    start(run: { intervalMs?: number; onError?: (err: unknown) => void } = {}): void {
      if (run.onError) reportError = run.onError;
      rounds.start(run.intervalMs ?? EINVOICE_ROUND_MS);
    },

    /** Stops the rounds and waits for the one under way. */
    stop: () => rounds.stop(),
  };
  return einvoicing;
}

export type EInvoicing = ReturnType<typeof createEInvoicing>;
