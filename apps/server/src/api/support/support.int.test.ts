import { DomainError } from '@vitrin/core';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { smtpMailer, startSmtp } from '@vitrin/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser, registeredBrowser } from '../../../test/accounts.ts';
import { createTestApp, tempDir } from '../../../test/server.ts';
import { multipartForm } from '../../../test/uploads.ts';
import { runCommand } from '../../ops/commands.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let w: OrderWorld;
const dataDir = tempDir('vitrin-files-');
let ayse: Browser;
let mehmet: Browser;
let ayseId: number;
let mehmetId: number;

beforeAll(async () => {
  smtp = await startSmtp();
  const mailer = smtpMailer(smtp.url);
  t = await createTestApp({
    demo: false,
    services: { mailer, shopUrl: 'https://magaza.example.com', files: createDiskStore(dataDir.dir) },
  });
  w = await openOrderWorld({ database: t.services.database });
  ayse = await registeredBrowser(t.app, 1);
  mehmet = await registeredBrowser(t.app, 2);
  ayseId = (await ayse.get('/api/front/auth/me')).json().customer.id;
  mehmetId = (await mehmet.get('/api/front/auth/me')).json().customer.id;
});
afterAll(async () => {
  await t.services.support.drainMail();
  await w.dispose();
  await t.close();
  t.services.mailer.close();
  await smtp.close();
  dataDir.remove();
});

const openTicket = (b: Browser, fields: Record<string, string>, file?: Parameters<typeof multipartForm>[1]) =>
  b.request({ method: 'POST', url: '/api/front/support/tickets', ...multipartForm(fields, file) });

const ticketFields = { subject: 'Kupam kırık geldi', message: 'Kargodan çıkan kupanın kulpu kırıktı.' };

