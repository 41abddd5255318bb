import { DomainError } from '../../errors.ts';
import {
  checkBuyer,
  type EDocumentType,
  type EInvoiceProvider,
  einvoiceError,
  type InvoicePaymentType,
  type InvoiceProgress,
  type InvoiceRequest,
  type IssuedInvoice,
} from '../einvoice.ts';
import { type InvoiceLine, invoiceTotals, lira } from '../lines.ts';
import { type ParasutHttpOptions, parasutHttp } from './http.ts';
import type {
  AccountAttributes,
  ContactAttributes,
  Decimal,
  Document,
  EArchiveAttributes,
  EDocumentPdfAttributes,
  EInvoiceAttributes,
  EInvoiceInboxAttributes,
  InternetSale,
  ProductAttributes,
  PurchaseBillAttributes,
  Ref,
  Resource,
  SalesInvoiceAttributes,
  TrackableJobAttributes,
} from './models.ts';

export { PARASUT_BASE_URL } from './http.ts';

export interface ParasutOptions extends ParasutHttpOptions {
  /** Reads of a running document job before `issue` leaves it to the next try (10). */
  jobReads?: number;
  /** Between two reads of a running job, ms (2 s). */
  jobPollMs?: number;
}

type Contact = Resource<'contacts', ContactAttributes>;
type Product = Resource<'products', ProductAttributes>;
type SalesInvoice = Resource<'sales_invoices', SalesInvoiceAttributes>;
type Job = Resource<'trackable_jobs', TrackableJobAttributes>;
type PurchaseBill = Resource<'purchase_bills', PurchaseBillAttributes>;

/** YYYY-MM-DD in Türkiye's time (UTC+3, no daylight saving). */
export const turkishDate = (at: Date) => new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 10);

/** Kuruş as the decimal Paraşüt takes (`123.45`). */
const decimal = (minor: number) => Number((minor / 100).toFixed(2));
/** A decimal Paraşüt answered, as kuruş. */
export const minorOf = (value: Decimal | undefined) => Math.round(Number(value ?? 0) * 100);

const PAYMENT_TYPES: Record<InvoicePaymentType, InternetSale['payment_type']> = {
  card: 'KREDIKARTI/BANKAKARTI',
  transfer: 'EFT/HAVALE',
  cod: 'KAPIDAODEME',
  intermediary: 'ODEMEARACISI',
};

/** The invoice's or the return bill's lines as Paraşüt takes them: net of VAT, each naming its product. */
const detailsOf = (
  type: 'sales_invoice_details' | 'purchase_bill_details',
  lines: readonly InvoiceLine[],
  productIds: Record<string, string>,
) =>
  lines.map((l) => ({
    type,
    attributes: {
      quantity: l.quantity,
      unit_price: decimal(l.unitPriceMinor),
      vat_rate: l.vatRate,
      ...(l.discountMinor > 0 ? { discount_type: 'amount', discount_value: decimal(l.discountMinor) } : {}),
      description: l.name,
    },
    relationships: { product: { data: { id: productIds[l.code]!, type: 'products' } } },
  }));

const first = <T>(doc: Document<T[]>): T | undefined => doc.data[0];
const refOf = (r: Resource<string, unknown>, name: string): Ref | undefined => {
  const data = r.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data : undefined;
};
const documentTypeOf = (type: string): EDocumentType => (type === 'e_invoices' ? 'e_invoice' : 'e_archive');
const documentPath = (type: EDocumentType) => (type === 'e_invoice' ? 'e_invoices' : 'e_archives');

