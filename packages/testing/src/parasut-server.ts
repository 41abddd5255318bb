import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isTckn, isVkn } from '@vitrin/core/einvoice/einvoice';
import type {
  ContactAttributes,
  Decimal,
  InternetSale,
  ProductAttributes,
  SalesInvoiceAttributes,
} from '@vitrin/core/einvoice/parasut/models';
import { onePagePdf } from './pdf.ts';

/**
 * A local stand-in for Paraşüt's API v4 (apidocs.parasut.com), as a test company answers: the OAuth2 token
 * endpoint (password and refresh_token grants, tokens that end; an ended or unknown token answers 401), and
 * under `/v4/{company_id}` the JSON:API resources an invoice needs — contacts (`filter[tax_number]`, TCKN and
 * VKN checked by their check digits), products (`filter[code]`), sales invoices with Paraşüt's own totals
 * computed line by line (net = quantity × unit price − discount, VAT rounded half up per line, `net_total` the
 * total VAT included, `gross_total` before VAT), payments, accounts, `e_invoice_inboxes?filter[vkn]=` knowing
 * a few VKNs, e-Arşiv (internet-sale fields checked) and e-Fatura (to an inbox alias) answering trackable jobs
 * that are done after `jobReads` reads (of the job or of its invoice), a PDF link good for an hour, the
 * cancel of a sales invoice (`DELETE /sales_invoices/{id}/cancel`: an e-Arşiv's; an e-Fatura's refused), and
 * purchase-side bills (`/purchase_bills`, item_type `refund` for a customer's return). Refusals are JSON:API
 * `errors[]`.
 *
 * Knobs for tests: `failNext` (500, 429 with Retry-After, 401, or a call carried out whose answer never comes),
 * `expireTokens` (every token given so far ends now), `requests` (what came in), `invoices()`, `cancels()`,
 * `purchaseBills()`.
 */
export const PARASUT_TEST_CLIENT = {
  clientId: 'parasut-test-client',
  clientSecret: 'parasut-test-secret',
  username: 'muhasebe@vitrin.example',
  password: 'Paraşüt-test-1',
  companyId: '627',
} as const;

/** Makes a valid TCKN from its first nine digits (the first not 0). */
export function tcknFrom(nine: string): string {
  const d = [...nine].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = (d.reduce((a, x) => a + x, 0) + tenth) % 10;
  return `${nine}${tenth}${eleventh}`;
}

/** Makes a valid VKN from its first nine digits. */
export function vknFrom(nine: string): string {
  for (let last = 0; last < 10; last++) if (isVkn(`${nine}${last}`)) return `${nine}${last}`;
  throw new Error(`no VKN from ${nine}`);
}

export type ParasutFault =
  /** Answers 500 (by default before doing anything; `carryOut` does the call first, then answers 500). */
  | { status: 500; carryOut?: boolean }
  /** Answers 429 with Retry-After (seconds, 1 by default). */
  | { status: 429; retryAfterSeconds?: number }
  /** Never answers (the client's timeout fires); `carryOut` does the call first. */
  | { status: 'timeout'; carryOut?: boolean }
  /** Answers 401 as for a revoked token (the token endpoint still gives new ones). */
  | { status: 401 };

interface Match {
  method?: string;
  path?: string | RegExp;
}

type Attrs = Record<string, unknown>;
interface Row {
  id: string;
  type: string;
  attributes: Attrs;
  relationships?: Record<
    string,
    { data: { id: string; type: string } | { id: string; type: string }[] | null }
  >;
}

interface Job {
  id: string;
  reads: number;
  status: 'running' | 'done' | 'error';
  errors: string[];
  /** What becomes the invoice's active e-document when done. */
  document: Row;
  invoiceId: string;
}