describe('support tickets API', () => {
  it('opens a ticket without an order, numbered DT-XXXXXXXX, status Açık, listed for its owner only', async () => {
    const res = await openTicket(ayse, ticketFields);
    expect(res.statusCode).toBe(201);
    const { ticket } = res.json();
    expect(ticket.ticketNo).toMatch(/^DT-[A-HJKMNP-Z2-9]{8}$/);
    expect(ticket).toMatchObject({
      subject: 'Kupam kırık geldi',
      orderNo: null,
      status: { code: 'open', label: 'Açık' },
      canReply: true,
      canClose: true,
    });
    expect(ticket.messages).toEqual([
      expect.objectContaining({ author: 'customer', body: ticketFields.message, attachment: null }),
    ]);
    const mine = (await ayse.get('/api/front/support/tickets')).json();
    expect(mine.tickets.map((x: { ticketNo: string }) => x.ticketNo)).toContain(ticket.ticketNo);
    const theirs = (await mehmet.get('/api/front/support/tickets')).json();
    expect(theirs.tickets.map((x: { ticketNo: string }) => x.ticketNo)).not.toContain(ticket.ticketNo);
  });

  it('opens a ticket about one of the customer’s own orders (JSON body too)', async () => {
    const { orderNo } = await w.placeOrder({ customerId: ayseId, email: 'musteri1@example.com' });
    const list = (await ayse.get('/api/front/support/tickets')).json();
    expect(list.orders.map((o: { orderNo: string }) => o.orderNo)).toContain(orderNo);
    const res = await ayse.post('/api/front/support/tickets', { ...ticketFields, orderNo });
    expect(res.statusCode).toBe(201);
    expect(res.json().ticket.orderNo).toBe(orderNo);
  });

  it('refuses someone else’s order with 422 SIPARIS_GECERSIZ', async () => {
    const { orderNo } = await w.placeOrder({ customerId: mehmetId, email: 'musteri2@example.com' });
    const res = await openTicket(ayse, { ...ticketFields, orderNo });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'SIPARIS_GECERSIZ',
      fields: { orderNo: expect.any(String) },
    });
    const unknown = await openTicket(ayse, { ...ticketFields, orderNo: 'VT-YOKBOYLE' });
    expect(unknown.statusCode).toBe(422);
  });

  it('refuses missing and too long fields with GECERSIZ_ISTEK, in Turkish', async () => {
    const empty = await openTicket(ayse, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ subject: 'Konuyu yazın', message: 'Mesajınızı yazın' });
    const long = await openTicket(ayse, { subject: 'Konu', message: 'a'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ message: 'Mesajınız en fazla 5000 karakter olabilir' });
  });

  it('keeps an image attachment and serves it to the owner only, with its type, a file name and nosniff', async () => {
    const res = await openTicket(ayse, ticketFields, {
      name: 'kırık kupa.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(res.statusCode).toBe(201);
    const { ticket } = res.json();
    const attachment = ticket.messages[0].attachment;
    expect(attachment).toMatchObject({ name: 'kırık kupa.png', type: 'image/png', size: PNG.length });
    expect(attachment.url).toBe(
      `/api/front/support/tickets/${ticket.ticketNo}/attachments/${ticket.messages[0].id}`,
    );

    const file = await ayse.get(attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''k%C4%B1r%C4%B1k%20kupa.png");
    expect(file.rawPayload.equals(PNG)).toBe(true);

    expect((await mehmet.get(attachment.url)).statusCode).toBe(404);
    expect((await mehmet.get(`/api/front/support/tickets/${ticket.ticketNo}`)).statusCode).toBe(404);
    expect((await browser(t.app).get(attachment.url)).statusCode).toBe(401);
    // Not under the public uploads.
    expect((await ayse.get(`/uploads/support/${attachment.name}`)).statusCode).toBe(404);
  });

  it('takes a PDF and offers it as a download', async () => {
    const res = await openTicket(ayse, ticketFields, {
      name: 'fatura.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    expect(res.statusCode).toBe(201);
    const file = await ayse.get(res.json().ticket.messages[0].attachment.url);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="fatura.pdf"/);
  });

  it('refuses a file over 5 MB with 413 DOSYA_COK_BUYUK', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await openTicket(ayse, ticketFields, { name: 'buyuk.png', type: 'image/png', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('DOSYA_COK_BUYUK');
  });

  it('refuses a program and a text file renamed .png with 415 DOSYA_TURU_GECERSIZ (by content)', async () => {
    const exe = await openTicket(ayse, ticketFields, {
      name: 'fatura.exe',
      type: 'application/octet-stream',
      bytes: EXE,
    });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.code).toBe('DOSYA_TURU_GECERSIZ');
    const text = await openTicket(ayse, ticketFields, {
      name: 'resim.png',
      type: 'image/png',
      bytes: Buffer.from('bu bir görsel değil'),
    });
    expect(text.statusCode).toBe(415);
  });

  it('answers a guest 401 and someone else’s or an unknown ticket 404', async () => {
    const guest = browser(t.app);
    expect((await guest.get('/api/front/support/tickets')).statusCode).toBe(401);
    expect((await openTicket(guest, ticketFields)).statusCode).toBe(401);
    const { ticket } = (await openTicket(ayse, ticketFields)).json();
    for (const url of [
      `/api/front/support/tickets/${ticket.ticketNo}`,
      '/api/front/support/tickets/DT-AAAAAAAA',
      '/api/front/support/tickets/yok',
    ]) {
      const res = await mehmet.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('TALEP_BULUNAMADI');
    }
    expect((await mehmet.post(`/api/front/support/tickets/${ticket.ticketNo}/close`)).statusCode).toBe(404);
    const reply = await mehmet.post(`/api/front/support/tickets/${ticket.ticketNo}/messages`, {
      message: 'Merhaba',
    });
    expect(reply.statusCode).toBe(404);
  });

  it('moves through Açık → Yanıtlandı (shop) → Açık (customer) → Kapandı, and a reply reopens it', async () => {
    const { ticket } = (await openTicket(ayse, ticketFields)).json();
    const no = ticket.ticketNo as string;
    const out = await runCommand(t.services, ['ticket', 'reply', no, 'Yenisini bugün kargoya veriyoruz.']);
    expect(out).toBe(`${no}: yanıt eklendi, durum Yanıtlandı. Müşteriye e-posta gönderildi.`);
    const answered = (await ayse.get(`/api/front/support/tickets/${no}`)).json().ticket;
    expect(answered.status.code).toBe('answered');
    expect(answered.messages.at(-1)).toMatchObject({
      author: 'shop',
      body: 'Yenisini bugün kargoya veriyoruz.',
    });

    const [mail] = smtp.mailsTo('musteri1@example.com').filter((m) => m.includes(no));
    expect(mail).toContain(`Destek talebiniz yanıtlandı – ${no}`);
    expect(mail).toContain('Yenisini bugün kargoya veriyoruz.');
    expect(mail).toContain(`https://magaza.example.com/panel/support/${no}`);

    const replied = await ayse.request({
      method: 'POST',
      url: `/api/front/support/tickets/${no}/messages`,
      ...multipartForm(
        { message: 'Teşekkürler, fotoğrafı ekledim.' },
        { name: 'a.png', type: 'image/png', bytes: PNG },
      ),
    });
    expect(replied.statusCode).toBe(201);
    expect(replied.json().ticket.status.code).toBe('open');
    expect(replied.json().ticket.messages.at(-1).attachment.type).toBe('image/png');

    const closed = await ayse.post(`/api/front/support/tickets/${no}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().ticket).toMatchObject({
      status: { code: 'closed', label: 'Kapandı' },
      canClose: false,
    });
    expect((await ayse.post(`/api/front/support/tickets/${no}/close`)).statusCode).toBe(200);

    // The shop cannot answer a closed ticket; the customer's reply reopens it.
    const refused = await runCommand(t.services, ['ticket', 'reply', no, 'Ek bilgi']).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'TALEP_KAPALI' });
    const reopened = await ayse.post(`/api/front/support/tickets/${no}/messages`, {
      message: 'Yeni kupa da kırık.',
    });
    expect(reopened.json().ticket.status.code).toBe('open');
  });

  it('refuses an empty reply with GECERSIZ_ISTEK', async () => {
    const { ticket } = (await openTicket(ayse, ticketFields)).json();
    const res = await ayse.post(`/api/front/support/tickets/${ticket.ticketNo}/messages`, { message: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ message: 'Mesajınızı yazın' });
  });

  it('pages through every ticket, 20 a page, last change first, and refuses a bad page with GECERSIZ_ISTEK', async () => {
    const zeynep = await registeredBrowser(t.app, 3);
    const zeynepId = (await zeynep.get('/api/front/auth/me')).json().customer.id;
    for (let i = 1; i <= 23; i++) {
      await t.services.support.open(zeynepId, { subject: `Talep ${i}`, message: 'Bir sorum olacaktı.' });
    }
    const first = (await zeynep.get('/api/front/support/tickets')).json();
    expect(first).toMatchObject({ page: 1, perPage: 20, total: 23, pageCount: 2 });
    expect(first.tickets).toHaveLength(20);
    expect(first.tickets[0].subject).toBe('Talep 23');
    const second = (await zeynep.get('/api/front/support/tickets?page=2')).json();
    expect(second).toMatchObject({ page: 2, total: 23, pageCount: 2 });
    expect(second.tickets.map((s: { subject: string }) => s.subject)).toEqual([
      'Talep 3',
      'Talep 2',
      'Talep 1',
    ]);
    const bad = await zeynep.get('/api/front/support/tickets?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: { page: 'Sayfa en az 1 olmalı' },
    });
  });
});

describe('npm run vitrin -- ticket', () => {
  it('lists and shows tickets, and names an unknown ticket in Turkish', async () => {
    const { ticket } = (await openTicket(ayse, { subject: 'Fatura', message: 'Faturamı alamadım.' })).json();
    expect(await runCommand(t.services, ['ticket', 'list', 'open'])).toContain(`${ticket.ticketNo}  Açık`);
    const shown = await runCommand(t.services, ['ticket', 'show', ticket.ticketNo]);
    expect(shown).toContain('Konu: Fatura');
    expect(shown).toContain('Müşteri:\nFaturamı alamadım.');
    const unknown = await runCommand(t.services, ['ticket', 'reply', 'DT-AAAAAAAA', 'Merhaba']).catch(
      (e: unknown) => e,
    );
    expect(unknown).toMatchObject({ code: 'TALEP_BULUNAMADI', message: 'Destek talebi bulunamadı.' });
    expect(
      await runCommand(t.services, ['ticket', 'list', 'bekliyor']).catch((e: DomainError) => e.code),
    ).toBe('KOMUT_GECERSIZ');
  });
});
