import { newOrderNo } from '@vitrin/core/checkout/order-number';
import { mailQueue, orders } from '@vitrin/core/db/schema';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import { MAX_ATTACHMENT_BYTES } from '@vitrin/shared/ticket-status';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { smtpMailer, startSmtp } from '@vitrin/testing/smtp';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, registeredBrowser } from '../../../../test/accounts.ts';
import { createTestApp, tempDir } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { multipartForm, PNG } from '../../../../test/uploads.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
const dataDir = tempDir('vitrin-files-');
let ayse: Browser;
let support: Browser;
let owner: Browser;
let w: OrderWorld;

beforeAll(async () => {
  smtp = await startSmtp();
  const mailer = smtpMailer(smtp.url);
  t = await createTestApp({
    demo: false,
    services: { mailer, shopUrl: 'https://magaza.example.com', files: createDiskStore(dataDir.dir) },
  });
  ayse = await registeredBrowser(t.app, 1);
  support = (await loggedInStaff(t.app, t.services, 'support')).b;
  owner = (await loggedInStaff(t.app, t.services, 'owner')).b;
  w = await openOrderWorld({ database: t.services.database });
});
afterAll(async () => {
  await w.dispose();
  await t.services.support.drainMail();
  await t.close();
  t.services.mailer.close();
  await smtp.close();
  dataDir.remove();
});

/** A ticket Ayşe opens in the storefront, with a PDF attached. */
async function opened(subject = 'Kupam kırık geldi'): Promise<string> {
  const res = await ayse.request({
    method: 'POST',
    url: '/api/front/support/tickets',
    ...multipartForm(
      { subject, message: 'Kargodan çıkan kupanın kulpu kırıktı.' },
      { name: 'fatura.pdf', type: 'application/pdf', bytes: PDF },
    ),
  });
  expect(res.statusCode).toBe(201);
  return res.json().ticket.ticketNo;
}

const reply = (
  b: Browser,
  no: string,
  fields: Record<string, string>,
  file?: Parameters<typeof multipartForm>[1],
) => b.request({ method: 'POST', url: `/api/admin/tickets/${no}/messages`, ...multipartForm(fields, file) });

/** The e-mails queued about ticket `no` (their subject names it). */
const queuedAbout = (no: string) =>
  t.services.database.db
    .select({ to: mailQueue.toAddress, kind: mailQueue.kind })
    .from(mailQueue)
    .where(and(like(mailQueue.subject, `%${no}%`), eq(mailQueue.kind, 'ticket-reply')));

const ticketAudit = async (no: string) =>
  (await t.services.audit.page({ entity: 'ticket' })).items.filter((e) => e.entityId === no);