export interface ParasutServerOptions {
  /** Token lifetime, seconds (7200, as Paraşüt). */
  tokenSeconds?: number;
  /** Reads of a document job before it is done (2). */
  jobReads?: number;
  /** VKN → e-Fatura alias of the registered (e-Fatura) companies. */
  inboxes?: Record<string, string>;
  port?: number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const unprocessable = (detail: string) => new Refusal(422, 'Geçersiz kayıt', detail);
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const num = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
/** Lira as kuruş, refusing more than two decimals (Paraşüt stores kuruş). */
function kurus(v: unknown, what: string): number {
  const n = num(v);
  if (!Number.isFinite(n) || n < 0) throw unprocessable(`${what} geçersiz.`);
  const k = Math.round(n * 100);
  if (Math.abs(k - n * 100) > 1e-6) throw unprocessable(`${what} en çok iki ondalık basamak olabilir.`);
  return k;
}
const money = (minor: number): Decimal => (minor / 100).toFixed(2);
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const PAYMENT_TYPES: InternetSale['payment_type'][] = [
  'KREDIKARTI/BANKAKARTI',
  'EFT/HAVALE',
  'KAPIDAODEME',
  'ODEMEARACISI',
  'DIGER',
];

/** A one-page PDF naming the invoice number. */
const invoicePdf = (text: string) => onePagePdf({ text });

export async function startParasutServer(options: ParasutServerOptions = {}) {
  const client = PARASUT_TEST_CLIENT;
  const state = { origin: '', jobReads: options.jobReads ?? 2, tokenSeconds: options.tokenSeconds ?? 7200 };
  const inboxes = new Map(Object.entries(options.inboxes ?? {}));
  const tokens = new Map<string, { endsAt: number; refresh: string }>();
  const refreshTokens = new Set<string>();
  const tables = {
    contacts: new Map<string, Row>(),
    products: new Map<string, Row>(),
    sales_invoices: new Map<string, Row>(),
    sales_invoice_details: new Map<string, Row>(),
    payments: new Map<string, Row>(),
    e_archives: new Map<string, Row>(),
    e_invoices: new Map<string, Row>(),
    purchase_bills: new Map<string, Row>(),
    purchase_bill_details: new Map<string, Row>(),
  };
  /** The invoices cancelled, in order (one entry per cancel carried out). */
  const cancels: string[] = [];
  const accounts: Row[] = [
    {
      id: '9001',
      type: 'accounts',
      attributes: { name: 'Kasa', account_type: 'cash', currency: 'TRL', archived: false },
    },
    {
      id: '9002',
      type: 'accounts',
      attributes: { name: 'Ziraat TL', account_type: 'bank', currency: 'TRL', archived: false },
    },
  ];
  const jobs = new Map<string, Job>();
  const pdfs = new Map<string, { text: string; expiresAt: number }>();
  const faults: (Match & { fault: ParasutFault })[] = [];
  const requests: Array<{ method: string; path: string; query: Record<string, string>; body: unknown }> = [];
  let serial = 100;
  let documentSerial = 0;
  const nextId = () => String(++serial);

  function issueToken() {
    const access = randomUUID();
    const refresh = randomUUID();
    tokens.set(access, { endsAt: Date.now() + state.tokenSeconds * 1000, refresh });
    refreshTokens.add(refresh);
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: state.tokenSeconds,
      refresh_token: refresh,
      created_at: Math.floor(Date.now() / 1000),
    };
  }

  function tokenGrant(params: Record<string, string>) {
    if (params.client_id !== client.clientId || params.client_secret !== client.clientSecret)
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client authentication failed.' },
      };
    if (params.grant_type === 'password') {
      if (params.username !== client.username || params.password !== client.password)
        return {
          status: 400,
          body: { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid.' },
        };
      if (params.redirect_uri !== 'urn:ietf:wg:oauth:2.0:oob')
        return { status: 400, body: { error: 'invalid_grant', error_description: 'redirect_uri geçersiz.' } };
      return { status: 200, body: issueToken() };
    }
    if (params.grant_type === 'refresh_token') {
      if (!refreshTokens.delete(params.refresh_token ?? ''))
        return {
          status: 400,
          body: { error: 'invalid_grant', error_description: 'Refresh token geçersiz.' },
        };
      return { status: 200, body: issueToken() };
    }
    return { status: 400, body: { error: 'unsupported_grant_type' } };
  }

