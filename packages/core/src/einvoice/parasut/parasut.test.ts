import {
  type ParasutContractServer,
  startParasutServer,
  tcknFrom,
  vknFrom,
} from '@vitrin/testing/parasut-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import {
  type InvoiceBuyer,
  type InvoiceProgress,
  type InvoiceRequest,
  isRetryableEInvoiceError,
} from '../einvoice.ts';
import { invoiceLines, type OrderForInvoice } from '../lines.ts';
import { einvoiceFromEnv } from '../providers.ts';
import { createParasutProvider, type ParasutOptions } from './index.ts';

let parasut: ParasutContractServer;
const REGISTERED_VKN = vknFrom('123456789');
const ALIAS = 'urn:mail:defaultpk@ornek-ltd.example';

beforeAll(async () => {
  parasut = await startParasutServer({ jobReads: 2, inboxes: { [REGISTERED_VKN]: ALIAS } });
});
afterAll(() => parasut.close());

function provider(options: Partial<ParasutOptions> = {}) {
  return createParasutProvider({
    ...parasut.client,
    baseUrl: parasut.url,
    timeoutMs: 2_000,
    jobPollMs: 1,
    ...options,
  });
}

const order: OrderForInvoice = {
  lines: [
    { sku: 'KITAP-42', name: 'Roman', quantity: 2, unitGrossMinor: 12_345, vatRate: 10 },
    { sku: 'EKMEK-42', name: 'Ekşi mayalı ekmek', quantity: 3, unitGrossMinor: 4_999, vatRate: 1 },
    { sku: 'FINCAN-42', name: 'Seramik fincan', quantity: 1, unitGrossMinor: 34_999, vatRate: 20 },
  ],
  discountMinor: 5_000,
  instalmentFeeMinor: 1_733,
  shippingMinor: 4_990,
  codFeeMinor: 0,
  totalMinor: 76_409,
};

let n = 0;
function request(buyer: InvoiceBuyer, overrides: Partial<InvoiceRequest> = {}): InvoiceRequest {
  n++;
  return {
    orderNumber: `VT42${String(n).padStart(4, '0')}`,
    orderDate: new Date('2026-11-27T10:00:00Z'),
    issueDate: new Date('2026-11-29T09:00:00Z'),
    buyer,
    lines: invoiceLines(order),
    totalMinor: order.totalMinor,
    payment: { type: 'card', platform: 'iyzico', date: new Date('2026-11-27T10:01:00Z') },
    shopUrl: 'https://vitrin.example',
    ...overrides,
  };
}

const person = (nine = '123456780'): InvoiceBuyer => ({
  kind: 'person',
  name: 'Ayşe Yılmaz',
  taxNumber: tcknFrom(nine),
  email: 'ayse@example.com',
  phone: '5321234567',
  city: 'İzmir',
  district: 'Karşıyaka',
  address: 'Bostanlı Mah. 1801 Sok. No: 4 D: 3',
});

const company = (vkn: string): InvoiceBuyer => ({
  kind: 'company',
  name: 'Örnek Ltd. Şti.',
  taxNumber: vkn,
  taxOffice: 'Kadıköy',
  email: 'muhasebe@ornek.example',
  city: 'İstanbul',
  district: 'Kadıköy',
  address: 'Caferağa Mah. Moda Cad. No: 1',
});

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

const invoicesOf = (orderNumber: string) =>
  parasut.invoices().filter((i) => i.attributes.order_no === orderNumber);
const posts = (path: string | RegExp) =>
  parasut.requests.filter(
    (r) => r.method === 'POST' && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  ).length;