describe('support in the panel', () => {
  it('lists the queue by state, last change first, with each state’s count', async () => {
    const first = await opened('Birinci talep');
    const second = await opened('İkinci talep');
    const all = (await support.get('/api/admin/tickets')).json();
    expect(all.items.slice(0, 2).map((x: { ticketNo: string }) => x.ticketNo)).toEqual([second, first]);
    expect(all.items[0]).toMatchObject({
      subject: 'İkinci talep',
      status: { code: 'open', label: 'Açık' },
      customer: { name: 'Ayşe Yılmaz', email: 'musteri1@example.com' },
    });
    expect(all).toMatchObject({ page: 1, perPage: 25 });
    expect(all.counts.open).toBeGreaterThanOrEqual(2);
    await t.services.support.staffMove({ kind: 'cli' }, first, 'close');
    const closed = (await support.get('/api/admin/tickets?status=closed')).json();
    expect(closed.items.map((x: { ticketNo: string }) => x.ticketNo)).toContain(first);
    expect(closed.items.every((x: { status: { code: string } }) => x.status.code === 'closed')).toBe(true);
    expect(closed.total).toBe(closed.counts.closed);
  });

  it.each([
    ['an unknown state', 'status=bekliyor', 'status', 'Durum açık, yanıtlandı ya da kapandı olmalı'],
    ['a page of 0', 'page=0', 'page', 'Sayfa en az 1 olmalı'],
  ])('refuses a queue with %s (400 GECERSIZ_ISTEK)', async (_, query, field, message) => {
    const res = await support.get(`/api/admin/tickets?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { [field]: message } });
  });

  it('lets support answer with an attachment: the customer sees it, is e-mailed, the log has it', async () => {
    const no = await opened();
    const detail = (await support.get(`/api/admin/tickets/${no}`)).json().ticket;
    expect(detail).toMatchObject({ canReply: true, canClose: true, canReopen: false });
    const customerFile = detail.messages[0].attachment;
    expect(customerFile.url).toBe(`/api/admin/tickets/${no}/attachments/${detail.messages[0].id}`);
    const download = await support.get(customerFile.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const res = await reply(
      support,
      no,
      { message: 'Yenisini bugün kargoya veriyoruz.' },
      { name: 'kargo.png', type: 'image/png', bytes: PNG },
    );
    expect(res.statusCode).toBe(201);
    const { ticket } = res.json();
    expect(ticket.status.code).toBe('answered');
    const answer = ticket.messages.at(-1);
    expect(answer).toMatchObject({
      author: 'shop',
      body: 'Yenisini bugün kargoya veriyoruz.',
      attachment: { name: 'kargo.png', type: 'image/png' },
    });

    // The customer reads the answer and downloads its file through their own API.
    const theirs = (await ayse.get(`/api/front/support/tickets/${no}`)).json().ticket;
    expect(theirs.status.code).toBe('answered');
    const file = await ayse.get(theirs.messages.at(-1).attachment.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);

    await t.services.support.drainMail();
    const [mail] = smtp.mailsTo('musteri1@example.com').filter((m) => m.includes(no));
    expect(mail).toContain(`Destek talebiniz yanıtlandı – ${no}`);
    expect(mail).toContain('Yenisini bugün kargoya veriyoruz.');

    expect((await ticketAudit(no))[0]).toMatchObject({
      action: 'ticket.shopReply',
      actor: { kind: 'staff' },
      before: { status: 'open' },
      after: { status: 'answered', message: 'Yenisini bugün kargoya veriyoruz.' },
    });
  });

  it('answers as JSON too; closes and reopens, each in the audit log', async () => {
    const no = await opened();
    const res = await support.post(`/api/admin/tickets/${no}/messages`, { message: 'Kontrol ediyoruz.' });
    expect(res.statusCode).toBe(201);
    const closed = await support.post(`/api/admin/tickets/${no}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().ticket).toMatchObject({
      status: { code: 'closed' },
      canReply: false,
      canReopen: true,
    });
    // A closed ticket is neither answered nor closed again.
    const refused = await support.post(`/api/admin/tickets/${no}/messages`, { message: 'Bir şey daha.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TALEP_KAPALI');
    const twice = await support.post(`/api/admin/tickets/${no}/close`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('TALEP_DEGISTI');
    const reopened = await support.post(`/api/admin/tickets/${no}/reopen`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().ticket).toMatchObject({
      status: { code: 'open' },
      canReply: true,
      canReopen: false,
    });
    expect((await support.post(`/api/admin/tickets/${no}/reopen`)).statusCode).toBe(409);
    expect((await ticketAudit(no)).map((e) => e.action)).toEqual([
      'ticket.reopen',
      'ticket.close',
      'ticket.shopReply',
    ]);
  });

  it('queues the customer’s e-mail in the reply’s transaction: one per reply, none when it fails', async () => {
    const no = await opened();
    // An actor the audit log cannot name: its row fails after the message and the e-mail were written,
    // so the whole reply is undone.
    const failed = t.services.support.staffReply({ kind: 'staff', staffId: 987_654 }, no, {
      message: 'Bu yanıt kaydedilmeyecek.',
    });
    await expect(failed).rejects.toThrow();
    expect(await queuedAbout(no)).toEqual([]);
    const untouched = (await support.get(`/api/admin/tickets/${no}`)).json().ticket;
    expect(untouched).toMatchObject({ status: { code: 'open' } });
    expect(untouched.messages).toHaveLength(1);

    expect((await reply(support, no, { message: 'Kontrol ediyoruz.' })).statusCode).toBe(201);
    expect(await queuedAbout(no)).toEqual([{ to: 'musteri1@example.com', kind: 'ticket-reply' }]);
    // Closing, reopening and the customer's own messages e-mail nobody.
    expect((await support.post(`/api/admin/tickets/${no}/close`)).statusCode).toBe(200);
    expect((await support.post(`/api/admin/tickets/${no}/reopen`)).statusCode).toBe(200);
    const own = await ayse.post(`/api/front/support/tickets/${no}/messages`, { message: 'Teşekkür ederim.' });
    expect(own.statusCode).toBeLessThan(300);
    expect(await queuedAbout(no)).toHaveLength(1);
  });

  it.each([
    ['no message', {}, 'Mesajınızı yazın'],
    ['a blank message', { message: '   ' }, 'Mesajınızı yazın'],
    ['a message too short', { message: 'Tam' }, 'Mesajınız en az 5 karakter olmalı'],
    ['a message too long', { message: 'a'.repeat(5001) }, 'Mesajınız en fazla 5000 karakter olabilir'],
  ])('refuses a reply with %s (400, nothing written)', async (_, body, message) => {
    const no = await opened();
    const res = await reply(support, no, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { message } });
    expect((await support.get(`/api/admin/tickets/${no}`)).json().ticket.messages).toHaveLength(1);
  });

  it.each([
    [
      'a file that is not an image or PDF',
      { name: 'a.exe', type: 'application/pdf', bytes: Buffer.from('MZ\x90\x90 not a pdf') },
      415,
      'DOSYA_TURU_GECERSIZ',
    ],
    [
      'a file over 5 MB',
      { name: 'b.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(MAX_ATTACHMENT_BYTES)]) },
      413,
      'DOSYA_COK_BUYUK',
    ],
  ])('refuses %s with the customer side’s limits (nothing written)', async (_, file, status, code) => {
    const no = await opened();
    const res = await reply(support, no, { message: 'Fotoğrafı ekledim.' }, file);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toMatchObject({ code, fields: { file: expect.any(String) } });
    const detail = (await support.get(`/api/admin/tickets/${no}`)).json().ticket;
    expect(detail.messages).toHaveLength(1);
    expect(detail.status.code).toBe('open');
  });

  it("links the orders a ticket names: the chosen one, and numbers in its subject and messages that are the customer's", async () => {
    const me = (await ayse.get('/api/front/auth/me')).json().customer;
    /** An order numbered as the shop numbers them. */
    const order = async (input: Parameters<OrderWorld['placeOrder']>[0]) => {
      const { id } = await w.placeOrder(input);
      const orderNo = newOrderNo();
      await t.services.database.db.update(orders).set({ orderNo }).where(eq(orders.id, id));
      return orderNo;
    };
    const own = await order({ customerId: me.id, email: me.email });
    const asGuest = await order({ email: me.email.toUpperCase() });
    const strangers = await order({ email: 'baskasi@example.com' });
    const open = async (fields: Record<string, string>) => {
      const res = await ayse.request({
        method: 'POST',
        url: '/api/front/support/tickets',
        ...multipartForm(fields),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().ticket.ticketNo as string;
    };
    const named = await open({
      subject: `Sipariş ${asGuest.toLowerCase()} hakkında`,
      message: `Ayrıca ${strangers}, VT-ZZZZZZZZ ve ${own} numaralı siparişlerim de gelmedi.`,
    });
    const { ticket } = (await support.get(`/api/admin/tickets/${named}`)).json();
    expect(ticket.orders).toEqual([asGuest, own]);
    const chosen = await open({ subject: 'Kargo', message: 'Ne zaman gelir?', orderNo: own });
    expect((await support.get(`/api/admin/tickets/${chosen}`)).json().ticket.orders).toEqual([own]);
    const none = await open({ subject: 'Soru', message: 'Kupalar bulaşık makinesine girer mi?' });
    expect((await support.get(`/api/admin/tickets/${none}`)).json().ticket.orders).toEqual([]);
  });

  it('answers 404 TALEP_BULUNAMADI for an unknown ticket, attachment or message', async () => {
    const no = await opened();
    const { messages } = (await support.get(`/api/admin/tickets/${no}`)).json().ticket;
    for (const res of [
      await owner.get('/api/admin/tickets/DT-YOKYOKYO'),
      await owner.get('/api/admin/tickets/yok'),
      await owner.get(`/api/admin/tickets/${no}/attachments/999999`),
      await owner.get(`/api/admin/tickets/${no}/attachments/abc`),
      await owner.post('/api/admin/tickets/DT-YOKYOKYO/close'),
      await owner.post('/api/admin/tickets/DT-YOKYOKYO/messages', { message: 'Merhaba dünya' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('TALEP_BULUNAMADI');
    }
    expect(messages).toHaveLength(1);
  });

  it('serves attachments to staff, never to another customer', async () => {
    const no = await opened();
    const { messages } = (await support.get(`/api/admin/tickets/${no}`)).json().ticket;
    const mehmet = await registeredBrowser(t.app, 2);
    const theirs = await mehmet.get(`/api/front/support/tickets/${no}/attachments/${messages[0].id}`);
    expect(theirs.statusCode).toBe(404);
    // A customer's session opens no admin route.
    expect((await ayse.get(`/api/admin/tickets/${no}/attachments/${messages[0].id}`)).statusCode).toBe(401);
  });

  it('answers a reply made right after a change dropped the caches (the shop’s name is read before its transaction)', async () => {
    const no = await opened('Kargom nerede');
    // Any panel change drops every cache, the settings too; on the embedded database a settings read inside the
    // reply's transaction then waited for the one connection that transaction held, and the shop stopped.
    const tag = await owner.post('/api/admin/tags', { name: 'Önbellek etiketi', slug: 'onbellek-etiketi' });
    expect(tag.statusCode).toBe(201);
    const res = await reply(support, no, { message: 'Kargonuz bugün çıkıyor.' });
    expect(res.statusCode).toBe(201);
    expect(await queuedAbout(no)).toHaveLength(1);
    expect((await owner.get('/api/admin/tickets')).statusCode).toBe(200);
  });
});
