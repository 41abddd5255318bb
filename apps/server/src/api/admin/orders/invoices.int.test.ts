import { customers, orderInvoices, orderItems, orders, payments } from '@vitrin/core/db/schema';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { billing, openOrderWorld } from '@vitrin/testing/orders';
import { startParasutServer, vknFrom } from '@vitrin/testing/parasut-server';
import { smtpMailer, startSmtp } from '@vitrin/testing/smtp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, registeredBrowser, browser as visitor } from '../../../../test/accounts.ts';
import { commandFailure } from '../../../../test/commands.ts';
import { createTestServices, tempDir, testConfig } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { buildApp } from '../../../http/app.ts';
import { runCommand } from '../../../ops/commands.ts';

/**
 * E-invoices of orders (issue 42) against the Paraşüt stand-in: an order moved to Kargoya Verildi gets
 * exactly one e-Arşiv whose PDF the shop stores and serves; Paraşüt down then back makes one invoice; the
 * panel's "Fatura kes" makes nothing twice; a company with an inbox gets an e-Fatura; mixed VAT with a coupon,
 * an instalment difference and a cash-on-delivery fee sums to the kuruş; the setting refused while the
 * shop's legal details or keys are missing; who may call; bad input; the CLI.
 */
const REGISTERED_VKN = vknFrom('123456789');
const ALIAS = 'urn:mail:defaultpk@kurum.example';
const parasut = await startParasutServer({ jobReads: 1, inboxes: { [REGISTERED_VKN]: ALIAS } });
const store = tempDir('vitrin-invoice-files-');
const smtp = await startSmtp();
const services = await createTestServices({
  demo: false,
  options: {
    mailer: smtpMailer(smtp.url),
    shopUrl: 'https://magaza.test',
    files: createDiskStore(store.dir),
    einvoice: { env: parasut.env, tuning: { jobPollMs: 1, timeoutMs: 2_000 } },
  },
});
const app = await buildApp({ services, config: testConfig() });
const w = await openOrderWorld({ database: services.database });
await services.orders.ready();
const { db } = services.database;
const cli = (...args: string[]) => runCommand(services, args);

let owner: Browser;
let support: Browser;
let manager: Browser;
beforeAll(async () => {
  owner = (await loggedInStaff(app, services, 'owner')).b;
  support = (await loggedInStaff(app, services, 'support')).b;
  manager = (await loggedInStaff(app, services, 'manager')).b;
});
afterAll(async () => {
  await w.dispose();
  await app.close();
  await services.dispose();
  await parasut.close();
  await smtp.close();
  store.remove();
});

const invoicesAt = (orderNo: string) => parasut.invoices().filter((i) => i.attributes.order_no === orderNo);
const rowOf = async (orderId: number) =>
  (await db.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId)))[0];

async function turnOn() {
  await services.settings.set('unvan', 'Vitrin Atölye Ltd. Şti.');
  await services.settings.set('tax_id', vknFrom('111222333'));
  await services.settings.set('tax_office', 'Kadıköy');
  await services.settings.set('contact_address', 'Caferağa Mah. Moda Cad. No: 1 Kadıköy İstanbul');
  await services.settings.set('einvoice_provider', 'parasut');
}

/** A Havale / EFT order whose transfer arrived (Hazırlanıyor). */
async function preparedOrder(input: Parameters<typeof w.placeOrder>[0] = {}) {
  const placed = await w.placeOrder(input);
  await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
  return placed;
}
const ship = (id: number) =>
  services.orders.changeStatus(id, ORDER_STATE.Shipped, {
    actor: 'operator',
    cargoCompany: 'Yurtiçi Kargo',
    trackingNo: 'YK123456',
  });