describe('Paraşüt provider: issuing', () => {
  it('a person with a TCKN gets an e-Arşiv with the internet-sale data, paid, with a PDF link', async () => {
    const req = request(person());
    const steps: InvoiceProgress[] = [];
    const issued = await provider().issue(req, {}, (p) => {
      steps.push(p);
    });

    expect(issued.documentType).toBe('e_archive');
    expect(issued.invoiceNumber).toMatch(/^VEA2026\d{9}$/);
    // Every step reported, in order, so a job can store each.
    expect(steps.map((s) => s.step)).toEqual([
      'contact',
      'products',
      'invoice',
      'payment',
      'document',
      'job',
      'pdf',
    ]);

    const [invoice] = invoicesOf(req.orderNumber);
    expect(invoice).toBeDefined();
    // Paraşüt's own total (VAT included) is the order's to the kuruş.
    expect(invoice!.attributes.net_total).toBe('764.09');
    expect(invoice!.attributes).toMatchObject({
      item_type: 'invoice',
      currency: 'TRL',
      issue_date: '2026-11-29',
    });
    expect(invoice!.attributes.payment_status).toBe('paid');
    // Lines net of VAT, each naming its product found or created by code.
    const details = parasut.details(invoice!.id);
    expect(details.map((d) => Number(d.attributes.vat_rate))).toEqual(expect.arrayContaining([1, 10, 20]));
    const codes = new Set(
      details.map(
        (d) =>
          parasut.products().find((p) => p.id === (d.relationships!.product!.data as { id: string }).id)!
            .attributes.code,
      ),
    );
    expect(codes).toEqual(
      new Set(['KITAP-42', 'EKMEK-42', 'FINCAN-42', 'VITRIN-KARGO', 'VITRIN-VADE-FARKI']),
    );

    const contact = parasut.contacts().find((c) => c.attributes.tax_number === req.buyer.taxNumber)!;
    expect(contact.attributes).toMatchObject({
      contact_type: 'person',
      city: 'İzmir',
      district: 'Karşıyaka',
    });

    const archive = parasut.document('e_archives', issued.documentId)!;
    expect(archive.attributes.internet_sale).toEqual({
      url: 'https://vitrin.example',
      payment_type: 'KREDIKARTI/BANKAKARTI',
      payment_platform: 'iyzico',
      payment_date: '2026-11-27',
    });

    const pdf = await fetch(issued.pdfUrl);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain(issued.invoiceNumber);
    expect(Date.parse(issued.pdfExpiresAt)).toBeGreaterThan(Date.now());
  });

  it('a company with an e-Fatura inbox gets an e-Fatura to its alias; one without, an e-Arşiv', async () => {
    const registered = await provider().issue(request(company(REGISTERED_VKN)));
    expect(registered.documentType).toBe('e_invoice');
    expect(parasut.document('e_invoices', registered.documentId)!.attributes).toMatchObject({
      to: ALIAS,
      scenario: 'basic',
    });
    expect(
      parasut.requests.some(
        (r) => r.path === '/e_invoice_inboxes' && r.query['filter[vkn]'] === REGISTERED_VKN,
      ),
    ).toBe(true);

    const other = vknFrom('987654321');
    const unregistered = await provider().issue(
      request(company(other), { payment: { type: 'transfer', date: new Date('2026-11-28T08:00:00Z') } }),
    );
    expect(unregistered.documentType).toBe('e_archive');
    expect(parasut.document('e_archives', unregistered.documentId)!.attributes.internet_sale).toMatchObject({
      payment_type: 'EFT/HAVALE',
      payment_date: '2026-11-28',
    });
    expect(parasut.contacts().find((c) => c.attributes.tax_number === other)!.attributes).toMatchObject({
      contact_type: 'company',
      tax_office: 'Kadıköy',
    });
  });

  it('cash on delivery: KAPIDAODEME on the e-Arşiv, no payment recorded before the money comes', async () => {
    const req = request(person('234567891'), { payment: { type: 'cod' } });
    const issued = await provider().issue(req);
    const archive = parasut.document('e_archives', issued.documentId)!;
    expect(archive.attributes.internet_sale).toMatchObject({
      payment_type: 'KAPIDAODEME',
      payment_date: '2026-11-29',
    });
    expect(invoicesOf(req.orderNumber)[0]!.attributes.payment_status).toBe('unpaid');
  });

  it('finds the contact and the products again instead of making them twice', async () => {
    const buyer = person('345678912');
    await provider().issue(request(buyer));
    const contactsBefore = parasut.contacts().length;
    const productsBefore = parasut.products().length;
    await provider().issue(request(buyer));
    expect(parasut.contacts().length).toBe(contactsBefore);
    expect(parasut.products().length).toBe(productsBefore);
  });
});