  const list = (rows: Row[], query: Record<string, string>) => {
    const size = Math.min(Number(query['page[size]'] ?? 15) || 15, 25);
    const sorted = query.sort === '-id' ? [...rows].sort((a, b) => Number(b.id) - Number(a.id)) : rows;
    return {
      data: sorted.slice(0, size),
      meta: {
        total_count: rows.length,
        current_page: 1,
        total_pages: Math.max(1, Math.ceil(rows.length / size)),
      },
    };
  };
  const found = (table: Map<string, Row>, id: string, what: string) => {
    const row = table.get(id);
    if (!row) throw new Refusal(404, 'Kayıt bulunamadı', `${what} bulunamadı: ${id}`);
    return row;
  };
  const relId = (body: Attrs, name: string): string => {
    const rel = (body.relationships as Record<string, { data?: { id?: unknown } }> | undefined)?.[name]?.data;
    return typeof rel?.id === 'string' || typeof rel?.id === 'number' ? String(rel.id) : '';
  };

  function createContact(data: Attrs): Row {
    const a = (data.attributes ?? {}) as Partial<ContactAttributes>;
    if (!str(a.name)) throw unprocessable('İsim boş bırakılamaz.');
    if (a.account_type !== 'customer' && a.account_type !== 'supplier')
      throw unprocessable('Hesap tipi geçersiz.');
    const tax = str(a.tax_number);
    // 11111111111: the TCKN GİB accepts on an e-Arşiv when the buyer gave none.
    if (a.contact_type === 'person' && tax && tax !== '11111111111' && !isTckn(tax))
      throw unprocessable(`TC kimlik numarası geçersiz: ${tax}`);
    if (a.contact_type === 'company') {
      if (!isVkn(tax)) throw unprocessable(`Vergi numarası geçersiz: ${tax}`);
      if (!str(a.tax_office)) throw unprocessable('Vergi dairesi boş bırakılamaz.');
    }
    const row: Row = { id: nextId(), type: 'contacts', attributes: { ...a, balance: '0.0' } };
    tables.contacts.set(row.id, row);
    return row;
  }

  function createProduct(data: Attrs): Row {
    const a = (data.attributes ?? {}) as Partial<ProductAttributes>;
    if (!str(a.name)) throw unprocessable('Ürün ismi boş bırakılamaz.');
    const code = str(a.code);
    if (code && [...tables.products.values()].some((p) => p.attributes.code === code))
      throw unprocessable(`Bu ürün kodu zaten kullanılıyor: ${code}`);
    const row: Row = { id: nextId(), type: 'products', attributes: { ...a } };
    tables.products.set(row.id, row);
    return row;
  }

  /**
   * Paraşüt's totals of a document's lines, line by line: net = quantity × unit price − discount, its VAT
   * rounded half up on the line; the lines' rows stored in `table` as `detailType`.
   */
  function priced(data: Attrs, detailType: string, table: Map<string, Row>) {
    const details = (data.relationships as { details?: { data?: Attrs[] } } | undefined)?.details?.data ?? [];
    if (!details.length) throw unprocessable('Faturada en az bir kalem olmalıdır.');
    let before = 0;
    let vat = 0;
    let discount = 0;
    const rows: Row[] = details.map((d, i) => {
      const da = (d.attributes ?? {}) as Attrs;
      const quantity = num(da.quantity);
      if (!(quantity > 0)) throw unprocessable(`${i + 1}. kalemin miktarı geçersiz.`);
      const unit = kurus(da.unit_price, `${i + 1}. kalemin birim fiyatı`);
      const rate = num(da.vat_rate);
      if (![0, 1, 10, 20].includes(rate))
        throw unprocessable(`${i + 1}. kalemin KDV oranı geçersiz: ${String(da.vat_rate)}`);
      const productId = relId(d, 'product');
      if (productId) found(tables.products, productId, 'Ürün');
      const listed = Math.round(quantity * unit);
      let off = 0;
      if (da.discount_type === 'amount') off = kurus(da.discount_value ?? 0, `${i + 1}. kalemin indirimi`);
      else if (da.discount_type === 'percentage') off = Math.round((listed * num(da.discount_value)) / 100);
      if (off > listed) throw unprocessable(`${i + 1}. kalemin indirimi tutarından büyük olamaz.`);
      const net = listed - off;
      const lineVat = Math.floor((net * rate + 50) / 100);
      before += net;
      vat += lineVat;
      discount += off;
      const row: Row = {
        id: nextId(),
        type: detailType,
        attributes: { ...da, net_total: money(net), vat_total: money(lineVat) },
        relationships: { product: { data: productId ? { id: productId, type: 'products' } : null } },
      };
      table.set(row.id, row);
      return row;
    });
    return { rows, before, vat, discount, total: before + vat };
  }