describe('the einvoice_provider setting', () => {
  it('refuses parasut while the legal details are missing, naming them; the CLI too', async () => {
    const refused = await commandFailure(services.settings.set('einvoice_provider', 'parasut'));
    expect(refused.code).toBe('EFATURA_ACILAMAZ');
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('vergi kimlik numarası (tax_id)');
    expect(refused.message).toContain('vergi dairesi (tax_office)');
    expect(refused.message).toContain('adres (contact_address)');
    const viaCli = await commandFailure(cli('settings', 'set', 'einvoice_provider', 'parasut'));
    expect(viaCli.code).toBe('EFATURA_ACILAMAZ');
    expect(await services.settings.get('einvoice_provider')).toBe('none');
    expect((await commandFailure(services.settings.set('einvoice_provider', 'efatura'))).code).toBe(
      'AYAR_DEGERI_GECERSIZ',
    );
  });

  it('in the panel: refused while the legal details are missing, saved with them; a bad value is 400', async () => {
    const patch = (body: Record<string, unknown>) => owner.patch('/api/admin/settings', body);
    const refused = await patch({ einvoice_provider: 'parasut' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('EFATURA_ACILAMAZ');
    expect(refused.json().error.message).toContain('vergi dairesi (tax_office)');
    expect(await services.settings.get('einvoice_provider')).toBe('none');
    const bad = await patch({ einvoice_provider: 'efatura' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.einvoice_provider).toBe('Değer none ya da parasut olmalıdır.');
    // The legal details saved with it count.
    const saved = await patch({
      unvan: 'Vitrin Atölye Ltd. Şti.',
      tax_id: vknFrom('111222333'),
      tax_office: 'Kadıköy',
      contact_address: 'Caferağa Mah. Moda Cad. No: 1 Kadıköy İstanbul',
      einvoice_provider: 'parasut',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.einvoice_provider).toBe('parasut');
    expect((await patch({ einvoice_provider: 'none' })).json().settings.einvoice_provider).toBe('none');
    expect(await services.settings.get('einvoice_provider')).toBe('none');
  });

  it("while off: no job at Kargoya Verildi, and the panel's request answers 409", async () => {
    const placed = await preparedOrder();
    await ship(placed.id);
    expect(await rowOf(placed.id)).toBeUndefined();
    const res = await owner.post(`/api/admin/orders/${placed.orderNo}/invoice`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EFATURA_KAPALI');
  });
});

describe('an order moved to Kargoya Verildi', () => {
  beforeAll(turnOn);

  it('gets exactly one e-Arşiv, the PDF stored by the shop and served to staff and its customer', async () => {
    const shopper = await registeredBrowser(app, 42);
    const [customer] = await db.select().from(customers).where(eq(customers.email, 'musteri42@example.com'));
    const placed = await preparedOrder({ customerId: customer!.id });
    await ship(placed.id);
    expect((await rowOf(placed.id))!.status).toBe('pending');
    expect(invoicesAt(placed.orderNo)).toHaveLength(0);

    expect((await services.einvoicing.round()).issued).toBeGreaterThanOrEqual(1);
    const row = (await rowOf(placed.id))!;
    expect(row).toMatchObject({ status: 'issued', documentType: 'e_archive', attempts: 0, lastError: null });
    expect(row.invoiceNumber).toMatch(/^\w{3}2\d{12}$/);
    expect(invoicesAt(placed.orderNo)).toHaveLength(1);
    expect(invoicesAt(placed.orderNo)[0]!.attributes.net_total).toBe('200.00');

    const detail = await support.get(`/api/admin/orders/${placed.orderNo}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().invoice).toEqual({
      status: 'issued',
      number: row.invoiceNumber,
      type: 'e_archive',
      pdfUrl: `/api/admin/orders/${placed.orderNo}/einvoice.pdf`,
      lastError: null,
      attempts: 0,
      reversal: null,
    });
    const pdf = await support.get(`/api/admin/orders/${placed.orderNo}/einvoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body).toContain(row.invoiceNumber!);

    // The shopper's own order links the shop's copy; another customer sees nothing.
    const own = await shopper.get(`/api/front/orders/${placed.orderNo}`);
    expect(own.json().invoicePdfUrl).toBe(`/api/front/orders/${placed.orderNo}/invoice`);
    const mine = await shopper.get(`/api/front/orders/${placed.orderNo}/invoice`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(row.invoiceNumber!);
    const other = await registeredBrowser(app, 43);
    expect((await other.get(`/api/front/orders/${placed.orderNo}/invoice`)).statusCode).toBe(404);
    expect((await visitor(app).get(`/api/front/orders/${placed.orderNo}/invoice`)).statusCode).toBe(404);
    const token = services.orders.accessToken(placed.orderNo);
    const guest = await visitor(app).get(`/api/front/orders/${placed.orderNo}/invoice?token=${token}`);
    expect(guest.statusCode).toBe(200);

    // Rounds and requests after that make nothing more.
    await services.einvoicing.round();
    const again = await owner.post(`/api/admin/orders/${placed.orderNo}/invoice`);
    expect(again.statusCode).toBe(200);
    expect(again.json().invoice.number).toBe(row.invoiceNumber);
    expect(invoicesAt(placed.orderNo)).toHaveLength(1);
  });

  it('Paraşüt down then back: the row waits with its error, then exactly one invoice', async () => {
    const placed = await preparedOrder();
    await ship(placed.id);
    // The invoice is made, but its answer is lost; then Paraşüt is down.
    parasut.failNext(1, { status: 500, carryOut: true }, { method: 'POST', path: /\/sales_invoices$/ });
    await services.einvoicing.round();
    const waiting = (await rowOf(placed.id))!;
    expect(waiting.status).toBe('pending');
    expect(waiting.attempts).toBe(1);
    expect(waiting.lastError).toBeTruthy();
    expect(waiting.nextAttemptAt!.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(waiting.progress.contactId).toBeTruthy();
    const panel = (await owner.get(`/api/admin/orders/${placed.orderNo}`)).json().invoice;
    expect(panel).toMatchObject({ status: 'pending', number: null, attempts: 1 });
    expect(panel.lastError).toBe(waiting.lastError);
    const health = (await owner.get('/api/admin/einvoice/health')).json();
    expect(health).toMatchObject({ provider: 'parasut', configured: true, lastError: waiting.lastError });

    // Not due yet: the round leaves it; the CLI's retry makes it due now.
    await services.einvoicing.round();
    expect((await rowOf(placed.id))!.attempts).toBe(1);
    expect(await cli('einvoice', 'list')).toContain(`${placed.orderNo}  Bekliyor`);
    const retried = await cli('einvoice', 'retry', placed.orderNo);
    expect(retried).toContain(`${placed.orderNo}: fatura kesildi, e-Arşiv`);
    expect(invoicesAt(placed.orderNo)).toHaveLength(1);
    expect((await rowOf(placed.id))!.status).toBe('issued');
    expect(await cli('einvoice', 'list')).toContain(`${placed.orderNo}  Kesildi`);
  });

  it("failed (a refusal the owner has since fixed): the panel's request tries it again, one invoice", async () => {
    const placed = await preparedOrder();
    await ship(placed.id);
    // As a refusal leaves it: failed, waiting for the owner, not for a round.
    await db
      .update(orderInvoices)
      .set({ status: 'failed', attempts: 1, lastError: 'Paraşüt faturayı reddetti.', nextAttemptAt: null })
      .where(eq(orderInvoices.orderId, placed.id));
    await services.einvoicing.round();
    expect((await rowOf(placed.id))!.status).toBe('failed');
    expect(invoicesAt(placed.orderNo)).toHaveLength(0);
    const res = await owner.post(`/api/admin/orders/${placed.orderNo}/invoice`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invoice).toMatchObject({ status: 'issued', type: 'e_archive' });
    expect(invoicesAt(placed.orderNo)).toHaveLength(1);
    expect((await owner.post(`/api/admin/orders/${placed.orderNo}/invoice`)).json().invoice.number).toBe(
      res.json().invoice.number,
    );
    expect(invoicesAt(placed.orderNo)).toHaveLength(1);
  });

  it('a company buyer with an e-Fatura inbox gets an e-Fatura to its alias', async () => {
    const placed = await preparedOrder();
    await db
      .update(orders)
      .set({
        billingAddress: {
          ...billing,
          billingType: 'corporate',
          tcKimlikNo: null,
          companyName: 'Kurum A.Ş.',
          taxNumber: REGISTERED_VKN,
          taxOffice: 'Beşiktaş',
        },
      })
      .where(eq(orders.id, placed.id));
    const res = await manager.post(`/api/admin/orders/${placed.orderNo}/invoice`);
    expect(res.statusCode).toBe(201);
    expect(res.json().invoice).toMatchObject({ status: 'issued', type: 'e_invoice' });
    const [invoice] = invoicesAt(placed.orderNo);
    const contact = parasut.contacts().find((c) => c.attributes.tax_number === REGISTERED_VKN)!;
    expect(contact.attributes).toMatchObject({ contact_type: 'company', tax_office: 'Beşiktaş' });
    expect(invoice).toBeDefined();
    expect(invoicesAt(placed.orderNo)).toHaveLength(1);
    // Moving it to Kargoya Verildi afterwards makes nothing more.
    await ship(placed.id);
    await services.einvoicing.round();
    expect(invoicesAt(placed.orderNo)).toHaveLength(1);
  });

  it('mixed VAT (1/10/20 %), a coupon, an instalment difference and a COD fee sum to the kuruş', async () => {
    const placed = await w.placeOrder({ paymentMethod: 'cod' });
    await db.delete(orderItems).where(eq(orderItems.orderId, placed.id));
    const line = (sku: string, quantity: number, unit: number, vatRate: number) => ({
      orderId: placed.id,
      stockType: 1,
      name: sku,
      sku,
      quantity,
      unitPriceMinor: unit,
      originalPriceMinor: unit,
      originalCurrency: 'TRY',
      vatRate,
      lineTotalMinor: quantity * unit,
      stockTaken: false,
    });
    await db
      .insert(orderItems)
      .values([
        line('EKMEK-1', 3, 4_999, 1),
        line('KITAP-10', 2, 12_345, 10),
        line('FINCAN-20', 1, 34_999, 20),
      ]);
    // 14 997 + 24 690 + 34 999 = 74 686; − 5 000 coupon + 1 733 vade farkı + 4 990 kargo + 1 999 kapıda ödeme.
    await db
      .update(orders)
      .set({
        subtotalMinor: 74_686,
        discountMinor: 5_000,
        instalmentFeeMinor: 1_733,
        shippingMinor: 4_990,
        codFeeMinor: 1_999,
        totalMinor: 78_408,
      })
      .where(eq(orders.id, placed.id));
    await services.orders.changeStatus(placed.id, ORDER_STATE.Preparing, { actor: 'operator' });
    await ship(placed.id);
    await services.einvoicing.round();
    expect((await rowOf(placed.id))!.status).toBe('issued');
    const [invoice] = invoicesAt(placed.orderNo);
    expect(invoice!.attributes.net_total).toBe('784.08');
    const rates = parasut.details(invoice!.id).map((d) => Number(d.attributes.vat_rate));
    expect(new Set(rates)).toEqual(new Set([1, 10, 20]));
    const archive = parasut.document('e_archives', (await rowOf(placed.id))!.progress.documentId!)!;
    expect(archive.attributes.internet_sale).toMatchObject({
      url: 'https://magaza.test',
      payment_type: 'KAPIDAODEME',
    });
  });

  /** The e-mails its shopper received about an order, sent now. */
  async function mailsAbout(orderNo: string, subject: string) {
    await services.orders.drainMail();
    return smtp.mailsTo('ayse@example.com').filter((m) => m.includes(orderNo) && m.includes(subject));
  }

  it("the shopper is e-mailed once when the invoice is issued, with the shop's own link to the PDF", async () => {
    const placed = await preparedOrder();
    await ship(placed.id);
    const shipped = await mailsAbout(placed.orderNo, 'Kargoya Verildi');
    expect(shipped).toHaveLength(1);
    // Not issued yet when it shipped: that e-mail has no invoice link; the invoice's own e-mail brings it.
    expect(shipped[0]).not.toContain('/invoice');
    await services.einvoicing.round();
    const row = (await rowOf(placed.id))!;
    const token = services.orders.accessToken(placed.orderNo);
    const link = `https://magaza.test/api/front/orders/${placed.orderNo}/invoice?token=${token}`;
    const [mail, ...more] = await mailsAbout(placed.orderNo, 'numarasıyla kesildi');
    expect(more).toHaveLength(0);
    expect(mail).toContain(`Faturanız kesildi – ${placed.orderNo}`);
    expect(mail).toContain(`e-Arşiv faturası ${row.invoiceNumber} numarasıyla kesildi.`);
    expect(mail).toContain(`Faturanızı PDF olarak indirebilirsiniz: ${link}`);
    expect(mail).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mail).toContain('<html lang="tr">');
    // Never Paraşüt's own link, which lasts an hour.
    expect(mail).not.toContain(parasut.url);
    // The link opens the shop's copy without logging in.
    const pdf = await visitor(app).get(link.replace('https://magaza.test', ''));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Asked again, nothing more is sent.
    await cli('einvoice', 'retry', placed.orderNo);
    await services.einvoicing.round();
    expect(await mailsAbout(placed.orderNo, 'numarasıyla kesildi')).toHaveLength(1);
  });

  it('the "Kargoya Verildi" e-mail links the PDF when the invoice was issued before shipping', async () => {
    const placed = await preparedOrder();
    const issued = await owner.post(`/api/admin/orders/${placed.orderNo}/invoice`);
    expect(issued.json().invoice.status).toBe('issued');
    await ship(placed.id);
    const [shipped] = await mailsAbout(placed.orderNo, 'Kargoya Verildi');
    const token = services.orders.accessToken(placed.orderNo);
    expect(shipped).toContain(
      `Faturanızı PDF olarak indirebilirsiniz: https://magaza.test/api/front/orders/${placed.orderNo}/invoice?token=${token}`,
    );
    expect(shipped).toContain('Faturayı indir (PDF)');
  });

  /** An order issued its e-Arşiv, then not delivered and cancelled. */
  async function invoicedThenCancelled(issuedDaysAgo = 0) {
    const placed = await preparedOrder();
    await ship(placed.id);
    await services.einvoicing.round();
    const issued = (await rowOf(placed.id))!;
    expect(issued.status).toBe('issued');
    if (issuedDaysAgo)
      await db
        .update(orderInvoices)
        .set({ issuedAt: new Date(Date.now() - issuedDaysAgo * 86_400_000) })
        .where(eq(orderInvoices.id, issued.id));
    await services.orders.changeStatus(placed.id, ORDER_STATE.NotDelivered, { actor: 'operator' });
    await services.orders.changeStatus(placed.id, ORDER_STATE.Cancelled, { actor: 'operator' });
    return { placed, issued };
  }
  const notesOf = async (orderNo: string) =>
    ((await owner.get(`/api/admin/orders/${orderNo}`)).json().notes as { body: string }[])
      .map((n) => n.body)
      .join('\n');

  it('cancelled the day its e-Arşiv was issued: the invoice is cancelled at Paraşüt, once', async () => {
    const { placed, issued } = await invoicedThenCancelled();
    const waiting = (await owner.get(`/api/admin/orders/${placed.orderNo}`)).json().invoice;
    expect(waiting).toMatchObject({
      status: 'pending',
      number: issued.invoiceNumber,
      reversal: { reason: 'cancelled', kind: null, done: false },
    });
    await services.einvoicing.round();
    const invoiceId = issued.progress.invoiceId!;
    expect(parasut.cancels()).toContain(invoiceId);
    expect(parasut.invoice(invoiceId)!.attributes.item_type).toBe('cancelled');
    expect(parasut.document('e_archives', issued.progress.documentId!)!.attributes.status).toBe('cancelled');
    const done = (await owner.get(`/api/admin/orders/${placed.orderNo}`)).json().invoice;
    expect(done).toMatchObject({
      status: 'cancelled',
      number: issued.invoiceNumber,
      reversal: { reason: 'cancelled', kind: 'cancel', done: true, number: null },
    });
    expect(await notesOf(placed.orderNo)).toContain(
      `Bu siparişin e-Arşiv faturası (${issued.invoiceNumber}) kesildiği gün Paraşüt'te iptal edildi.`,
    );
    // Nothing more: another round, the CLI's retry.
    await services.einvoicing.round();
    expect(await cli('einvoice', 'retry', placed.orderNo)).toBe(
      `${placed.orderNo}: fatura ${issued.invoiceNumber} Paraşüt'te iptal edildi.`,
    );
    expect(parasut.cancels().filter((id) => id === invoiceId)).toHaveLength(1);
    expect(parasut.purchaseBills()).toHaveLength(0);
  });

  it('cancelled on a later day: a return invoice of the whole sale, the e-Arşiv left standing', async () => {
    const { placed, issued } = await invoicedThenCancelled(1);
    await services.einvoicing.round();
    const invoice = parasut.invoice(issued.progress.invoiceId!)!;
    expect(invoice.attributes.item_type).toBe('invoice');
    const bills = parasut
      .purchaseBills()
      .filter((b) => b.attributes.description === `Sipariş ${placed.orderNo} iadesi`);
    expect(bills).toHaveLength(1);
    expect(bills[0]!.attributes).toMatchObject({
      item_type: 'refund',
      net_total: invoice.attributes.net_total,
      invoice_no: `IADE-${placed.orderNo}`,
    });
    expect((bills[0]!.relationships!.contact!.data as { id: string }).id).toBe(issued.progress.contactId);
    const done = (await owner.get(`/api/admin/orders/${placed.orderNo}`)).json().invoice;
    expect(done).toMatchObject({
      status: 'issued',
      reversal: { kind: 'return', done: true, number: `IADE-${placed.orderNo}` },
    });
    expect(await notesOf(placed.orderNo)).toContain(
      `Paraşüt'te iade faturası kesildi (IADE-${placed.orderNo})`,
    );
    await cli('einvoice', 'retry', placed.orderNo);
    expect(
      parasut.purchaseBills().filter((b) => b.attributes.description === bills[0]!.attributes.description),
    ).toHaveLength(1);
    expect(parasut.cancels()).not.toContain(issued.progress.invoiceId);
  });

  it("an e-Fatura's order cancelled: nothing at Paraşüt, a note sending the owner to their accountant", async () => {
    const placed = await preparedOrder();
    await db
      .update(orders)
      .set({
        billingAddress: {
          ...billing,
          billingType: 'corporate',
          tcKimlikNo: null,
          companyName: 'Kurum A.Ş.',
          taxNumber: REGISTERED_VKN,
          taxOffice: 'Beşiktaş',
        },
      })
      .where(eq(orders.id, placed.id));
    const issued = await owner.post(`/api/admin/orders/${placed.orderNo}/invoice`);
    expect(issued.json().invoice).toMatchObject({ status: 'issued', type: 'e_invoice' });
    const before = { cancels: parasut.cancels().length, bills: parasut.purchaseBills().length };
    await services.orders.changeStatus(placed.id, ORDER_STATE.Cancelled, { actor: 'operator' });
    await services.einvoicing.round();
    expect(parasut.cancels()).toHaveLength(before.cancels);
    expect(parasut.purchaseBills()).toHaveLength(before.bills);
    const view = (await owner.get(`/api/admin/orders/${placed.orderNo}`)).json().invoice;
    expect(view).toMatchObject({ status: 'issued', reversal: { kind: 'note', done: true } });
    const notes = await notesOf(placed.orderNo);
    expect(notes).toContain(`Bu siparişin e-Fatura faturası kesilmişti (${issued.json().invoice.number})`);
    expect(notes).toContain('Muhasebecinize (mali müşavirinize) danışın.');
  });

  it('Paraşüt down during the cancel, then back: exactly one cancel', async () => {
    const { placed, issued } = await invoicedThenCancelled();
    const invoiceId = issued.progress.invoiceId!;
    // The cancel is carried out but its answer is lost; then Paraşüt is down.
    parasut.failNext(1, { status: 500, carryOut: true }, { method: 'DELETE' });
    await services.einvoicing.round();
    const waiting = (await rowOf(placed.id))!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toBeTruthy();
    expect(waiting.progress.reversal).toMatchObject({ kind: 'cancel' });
    expect(waiting.progress.reversal!.done).toBeFalsy();
    parasut.failNext(1, { status: 500 });
    const still = await commandFailure(cli('einvoice', 'retry', placed.orderNo));
    expect(still.code).toBe('FATURA_KESILEMEDI');
    expect(still.message).toContain(`${placed.orderNo}: fatura iptal / iade edilemedi (`);
    expect((await rowOf(placed.id))!.status).toBe('pending');
    // Back: the retry reads the invoice cancelled and cancels nothing more.
    const done = await services.einvoicing.retry(placed.orderNo);
    expect(done).toMatchObject({ status: 'cancelled', reversal: { kind: 'cancel', done: true } });
    expect(parasut.cancels().filter((id) => id === invoiceId)).toHaveLength(1);
    expect(
      parasut.purchaseBills().filter((b) => b.attributes.description === `Sipariş ${placed.orderNo} iadesi`),
    ).toHaveLength(0);
  });

  it('a card order refunded in full on a later day gets its return invoice, once', async () => {
    const placed = await w.placeOrder({ paymentMethod: 'card' });
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.id));
    await db
      .update(orders)
      .set({ paymentStatus: 'paid', paymentDueAt: null })
      .where(eq(orders.id, placed.id));
    await db.insert(payments).values({
      orderId: placed.id,
      provider: 'test',
      reference: `ref-${placed.orderNo}`,
      amountMinor: order!.totalMinor,
      status: 'succeeded',
      completedAt: new Date(Date.now() - 2 * 86_400_000),
    });
    const issued = await owner.post(`/api/admin/orders/${placed.orderNo}/invoice`);
    expect(issued.json().invoice).toMatchObject({ status: 'issued', type: 'e_archive' });
    await db
      .update(orderInvoices)
      .set({ issuedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orderInvoices.orderId, placed.id));
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    const refund = await owner.post(`/api/admin/orders/${placed.orderNo}/refunds`, {
      key: `fatura-iadesi-${placed.orderNo}`,
      lines: items.map((i) => ({ itemId: i.id, quantity: i.quantity })),
    });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    expect((await db.select().from(orders).where(eq(orders.id, placed.id)))[0]!.paymentStatus).toBe(
      'refunded',
    );
    expect((await rowOf(placed.id))!.progress.reversal).toMatchObject({ reason: 'refunded' });
    await services.einvoicing.round();
    await services.einvoicing.round();
    const bills = parasut
      .purchaseBills()
      .filter((b) => b.attributes.description === `Sipariş ${placed.orderNo} iadesi`);
    expect(bills).toHaveLength(1);
    expect(bills[0]!.attributes.net_total).toBe(invoicesAt(placed.orderNo)[0]!.attributes.net_total);
    const view = (await owner.get(`/api/admin/orders/${placed.orderNo}`)).json().invoice;
    expect(view).toMatchObject({ reversal: { reason: 'refunded', kind: 'return', done: true } });
  });

  it('cancelled before its invoice was issued: never issued', async () => {
    const early = await preparedOrder();
    await ship(early.id);
    await services.orders.changeStatus(early.id, ORDER_STATE.NotDelivered, { actor: 'operator' });
    await services.orders.changeStatus(early.id, ORDER_STATE.Cancelled, { actor: 'operator' });
    await services.einvoicing.round();
    expect((await rowOf(early.id))!.status).toBe('cancelled');
    expect(invoicesAt(early.orderNo)).toHaveLength(0);
  });

  it('a shopper who gave no TCKN is invoiced as 11111111111, as GİB allows', async () => {
    const placed = await preparedOrder();
    await db
      .update(orders)
      .set({ billingAddress: { ...billing, tcKimlikNo: null } })
      .where(eq(orders.id, placed.id));
    const res = await owner.post(`/api/admin/orders/${placed.orderNo}/invoice`);
    expect(res.statusCode).toBe(201);
    expect(res.json().invoice).toMatchObject({ status: 'issued', type: 'e_archive' });
    const contactId = (await rowOf(placed.id))!.progress.contactId;
    expect(parasut.contacts().find((c) => c.id === contactId)!.attributes.tax_number).toBe('11111111111');
  });

  it('a card order names its payment platform and date', async () => {
    const placed = await w.placeOrder({ paymentMethod: 'card' });
    await db
      .update(orders)
      .set({ paymentStatus: 'paid', paymentDueAt: null })
      .where(eq(orders.id, placed.id));
    await db.insert(payments).values({
      orderId: placed.id,
      provider: 'paytr',
      reference: `ref-${placed.orderNo}`,
      amountMinor: 20_000,
      status: 'succeeded',
      completedAt: new Date('2026-11-27T10:00:00Z'),
    });
    const res = await owner.post(`/api/admin/orders/${placed.orderNo}/invoice`);
    expect(res.statusCode).toBe(201);
    const archive = parasut.document('e_archives', (await rowOf(placed.id))!.progress.documentId!)!;
    expect(archive.attributes.internet_sale).toEqual({
      url: 'https://magaza.test',
      payment_type: 'KREDIKARTI/BANKAKARTI',
      payment_platform: 'PayTR',
      payment_date: '2026-11-27',
    });
  });
});

describe('POST /api/admin/orders/{number}/invoice: who and what', () => {
  it('needs a staff session (401) with orders.write (403)', async () => {
    const placed = await preparedOrder();
    const url = `/api/admin/orders/${placed.orderNo}/invoice`;
    expect((await visitor(app).post(url)).statusCode).toBe(401);
    expect((await support.post(url)).statusCode).toBe(403);
    expect((await visitor(app).get(`/api/admin/orders/${placed.orderNo}/einvoice.pdf`)).statusCode).toBe(401);
    expect((await visitor(app).get('/api/admin/einvoice/health')).statusCode).toBe(401);
    expect(await rowOf(placed.id)).toBeUndefined();
  });

  it('refuses an unknown order (404), a bad number (400), an unpaid order (409), in Turkish', async () => {
    const unknown = await owner.post('/api/admin/orders/VTYOKBOYLE1/invoice');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SIPARIS_BULUNAMADI');
    const bad = await owner.post('/api/admin/orders/VT%20%3B--/invoice');
    expect(bad.statusCode).toBe(400);
    const unpaid = await w.placeOrder();
    const refused = await owner.post(`/api/admin/orders/${unpaid.orderNo}/invoice`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'FATURA_KESILEMEZ',
      message: 'Ödemesi alınmamış siparişe fatura kesilemez.',
    });
    const noPdf = await owner.get(`/api/admin/orders/${unpaid.orderNo}/einvoice.pdf`);
    expect(noPdf.statusCode).toBe(404);
    expect(noPdf.json().error.code).toBe('FATURA_PDF_YOK');
  });

  it('the CLI: list --failed, retry of an order with no invoice, bad arguments', async () => {
    expect(await cli('einvoice', 'list', '--failed')).toBe('Kesilemeyen fatura yok.');
    const placed = await w.placeOrder();
    expect((await commandFailure(cli('einvoice', 'retry', placed.orderNo))).code).toBe('FATURA_BULUNAMADI');
    expect((await commandFailure(cli('einvoice', 'retry', 'YOKBOYLE9'))).code).toBe('SIPARIS_BULUNAMADI');
    expect((await commandFailure(cli('einvoice', 'list', '--hepsi'))).code).toBe('KOMUT_GECERSIZ');
  });
});