describe('Paraşüt provider: tokens, throttling and outages', () => {
  it('renews an ended token with the refresh token and goes on', async () => {
    const p = provider();
    const req = request(person('456789123'));
    let progress = (await p.step(req, {})).progress;
    const grantsBefore = parasut.requests.filter((r) => r.path === '/oauth/token').length;
    parasut.expireTokens();
    progress = (await p.step(req, progress)).progress;
    expect(progress.productIds).toBeDefined();
    const grants = parasut.requests.filter((r) => r.path === '/oauth/token').slice(grantsBefore);
    expect(grants.map((g) => (g.body as { grant_type: string }).grant_type)).toEqual(['refresh_token']);
    const issued = await p.issue(req, progress);
    expect(issued.documentType).toBe('e_archive');
  });

  it('renews the token a minute before it ends, before Paraşüt has to refuse it', async () => {
    let clock = Date.now();
    const p = provider({ now: () => clock });
    const req = request(person('147258369'));
    let progress = (await p.step(req, {})).progress;
    const grantsBefore = parasut.requests.filter((r) => r.path === '/oauth/token').length;
    // 7200 s given; 7141 s later the token has under a minute left (Paraşüt would still take it).
    clock += 7_141_000;
    progress = (await p.step(req, progress)).progress;
    expect(progress.productIds).toBeDefined();
    const grants = parasut.requests.filter((r) => r.path === '/oauth/token').slice(grantsBefore);
    expect(grants.map((g) => (g.body as { grant_type: string }).grant_type)).toEqual(['refresh_token']);
  });

  it('a token refused by the API gets one new token and one more try; refused again, FATURA_YETKI_YOK', async () => {
    const p = provider();
    const req = request(person('258369147'));
    parasut.failNext(1, { status: 401 }, { method: 'GET', path: '/contacts' });
    const once = await p.step(req, {});
    expect(once.progress.contactId).toBeDefined();

    parasut.failNext(2, { status: 401 }, { method: 'GET', path: '/products' });
    const twice = await refusal(p.step(req, once.progress));
    expect(twice.code).toBe('FATURA_YETKI_YOK');
    expect(twice.message).toContain('PARASUT_CLIENT_ID');
    expect(isRetryableEInvoiceError(twice)).toBe(false);
  });

  it('keys Paraşüt refuses: FATURA_YETKI_YOK naming the variables, not retried', async () => {
    const err = await refusal(provider({ password: 'yanlış' }).issue(request(person('567891234'))));
    expect(err.code).toBe('FATURA_YETKI_YOK');
    expect(err.message).toContain('PARASUT_PASSWORD');
    expect(isRetryableEInvoiceError(err)).toBe(false);
  });

  it('waits out a 429 and succeeds', async () => {
    const req = request(person('678912345'));
    parasut.failNext(1, { status: 429, retryAfterSeconds: 1 }, { method: 'POST', path: '/sales_invoices' });
    const issued = await provider().issue(req);
    expect(issued.documentType).toBe('e_archive');
    expect(invoicesOf(req.orderNumber)).toHaveLength(1);
    // Asked twice: the first answered 429, the second made the invoice.
    const asked = parasut.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/sales_invoices' &&
        (r.body as { data: { attributes: { order_no?: string } } }).data.attributes.order_no ===
          req.orderNumber,
    );
    expect(asked).toHaveLength(2);
  });

  it('a long Retry-After is left to the job: FATURA_YOGUN with its time, retryable', async () => {
    parasut.failNext(1, { status: 429, retryAfterSeconds: 120 }, { method: 'GET', path: '/contacts' });
    const err = await refusal(provider().issue(request(person('789123456'))));
    expect(err.code).toBe('FATURA_YOGUN');
    expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(isRetryableEInvoiceError(err)).toBe(true);
  });

  it('Paraşüt down after making the invoice, then back: resumes from the stored step, exactly one invoice', async () => {
    const req = request(person('891234567'));
    const stored: InvoiceProgress[] = [];
    const save = (p: InvoiceProgress) => {
      stored.push(p);
    };
    // The invoice is made but its answer is lost to a 500; then a timeout on the next try.
    parasut.failNext(1, { status: 500, carryOut: true }, { method: 'POST', path: '/sales_invoices' });
    const down = await refusal(provider().issue(req, {}, save));
    expect(down.code).toBe('FATURA_ULASILAMIYOR');
    expect(isRetryableEInvoiceError(down)).toBe(true);
    expect(stored.at(-1)!.step).toBe('products');
    expect(stored.at(-1)!.invoiceId).toBeUndefined();
    expect(invoicesOf(req.orderNumber)).toHaveLength(1);

    parasut.failNext(1, { status: 'timeout' }, { method: 'GET', path: '/sales_invoices' });
    const slow = await refusal(provider({ timeoutMs: 300 }).issue(req, stored.at(-1)!, save));
    expect(slow.code).toBe('FATURA_ULASILAMIYOR');

    const issued = await provider().issue(req, stored.at(-1)!, save);
    expect(invoicesOf(req.orderNumber)).toHaveLength(1);
    expect(issued.invoiceId).toBe(invoicesOf(req.orderNumber)[0]!.id);
    expect(
      parasut.payments().filter((p) => p.attributes.description === `Sipariş ${req.orderNumber} tahsilatı`),
    ).toHaveLength(1);
  });

  it('an e-document request whose answer was lost is found on the invoice, not issued twice', async () => {
    const req = request(person('912345678'));
    const stored: InvoiceProgress[] = [];
    const save = (p: InvoiceProgress) => {
      stored.push(p);
    };
    const before = posts('/e_archives');
    parasut.failNext(1, { status: 500, carryOut: true }, { method: 'POST', path: '/e_archives' });
    await refusal(provider().issue(req, {}, save));
    expect(stored.at(-1)!.step).toBe('payment');
    // Asked again, Paraşüt refuses a second e-Arşiv for the invoice; the first one is taken from the invoice.
    const issued = await provider().issue(req, stored.at(-1)!, save);
    expect(posts('/e_archives') - before).toBe(2);
    const invoice = parasut.invoice(issued.invoiceId)!;
    expect((invoice.relationships!.active_e_document!.data as { id: string }).id).toBe(issued.documentId);
    expect(issued.invoiceNumber).toMatch(/^VEA2026\d{9}$/);
  });

  it("a 422 refusal carries Paraşüt's own words in Turkish, not retryable", async () => {
    // 11 digits but a wrong check digit: only Paraşüt knows.
    const buyer = { ...person(), taxNumber: '12345678901' };
    const err = await refusal(provider().issue(request(buyer)));
    expect(err.code).toBe('FATURA_REDDEDILDI');
    expect(err.status).toBe(422);
    expect(err.message).toBe('Paraşüt kaydı kabul etmedi: TC kimlik numarası geçersiz: 12345678901');
    expect(isRetryableEInvoiceError(err)).toBe(false);
  });

  it('refuses a buyer no invoice can name before calling, and lines not making the total before any invoice', async () => {
    const before = parasut.requests.length;
    const noOffice = await refusal(provider().issue(request({ ...company(REGISTERED_VKN), taxOffice: '' })));
    expect(noOffice.code).toBe('FATURA_BILGI_EKSIK');
    expect(noOffice.message).toContain('vergi dairesi');
    expect(parasut.requests.length).toBe(before);

    const mismatched = request(person('123123123'), { totalMinor: 76_410 });
    const wrong = await refusal(provider().issue(mismatched));
    expect(wrong.code).toBe('FATURA_TUTAR_TUTMUYOR');
    expect(wrong.message).toContain('764,10 TL');
    expect(invoicesOf(mismatched.orderNumber)).toHaveLength(0);
  });
});

describe('Paraşüt provider from the environment', () => {
  it('names the missing variables in Turkish, and builds from a complete set', async () => {
    const missing = einvoiceFromEnv('parasut', { PARASUT_CLIENT_ID: 'x' });
    expect('missing' in missing && missing.missing).toContain('PARASUT_CLIENT_SECRET');
    expect('missing' in missing && missing.missing).toContain('PARASUT_COMPANY_ID');
    const badUrl = einvoiceFromEnv('parasut', { ...parasut.env, PARASUT_BASE_URL: 'api.parasut.com' });
    expect('missing' in badUrl && badUrl.missing).toContain('PARASUT_BASE_URL');
    const built = einvoiceFromEnv('parasut', parasut.env, { jobPollMs: 1 });
    expect('missing' in built).toBe(false);
    if ('missing' in built) return;
    const issued = await built.issue(request(person('321321321')));
    expect(issued.documentType).toBe('e_archive');
    const again = await built.pdf(issued.documentType, issued.documentId);
    expect(again.url).not.toBe(issued.pdfUrl);
  });
});