  function createInvoice(data: Attrs): Row {
    const a = (data.attributes ?? {}) as Partial<SalesInvoiceAttributes>;
    if (a.item_type !== 'invoice') throw unprocessable('Fatura türü geçersiz.');
    if (!isoDate.test(str(a.issue_date))) throw unprocessable('Düzenleme tarihi geçersiz.');
    if ((a.currency ?? 'TRL') !== 'TRL') throw unprocessable('Bu test firmasında yalnız TRL fatura kesilir.');
    const contactId = relId(data, 'contact');
    const contact = found(tables.contacts, contactId, 'Müşteri');
    const { rows, before, vat, discount, total } = priced(
      data,
      'sales_invoice_details',
      tables.sales_invoice_details,
    );
    const id = nextId();
    const row: Row = {
      id,
      type: 'sales_invoices',
      attributes: {
        ...a,
        currency: 'TRL',
        invoice_no: `${a.invoice_series ?? ''}${id}`,
        gross_total: money(before),
        total_vat: money(vat),
        total_discount: money(discount),
        net_total: money(total),
        remaining: money(total),
        payment_status: total > 0 ? 'unpaid' : 'paid',
        archived: false,
        created_at: new Date().toISOString(),
      },
      relationships: {
        contact: { data: { id: contact.id, type: 'contacts' } },
        details: { data: rows.map((r) => ({ id: r.id, type: r.type })) },
        payments: { data: [] },
        active_e_document: { data: null },
      },
    };
    tables.sales_invoices.set(id, row);
    return row;
  }

  /**
   * `DELETE /sales_invoices/{id}/cancel`: the invoice kept, its item_type `cancelled`, its e-Arşiv cancelled
   * with it. An e-Fatura is refused (the buyer rejects or returns it), and so is a second cancel.
   */
  function cancelInvoice(invoice: Row): Row {
    if (invoice.attributes.item_type === 'cancelled') throw unprocessable('Bu fatura zaten iptal edilmiş.');
    const active = invoice.relationships!.active_e_document!.data as { id: string; type: string } | null;
    if (active?.type === 'e_invoices')
      throw unprocessable(
        'e-Fatura iptal edilemez: alıcı faturayı reddetmeli ya da iade faturası düzenlemelidir.',
      );
    invoice.attributes.item_type = 'cancelled';
    if (active) tables.e_archives.get(active.id)!.attributes.status = 'cancelled';
    cancels.push(invoice.id);
    return invoice;
  }

  /** `POST /purchase_bills`: a return (item_type `refund`) or an expense bill, totals as a sale's. */
  function createBill(data: Attrs): Row {
    const a = (data.attributes ?? {}) as Attrs;
    if (a.item_type !== 'refund' && a.item_type !== 'purchase_bill')
      throw unprocessable('Fiş/fatura türü geçersiz.');
    if (!isoDate.test(str(a.issue_date))) throw unprocessable('Düzenleme tarihi geçersiz.');
    const contact = found(tables.contacts, relId(data, 'contact'), 'Tedarikçi/müşteri');
    const { rows, before, vat, total } = priced(data, 'purchase_bill_details', tables.purchase_bill_details);
    const row: Row = {
      id: nextId(),
      type: 'purchase_bills',
      attributes: {
        ...a,
        currency: 'TRL',
        gross_total: money(before),
        total_vat: money(vat),
        net_total: money(total),
        created_at: new Date().toISOString(),
      },
      relationships: {
        contact: { data: { id: contact.id, type: 'contacts' } },
        details: { data: rows.map((r) => ({ id: r.id, type: r.type })) },
      },
    };
    tables.purchase_bills.set(row.id, row);
    return row;
  }