/**
 * Paraşüt (API v4) as the shop's e-invoice provider. Each step looks Paraşüt up before it creates:
 * - contact: `GET /contacts?filter[tax_number]=` (a person by TCKN, a company by VKN), else `POST /contacts`;
 * - products: `GET /products?filter[code]=` for each line's code (the SKU, or the service codes), else create;
 * - invoice: the contact's invoices (`filter[contact_id]`) whose `order_no` is the order number, else `POST
 *   /sales_invoices` (item_type invoice, TRL, lines net of VAT with their rate, discount and product); then
 *   Paraşüt's total (its `net_total`) must be the order's to the kuruş, or FATURA_TUTAR_TUTMUYOR;
 * - payment: skipped when the invoice is already paid (or cash on delivery, not collected yet), else `POST
 *   /sales_invoices/{id}/payments` into the company's first bank account;
 * - document: the invoice's `active_e_document` if it has one; else `e_invoice_inboxes?filter[vkn]=` for a
 *   company: with an inbox an e-Fatura (`POST /e_invoices` to its alias), otherwise (and for every TCKN) an
 *   e-Arşiv with the internet-sale data (`POST /e_archives`); both answer a trackable job;
 * - job: `GET /trackable_jobs/{id}` until done (an error: FATURA_REDDEDILDI with Paraşüt's words);
 * - pdf: the document's number and `GET /e_archives|e_invoices/{id}/pdf` (a link good for about an hour).
 *
 * Undoing an issued invoice: `cancel` reads the invoice and, unless it is already `cancelled`, calls
 * `DELETE /sales_invoices/{id}/cancel` (Paraşüt keeps the record, its item_type then `cancelled`, and cancels
 * its e-Arşiv); `refund` finds the contact's return bill carrying the order number (`GET /purchase_bills`,
 * `filter[item_type]=refund`) or makes it (`POST /purchase_bills`, item_type `refund`, the sale's lines), and
 * checks its total like the invoice's.
 */