  function pay(invoice: Row, data: Attrs): Row {
    const a = (data.attributes ?? {}) as Attrs;
    const account = accounts.find((x) => x.id === String(a.account_id ?? ''));
    if (!account) throw unprocessable('Kasa/banka hesabı bulunamadı.');
    if (!isoDate.test(str(a.date))) throw unprocessable('Tahsilat tarihi geçersiz.');
    const amount = kurus(a.amount, 'Tahsilat tutarı');
    const remaining = Math.round(num(invoice.attributes.remaining) * 100);
    if (amount <= 0 || amount > remaining)
      throw unprocessable('Tahsilat tutarı kalan tutardan büyük olamaz.');
    const left = remaining - amount;
    invoice.attributes.remaining = money(left);
    invoice.attributes.payment_status = left === 0 ? 'paid' : 'partially_paid';
    const row: Row = { id: nextId(), type: 'payments', attributes: { ...a, amount: money(amount) } };
    tables.payments.set(row.id, row);
    (invoice.relationships!.payments!.data as { id: string; type: string }[]).push({
      id: row.id,
      type: 'payments',
    });
    return row;
  }

  function startDocument(type: 'e_archives' | 'e_invoices', data: Attrs): Row {
    const invoiceId = relId(data, type === 'e_archives' ? 'sales_invoice' : 'invoice');
    const invoice = found(tables.sales_invoices, invoiceId, 'Satış faturası');
    if (
      invoice.relationships?.active_e_document?.data ||
      [...jobs.values()].some((j) => j.invoiceId === invoiceId && j.status === 'running')
    )
      throw unprocessable('Bu fatura için zaten bir e-belge oluşturulmuş.');
    const contact = found(
      tables.contacts,
      String((invoice.relationships!.contact!.data as { id: string }).id),
      'Müşteri',
    );
    const vkn = str(contact.attributes.tax_number);
    const alias = contact.attributes.contact_type === 'company' ? inboxes.get(vkn) : undefined;
    const a = (data.attributes ?? {}) as Attrs;
    if (type === 'e_archives') {
      if (alias)
        throw unprocessable('Alıcı e-Fatura mükellefi; e-Arşiv fatura kesilemez, e-Fatura gönderin.');
      const sale = a.internet_sale as Partial<InternetSale> | undefined;
      if (!sale) throw unprocessable('İnternet satışı bilgileri (internet_sale) zorunludur.');
      if (!/^https?:\/\/\S+$/.test(str(sale.url)))
        throw unprocessable('İnternet satışı web adresi geçersiz.');
      if (!PAYMENT_TYPES.includes(sale.payment_type as InternetSale['payment_type']))
        throw unprocessable(`Ödeme şekli geçersiz: ${String(sale.payment_type)}`);
      if (!str(sale.payment_platform)) throw unprocessable('Ödeme aracısı adı boş bırakılamaz.');
      if (!isoDate.test(str(sale.payment_date))) throw unprocessable('Ödeme tarihi geçersiz.');
    } else {
      if (!alias) throw unprocessable(`Alıcı (${vkn}) e-Fatura mükellefi değil; e-Arşiv fatura kesin.`);
      if (str(a.to) !== alias) throw unprocessable(`Alıcı etiketi geçersiz: ${str(a.to)}`);
      if (a.scenario !== 'basic' && a.scenario !== 'commercial') throw unprocessable('Senaryo geçersiz.');
    }
    documentSerial++;
    const series = type === 'e_archives' ? 'VEA' : 'VEF';
    const year = String(invoice.attributes.issue_date).slice(0, 4);
    const document: Row = {
      id: nextId(),
      type,
      attributes: {
        ...a,
        uuid: randomUUID(),
        invoice_number: `${series}${year}${String(documentSerial).padStart(9, '0')}`,
        status: 'waiting',
      },
      relationships: {
        [type === 'e_archives' ? 'sales_invoice' : 'invoice']: {
          data: { id: invoiceId, type: 'sales_invoices' },
        },
      },
    };
    const job: Job = { id: randomUUID(), reads: 0, status: 'running', errors: [], document, invoiceId };
    jobs.set(job.id, job);
    return { id: job.id, type: 'trackable_jobs', attributes: { status: 'running', errors: [] } };
  }

  /** One read of a running job (of itself or of its invoice): done after `jobReads`, the document then active. */
  function advance(job: Job) {
    if (job.status !== 'running' || ++job.reads < state.jobReads) return;
    job.status = 'done';
    const doc = job.document;
    doc.attributes.status = 'approved';
    tables[doc.type as 'e_archives' | 'e_invoices'].set(doc.id, doc);
    const invoice = tables.sales_invoices.get(job.invoiceId)!;
    invoice.relationships!.active_e_document = { data: { id: doc.id, type: doc.type } };
  }

  function readJob(id: string): Row {
    const job = jobs.get(id);
    if (!job) throw new Refusal(404, 'Kayıt bulunamadı', `İş bulunamadı: ${id}`);
    advance(job);
    return { id: job.id, type: 'trackable_jobs', attributes: { status: job.status, errors: job.errors } };
  }

  function route(method: string, path: string, query: Record<string, string>, body: Attrs): unknown {
    const data = (body.data ?? {}) as Attrs;
    if (path === '/contacts') {
      if (method === 'POST') return { data: createContact(data) };
      const tax = query['filter[tax_number]'];
      return list(
        [...tables.contacts.values()].filter((c) => !tax || c.attributes.tax_number === tax),
        query,
      );
    }
    if (path === '/products') {
      if (method === 'POST') return { data: createProduct(data) };
      const code = query['filter[code]'];
      return list(
        [...tables.products.values()].filter((p) => !code || p.attributes.code === code),
        query,
      );
    }
    if (path === '/accounts') {
      const type = query['filter[account_type]'];
      return list(
        accounts.filter((a) => !type || a.attributes.account_type === type),
        query,
      );
    }
    if (path === '/e_invoice_inboxes') {
      const vkn = query['filter[vkn]'] ?? '';
      const alias = inboxes.get(vkn);
      return {
        data: alias
          ? [
              {
                id: `inbox-${vkn}`,
                type: 'e_invoice_inboxes',
                attributes: { vkn, e_invoice_address: alias, name: 'Test Ltd.', inbox_type: 'e_invoice' },
              },
            ]
          : [],
      };
    }
    if (path === '/sales_invoices') {
      if (method === 'POST') return { data: createInvoice(data) };
      const rows = [...tables.sales_invoices.values()].filter(
        (i) =>
          (!query['filter[contact_id]'] ||
            (i.relationships!.contact!.data as { id: string }).id === query['filter[contact_id]']) &&
          (!query['filter[item_type]'] || i.attributes.item_type === query['filter[item_type]']) &&
          (!query['filter[invoice_id]'] || String(i.attributes.invoice_id) === query['filter[invoice_id]']),
      );
      return list(rows, query);
    }
    if (path === '/purchase_bills') {
      if (method === 'POST') return { data: createBill(data) };
      const rows = [...tables.purchase_bills.values()].filter(
        (b) =>
          (!query['filter[contact_id]'] ||
            (b.relationships!.contact!.data as { id: string }).id === query['filter[contact_id]']) &&
          (!query['filter[item_type]'] || b.attributes.item_type === query['filter[item_type]']),
      );
      return list(rows, query);
    }
    const invoiceMatch = /^\/sales_invoices\/([^/]+)(\/payments|\/cancel)?$/.exec(path);
    if (invoiceMatch) {
      const invoice = found(tables.sales_invoices, decodeURIComponent(invoiceMatch[1]!), 'Satış faturası');
      if (invoiceMatch[2] === '/payments' && method === 'POST') return { data: pay(invoice, data) };
      if (invoiceMatch[2] === '/cancel' && method === 'DELETE') return { data: cancelInvoice(invoice) };
      if (method === 'GET' && !invoiceMatch[2]) {
        for (const job of jobs.values()) if (job.invoiceId === invoice.id) advance(job);
        const include = (query.include ?? '').split(',');
        const active = invoice.relationships!.active_e_document!.data as { id: string; type: string } | null;
        const included: Row[] = [];
        if (include.includes('active_e_document') && active)
          included.push(tables[active.type as 'e_archives' | 'e_invoices'].get(active.id)!);
        if (include.includes('details'))
          for (const d of invoice.relationships!.details!.data as { id: string }[])
            included.push(tables.sales_invoice_details.get(d.id)!);
        return { data: invoice, included };
      }
    }
    if (path === '/e_archives' && method === 'POST') return { data: startDocument('e_archives', data) };
    if (path === '/e_invoices' && method === 'POST') return { data: startDocument('e_invoices', data) };
    const jobMatch = /^\/trackable_jobs\/([^/]+)$/.exec(path);
    if (jobMatch && method === 'GET') return { data: readJob(decodeURIComponent(jobMatch[1]!)) };
    const docMatch = /^\/(e_archives|e_invoices)\/([^/]+)(\/pdf)?$/.exec(path);
    if (docMatch && method === 'GET') {
      const type = docMatch[1] as 'e_archives' | 'e_invoices';
      const doc = found(tables[type], decodeURIComponent(docMatch[2]!), 'E-belge');
      if (!docMatch[3]) return { data: doc };
      const key = randomUUID();
      const expiresAt = Date.now() + 3600_000;
      pdfs.set(key, {
        text: `${type === 'e_archives' ? 'e-Arsiv' : 'e-Fatura'} ${String(doc.attributes.invoice_number)}`,
        expiresAt,
      });
      return {
        data: {
          id: key,
          type: 'e_document_pdfs',
          attributes: {
            url: `${state.origin}/pdf/${key}.pdf`,
            expires_at: new Date(expiresAt).toISOString(),
          },
        },
      };
    }
    throw new Refusal(404, 'Bulunamadı', `${method} ${path}`);
  }