export function createParasutProvider(options: ParasutOptions): EInvoiceProvider {
  const http = parasutHttp(options);
  const jobReads = options.jobReads ?? 10;
  const jobPollMs = options.jobPollMs ?? 2_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  async function contactStep(request: InvoiceRequest): Promise<string> {
    const buyer = request.buyer;
    checkBuyer(buyer);
    const taxNumber = buyer.taxNumber.trim();
    const found = await http.call<Document<Contact[]>>('GET', '/contacts', {
      query: { 'filter[tax_number]': taxNumber, 'page[size]': 25 },
    });
    // A TCKN of 11111111111 (no TCKN given) is shared by many people: match the name as well.
    const same = found.data.find(
      (c) =>
        c.attributes.tax_number === taxNumber &&
        (taxNumber !== '11111111111' || c.attributes.name === buyer.name.trim()),
    );
    if (same) return same.id;
    const attributes: ContactAttributes = {
      name: buyer.name.trim(),
      email: buyer.email,
      contact_type: buyer.kind,
      tax_number: taxNumber,
      ...(buyer.kind === 'company' && buyer.taxOffice ? { tax_office: buyer.taxOffice.trim() } : {}),
      city: buyer.city,
      district: buyer.district,
      address: buyer.address,
      ...(buyer.phone ? { phone: buyer.phone } : {}),
      ...(buyer.postalCode ? { postal_code: buyer.postalCode } : {}),
      country: 'Türkiye',
      is_abroad: false,
      account_type: 'customer',
    };
    const made = await http.call<Document<Contact>>('POST', '/contacts', {
      body: { data: { type: 'contacts', attributes } },
    });
    return made.data.id;
  }

  async function productsStep(request: InvoiceRequest, known: Record<string, string>) {
    const ids = { ...known };
    for (const line of request.lines) {
      if (ids[line.code]) continue;
      const found = await http.call<Document<Product[]>>('GET', '/products', {
        query: { 'filter[code]': line.code, 'page[size]': 2 },
      });
      const same = found.data.find((p) => p.attributes.code === line.code);
      if (same) {
        ids[line.code] = same.id;
        continue;
      }
      const made = await http.call<Document<Product>>('POST', '/products', {
        body: {
          data: {
            type: 'products',
            attributes: {
              code: line.code,
              name: line.name,
              vat_rate: line.vatRate,
              unit: 'Adet',
              list_price: decimal(line.unitPriceMinor),
              currency: 'TRL',
              inventory_tracking: false,
            } satisfies ProductAttributes,
          },
        },
      });
      ids[line.code] = made.data.id;
    }
    return ids;
  }

  async function readInvoice(id: string) {
    return http.call<Document<SalesInvoice>>('GET', `/sales_invoices/${encodeURIComponent(id)}`, {
      query: { include: 'active_e_document' },
    });
  }

  function checkTotal(request: InvoiceRequest, invoice: SalesInvoice) {
    const total = minorOf(invoice.attributes.net_total);
    if (total !== request.totalMinor)
      throw einvoiceError(
        'FATURA_TUTAR_TUTMUYOR',
        `Paraşüt'teki faturanın toplamı (${lira(total)}) siparişin toplamını (${lira(request.totalMinor)}) tutmuyor; fatura e-belgeye dönüştürülmedi, Paraşüt'te düzeltin.`,
      );
  }

  async function invoiceStep(request: InvoiceRequest, progress: InvoiceProgress): Promise<string> {
    const contactId = progress.contactId!;
    const expected = invoiceTotals(request.lines).grossMinor;
    if (expected !== request.totalMinor)
      throw einvoiceError(
        'FATURA_TUTAR_TUTMUYOR',
        `Fatura satırlarının toplamı (${lira(expected)}) siparişin toplamını (${lira(request.totalMinor)}) tutmuyor.`,
      );
    const mine = await http.call<Document<SalesInvoice[]>>('GET', '/sales_invoices', {
      query: {
        'filter[contact_id]': contactId,
        'filter[item_type]': 'invoice',
        sort: '-id',
        'page[size]': 25,
      },
    });
    let invoice = mine.data.find((i) => i.attributes.order_no === request.orderNumber);
    if (!invoice) {
      const buyer = request.buyer;
      const attributes: SalesInvoiceAttributes = {
        item_type: 'invoice',
        description: `Sipariş ${request.orderNumber}`,
        issue_date: turkishDate(request.issueDate),
        due_date: turkishDate(request.issueDate),
        currency: 'TRL',
        order_no: request.orderNumber,
        order_date: turkishDate(request.orderDate),
        tax_number: buyer.taxNumber.trim(),
        ...(buyer.taxOffice ? { tax_office: buyer.taxOffice.trim() } : {}),
        city: buyer.city,
        district: buyer.district,
        billing_address: buyer.address,
        ...(buyer.phone ? { billing_phone: buyer.phone } : {}),
        country: 'Türkiye',
        is_abroad: false,
      };
      const made = await http.call<Document<SalesInvoice>>('POST', '/sales_invoices', {
        body: {
          data: {
            type: 'sales_invoices',
            attributes,
            relationships: {
              contact: { data: { id: contactId, type: 'contacts' } },
              details: {
                data: detailsOf('sales_invoice_details', request.lines, progress.productIds!),
              },
            },
          },
        },
      });
      invoice = made.data;
    }
    checkTotal(request, invoice);
    return invoice.id;
  }

  async function paymentStep(request: InvoiceRequest, invoiceId: string): Promise<InvoiceProgress> {
    const { data: invoice } = await readInvoice(invoiceId);
    if (request.payment.type === 'cod' && !request.payment.date) return { paid: false };
    const remaining = minorOf(invoice.attributes.remaining ?? invoice.attributes.net_total);
    if (invoice.attributes.payment_status === 'paid' || remaining <= 0) return { paid: true };
    const accounts = await http.call<Document<Resource<'accounts', AccountAttributes>[]>>(
      'GET',
      '/accounts',
      {
        query: { 'filter[account_type]': 'bank', 'page[size]': 25 },
      },
    );
    const bank = accounts.data.find(
      (a) =>
        (a.attributes.account_type ?? 'bank') === 'bank' &&
        !a.attributes.archived &&
        (a.attributes.currency ?? 'TRL') === 'TRL',
    );
    if (!bank)
      throw einvoiceError(
        'FATURA_HESAP_YOK',
        "Paraşüt'te tahsilatın işleneceği bir TL banka hesabı yok; Paraşüt'te bir banka hesabı açın.",
      );
    const paid = await http.call<Document<Resource<'payments', Record<string, unknown>>>>(
      'POST',
      `/sales_invoices/${encodeURIComponent(invoiceId)}/payments`,
      {
        body: {
          data: {
            type: 'payments',
            attributes: {
              description: `Sipariş ${request.orderNumber} tahsilatı`,
              account_id: Number(bank.id),
              date: turkishDate(request.payment.date ?? request.issueDate),
              amount: decimal(remaining),
              exchange_rate: 1,
            },
          },
        },
      },
    );
    return { paid: true, paymentId: paid.data.id };
  }

  async function documentStep(request: InvoiceRequest, progress: InvoiceProgress): Promise<InvoiceProgress> {
    const invoiceId = progress.invoiceId!;
    const { data: invoice } = await readInvoice(invoiceId);
    const active = refOf(invoice, 'active_e_document');
    if (active) return { documentType: documentTypeOf(active.type), documentId: active.id };

    let alias: string | undefined;
    if (request.buyer.kind === 'company') {
      const inboxes = await http.call<Document<Resource<'e_invoice_inboxes', EInvoiceInboxAttributes>[]>>(
        'GET',
        '/e_invoice_inboxes',
        { query: { 'filter[vkn]': request.buyer.taxNumber.trim() } },
      );
      alias = first(inboxes)?.attributes.e_invoice_address;
    }
    const relationships = { id: invoiceId, type: 'sales_invoices' };
    const start = async (
      path: '/e_invoices' | '/e_archives',
      body: unknown,
    ): Promise<string | InvoiceProgress> => {
      try {
        return (await http.call<Document<Job>>('POST', path, { body })).data.id;
      } catch (err) {
        // A request whose answer was lost may have started the document: Paraşüt then refuses a second one.
        // The invoice names it once its job is done.
        if (!(err instanceof DomainError && err.code === 'FATURA_REDDEDILDI')) throw err;
        for (let read = 0; read < jobReads; read++) {
          const active = refOf((await readInvoice(invoiceId)).data, 'active_e_document');
          if (active) return { documentType: documentTypeOf(active.type), documentId: active.id };
          await sleep(jobPollMs);
        }
        throw err;
      }
    };
    if (alias) {
      const job = await start('/e_invoices', {
        data: {
          type: 'e_invoices',
          attributes: { scenario: 'basic', to: alias } satisfies EInvoiceAttributes,
          relationships: { invoice: { data: relationships } },
        },
      });
      return typeof job === 'string'
        ? { documentType: 'e_invoice', inboxAlias: alias, jobId: job }
        : { ...job, inboxAlias: alias };
    }
    const payment = request.payment;
    const internetSale: InternetSale = {
      url: request.shopUrl,
      payment_type: PAYMENT_TYPES[payment.type],
      payment_platform:
        payment.platform?.trim() ||
        (payment.type === 'cod'
          ? 'Kapıda ödeme'
          : payment.type === 'transfer'
            ? 'Banka havalesi'
            : 'Sanal POS'),
      payment_date: turkishDate(payment.date ?? request.issueDate),
    };
    const job = await start('/e_archives', {
      data: {
        type: 'e_archives',
        attributes: { internet_sale: internetSale } satisfies EArchiveAttributes,
        relationships: { sales_invoice: { data: relationships } },
      },
    });
    return typeof job === 'string' ? { documentType: 'e_archive', jobId: job } : job;
  }

  /** One read of the job: true when done (the document then named by the invoice), false while running. */
  async function jobStep(progress: InvoiceProgress): Promise<InvoiceProgress | null> {
    if (progress.documentId) return {};
    const { data: job } = await http.call<Document<Job>>(
      'GET',
      `/trackable_jobs/${encodeURIComponent(progress.jobId!)}`,
    );
    if (job.attributes.status === 'error')
      throw einvoiceError(
        'FATURA_REDDEDILDI',
        `Paraşüt e-belgeyi oluşturamadı: ${(job.attributes.errors ?? []).join('; ') || 'gerekçe bildirilmedi'}`,
      );
    if (job.attributes.status !== 'done') return null;
    const { data: invoice } = await readInvoice(progress.invoiceId!);
    const active = refOf(invoice, 'active_e_document');
    if (!active)
      throw einvoiceError(
        'FATURA_ISLENIYOR',
        'Paraşüt e-belgeyi henüz faturaya bağlamadı; biraz sonra yeniden denenecek.',
      );
    return { documentType: documentTypeOf(active.type), documentId: active.id };
  }

  async function pdf(type: EDocumentType, id: string) {
    const answer = await http.call<Document<Resource<'e_document_pdfs', EDocumentPdfAttributes>> | null>(
      'GET',
      `/${documentPath(type)}/${encodeURIComponent(id)}/pdf`,
    );
    const url = answer?.data?.attributes?.url;
    if (!url)
      throw einvoiceError(
        'FATURA_ISLENIYOR',
        "Faturanın PDF'i Paraşüt'te henüz hazır değil; biraz sonra yeniden denenecek.",
      );
    return {
      url,
      expiresAt: answer.data.attributes.expires_at ?? new Date(Date.now() + 3600_000).toISOString(),
    };
  }

  async function pdfStep(progress: InvoiceProgress): Promise<InvoiceProgress> {
    const type = progress.documentType!;
    const id = progress.documentId!;
    const { data: doc } = await http.call<
      Document<Resource<string, EArchiveAttributes & EInvoiceAttributes>>
    >('GET', `/${documentPath(type)}/${encodeURIComponent(id)}`);
    const link = await pdf(type, id);
    return {
      invoiceNumber: doc.attributes.invoice_number ?? '',
      pdfUrl: link.url,
      pdfExpiresAt: link.expiresAt,
    };
  }

  async function step(request: InvoiceRequest, progress: InvoiceProgress) {
    const p: InvoiceProgress = { ...progress };
    const done = (after: InvoiceProgress, name: InvoiceProgress['step']) => ({
      progress: { ...p, ...after, step: name },
      done: name === 'pdf',
    });
    if (!p.contactId) return done({ contactId: await contactStep(request) }, 'contact');
    if (request.lines.some((l) => !p.productIds?.[l.code]))
      return done({ productIds: await productsStep(request, p.productIds ?? {}) }, 'products');
    if (!p.invoiceId) return done({ invoiceId: await invoiceStep(request, p) }, 'invoice');
    if (p.paid === undefined) return done(await paymentStep(request, p.invoiceId), 'payment');
    if (!p.jobId && !p.documentId) return done(await documentStep(request, p), 'document');
    if (!p.documentId) {
      const after = await jobStep(p);
      if (!after) return { progress: p, done: false, waiting: true };
      return done(after, 'job');
    }
    if (!p.pdfUrl) return done(await pdfStep(p), 'pdf');
    return { progress: p, done: true };
  }

  async function cancel(progress: InvoiceProgress) {
    const id = progress.invoiceId!;
    const { data: invoice } = await readInvoice(id);
    if (invoice.attributes.item_type === 'cancelled') return;
    await http.call('DELETE', `/sales_invoices/${encodeURIComponent(id)}/cancel`);
  }

  async function refund(request: InvoiceRequest, progress: InvoiceProgress) {
    const contactId = progress.contactId!;
    const description = `Sipariş ${request.orderNumber} iadesi`;
    const mine = await http.call<Document<PurchaseBill[]>>('GET', '/purchase_bills', {
      query: {
        'filter[contact_id]': contactId,
        'filter[item_type]': 'refund',
        sort: '-id',
        'page[size]': 25,
      },
    });
    let bill = mine.data.find((b) => b.attributes.description === description);
    if (!bill) {
      const productIds = request.lines.some((l) => !progress.productIds?.[l.code])
        ? await productsStep(request, progress.productIds ?? {})
        : progress.productIds!;
      const made = await http.call<Document<PurchaseBill>>('POST', '/purchase_bills', {
        body: {
          data: {
            type: 'purchase_bills',
            attributes: {
              item_type: 'refund',
              description,
              issue_date: turkishDate(request.issueDate),
              due_date: turkishDate(request.issueDate),
              invoice_no: `IADE-${request.orderNumber}`,
              currency: 'TRL',
            } satisfies PurchaseBillAttributes,
            relationships: {
              contact: { data: { id: contactId, type: 'contacts' } },
              details: {
                data: detailsOf('purchase_bill_details', request.lines, productIds),
              },
            },
          },
        },
      });
      bill = made.data;
    }
    const total = minorOf(bill.attributes.net_total);
    if (total !== request.totalMinor)
      throw einvoiceError(
        'FATURA_TUTAR_TUTMUYOR',
        `Paraşüt'teki iade faturasının toplamı (${lira(total)}) siparişin toplamını (${lira(request.totalMinor)}) tutmuyor; Paraşüt'te düzeltin.`,
      );
    return { billId: bill.id, billNumber: bill.attributes.invoice_no ?? `IADE-${request.orderNumber}` };
  }

  return {
    name: 'parasut',
    cancel,
    refund,
    step,
    async issue(request, progress = {}, onStep) {
      let current = progress;
      let reads = 0;
      for (;;) {
        const next = await step(request, current);
        current = next.progress;
        if (next.waiting) {
          // The document job is still running.
          reads++;
          if (reads >= jobReads)
            throw einvoiceError(
              'FATURA_ISLENIYOR',
              'Paraşüt e-belgeyi hâlâ hazırlıyor; işlem kaldığı adımdan biraz sonra yeniden denenecek.',
            );
          await sleep(jobPollMs);
          continue;
        }
        await onStep?.(current);
        if (next.done) break;
      }
      return {
        invoiceId: current.invoiceId!,
        documentType: current.documentType!,
        documentId: current.documentId!,
        invoiceNumber: current.invoiceNumber ?? '',
        pdfUrl: current.pdfUrl!,
        pdfExpiresAt: current.pdfExpiresAt!,
      } satisfies IssuedInvoice;
    },
    pdf,
  };
}