  const matches = (f: Match, method: string, path: string) =>
    (!f.method || f.method === method) &&
    (!f.path || (typeof f.path === 'string' ? f.path === path : f.path.test(path)));

  function takeFault(method: string, path: string): ParasutFault | null {
    const i = faults.findIndex((f) => matches(f, method, path));
    return i < 0 ? null : faults.splice(i, 1)[0]!.fault;
  }

  function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(payload));
  }

  const errorsOf = (status: number, title: string, detail: string) => ({
    errors: [{ title, detail, status: String(status) }],
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', state.origin);
    const method = req.method ?? 'GET';
    const pdf = /^\/pdf\/([^/]+)\.pdf$/.exec(url.pathname);
    if (pdf && method === 'GET') {
      const file = pdfs.get(pdf[1]!);
      if (!file || file.expiresAt < Date.now())
        return send(res, 404, errorsOf(404, 'Bulunamadı', 'Bağlantının süresi dolmuş.'));
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(invoicePdf(file.text));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const query = Object.fromEntries(url.searchParams);

    if (url.pathname === '/oauth/token' && method === 'POST') {
      const form = (req.headers['content-type'] ?? '').includes('json')
        ? (JSON.parse(text || '{}') as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(text));
      const params = { ...query, ...form };
      requests.push({
        method,
        path: '/oauth/token',
        query,
        body: { ...params, password: params.password ? '***' : undefined },
      });
      const fault = takeFault(method, '/oauth/token');
      if (fault?.status === 429)
        return send(res, 429, errorsOf(429, 'Too Many Requests', 'Çok fazla istek.'), {
          'retry-after': String(fault.retryAfterSeconds ?? 1),
        });
      if (fault?.status === 500)
        return send(res, 500, errorsOf(500, 'Sunucu hatası', 'Beklenmeyen bir hata oluştu.'));
      if (fault?.status === 'timeout') return;
      const answer = tokenGrant(params);
      return send(res, answer.status, answer.body);
    }

    const prefix = `/v4/${client.companyId}`;
    if (!url.pathname.startsWith(`${prefix}/`))
      return send(res, 404, errorsOf(404, 'Bulunamadı', 'Firma bulunamadı.'));
    const path = url.pathname.slice(prefix.length);
    let body: Attrs = {};
    try {
      body = text ? (JSON.parse(text) as Attrs) : {};
    } catch {
      return send(res, 400, errorsOf(400, 'Geçersiz istek', 'Geçersiz JSON.'));
    }
    requests.push({ method, path, query, body });
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const token = tokens.get(bearer);
    if (!token || token.endsAt <= Date.now())
      return send(res, 401, { error: 'invalid_token', error_description: 'The access token expired' });

    const fault = takeFault(method, path);
    if (fault?.status === 401)
      return send(res, 401, { error: 'invalid_token', error_description: 'The access token was revoked' });
    if (fault?.status === 429)
      return send(res, 429, errorsOf(429, 'Too Many Requests', 'İstek sınırı aşıldı.'), {
        'retry-after': String(fault.retryAfterSeconds ?? 1),
      });
    if (fault?.status === 500 && !fault.carryOut)
      return send(res, 500, errorsOf(500, 'Sunucu hatası', 'Beklenmeyen bir hata oluştu.'));
    if (fault?.status === 'timeout' && !fault.carryOut) return;
    let status = 200;
    let payload: unknown;
    try {
      payload = route(method, path, query, body);
      if (method === 'POST') status = 201;
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      status = err.status;
      payload = errorsOf(err.status, err.title, err.detail);
    }
    if (fault?.status === 'timeout') return;
    if (fault?.status === 500)
      return send(res, 500, errorsOf(500, 'Sunucu hatası', 'Beklenmeyen bir hata oluştu.'));
    send(res, status, payload);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, errorsOf(500, 'Sunucu hatası', String(err)));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** `PARASUT_BASE_URL` of a shop on this stand-in. */
    url: state.origin,
    client,
    /** The environment of a shop on this stand-in. */
    env: {
      PARASUT_CLIENT_ID: client.clientId,
      PARASUT_CLIENT_SECRET: client.clientSecret,
      PARASUT_USERNAME: client.username,
      PARASUT_PASSWORD: client.password,
      PARASUT_COMPANY_ID: client.companyId,
      PARASUT_BASE_URL: state.origin,
    },
    requests,
    /** The sales invoices made, with Paraşüt's totals. */
    invoices: () => [...tables.sales_invoices.values()],
    invoice: (id: string) => tables.sales_invoices.get(id),
    details: (invoiceId: string) =>
      ((tables.sales_invoices.get(invoiceId)?.relationships?.details?.data ?? []) as { id: string }[]).map(
        (d) => tables.sales_invoice_details.get(d.id)!,
      ),
    contacts: () => [...tables.contacts.values()],
    products: () => [...tables.products.values()],
    payments: () => [...tables.payments.values()],
    document: (type: 'e_archives' | 'e_invoices', id: string) => tables[type].get(id),
    /** The sales invoices cancelled, one entry per cancel carried out. */
    cancels: () => [...cancels],
    /** The purchase-side bills made (returns: item_type `refund`). */
    purchaseBills: () => [...tables.purchase_bills.values()],
    /** Every token given so far ends now (the next call answers 401). */
    expireTokens() {
      for (const t of tokens.values()) t.endsAt = 0;
    },
    /** Registers a company for e-Fatura. */
    addInbox(vkn: string, alias: string) {
      inboxes.set(vkn, alias);
    },
    /** The next `count` calls (of `method` and `path` under /v4/{company}, or `/oauth/token`) fail as `fault` says. */
    failNext(count: number, fault: ParasutFault, match: Match = {}) {
      for (let i = 0; i < count; i++) faults.push({ fault, ...match });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ParasutContractServer = Awaited<ReturnType<typeof startParasutServer>>;
