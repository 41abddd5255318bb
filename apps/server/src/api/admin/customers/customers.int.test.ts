import { contactMessages, mailQueue, orders, supportTickets } from '@vitrin/core/db/schema';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser, homeAddress, PASSWORD, registration } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: OrderWorld;
let manager: Browser;
let support: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  w = await openOrderWorld({ database: t.services.database });
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
  support = (await loggedInStaff(t.app, t.services, 'support')).b;
});
afterAll(async () => {
  await w.dispose();
  await t.close();
});

let n = 100;
/** A registered customer (logged in, in their own browser) with `overrides` on Ayşe's form. */
async function customer(overrides: Partial<ReturnType<typeof registration>> = {}) {
  const form = { ...registration(++n), ...overrides };
  const b = browser(t.app);
  const res = await b.post('/api/front/auth/register', form);
  if (res.statusCode !== 201) throw new Error(res.body);
  const id: number = (await b.get('/api/front/auth/me')).json().customer.id;
  return { b, id, form };
}

const login = (email: string, password = PASSWORD) =>
  browser(t.app).post('/api/front/auth/login', { email, password });

const auditOf = async (id: number) =>
  (await t.services.audit.page({ entity: 'customer' })).items.filter((e) => e.entityId === String(id));

describe('customers in the panel', () => {
  it('finds customers by name and e-mail with Turkish letters folded, and by phone digits', async () => {
    const sukru = await customer({
      firstName: 'Şükrü',
      lastName: 'Öztürk',
      email: 'sukru.ozturk@example.com',
      phone: '0544 987 65 43',
    });
    const ids = async (q: string) =>
      (await support.get(`/api/admin/customers?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((c: { id: number }) => c.id);
    for (const q of ['sukru', 'ŞÜKRÜ öztürk', 'OZTURK', 'sukru.ozturk@', '0544 987 65', '+90544987']) {
      expect(await ids(q)).toEqual([sukru.id]);
    }
    expect(await ids('şükrü yılmaz')).toEqual([]);
    expect(await ids('%')).toEqual([]);
    const all = (await support.get('/api/admin/customers')).json();
    expect(all).toMatchObject({ page: 1, perPage: 25 });
    expect(all.items[0]).toEqual({
      id: sukru.id,
      firstName: 'Şükrü',
      lastName: 'Öztürk',
      email: 'sukru.ozturk@example.com',
      phone: '+905449876543',
      wholesale: false,
      disabled: false,
      erased: false,
      orderCount: 0,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(all)).not.toMatch(/scrypt|passwordHash/);
    const past = (await support.get(`/api/admin/customers?page=${all.pageCount + 1}`)).json();
    expect(past.items).toEqual([]);
  });

  it.each([
    ['a page of 0', 'page=0', 'page', 'Sayfa en az 1 olmalı'],
    ['a page that is not a number', 'page=iki', 'page', 'Sayfa bir sayı olmalı'],
    ['a search too long', `q=${'a'.repeat(101)}`, 'q', 'Arama en fazla 100 karakter olabilir'],
  ])('refuses %s with 400 GECERSIZ_ISTEK', async (_, query, field, message) => {
    const res = await support.get(`/api/admin/customers?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { [field]: message } });
  });

  it('shows a customer with their orders, addresses and tickets', async () => {
    const c = await customer();
    const { orderNo } = await w.placeOrder({ customerId: c.id, email: c.form.email });
    expect((await c.b.post('/api/front/addresses', homeAddress)).statusCode).toBe(201);
    const opened = await c.b.post('/api/front/support/tickets', {
      subject: 'Kargom nerede',
      message: 'Siparişim hâlâ gelmedi, bakabilir misiniz?',
    });
    const { ticketNo } = opened.json().ticket;
    const res = await support.get(`/api/admin/customers/${c.id}`);
    expect(res.statusCode).toBe(200);
    const { customer: detail } = res.json();
    expect(detail).toMatchObject({
      id: c.id,
      email: c.form.email,
      orderCount: 1,
      disabledAt: null,
      erasedAt: null,
    });
    expect(detail.orders).toEqual([
      {
        orderNo,
        status: { code: 0, label: 'Sipariş Alındı', badge: 'secondary' },
        totalMinor: expect.any(Number),
        createdAt: expect.any(String),
      },
    ]);
    expect(detail.addresses).toEqual([expect.objectContaining({ district: homeAddress.district })]);
    expect(detail.tickets).toEqual([
      expect.objectContaining({
        ticketNo,
        subject: 'Kargom nerede',
        status: expect.objectContaining({ code: 'open' }),
      }),
    ]);
  });

  it('shows the guest orders of the same e-mail as not linked, and sends the linking e-mail (customers.write, audited)', async () => {
    const c = await customer();
    const own = await w.placeOrder({ customerId: c.id, email: c.form.email });
    // Typed at checkout with other letter cases: the same address.
    const guest = await w.placeOrder({ email: c.form.email.toUpperCase() });
    const stranger = await w.placeOrder({ email: `baska.${c.form.email}` });
    const detail = (await support.get(`/api/admin/customers/${c.id}`)).json().customer;
    expect(detail.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([own.orderNo]);
    expect(detail.guestOrders).toEqual([
      {
        orderNo: guest.orderNo,
        status: expect.objectContaining({ code: 0 }),
        totalMinor: expect.any(Number),
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(detail)).not.toContain(stranger.orderNo);

    const path = `/api/admin/customers/${c.id}/guest-orders-link`;
    const refused = await support.post(path, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('YETKI_YOK');
    const linksTo = () =>
      t.services.database.db
        .select({ text: mailQueue.bodyText })
        .from(mailQueue)
        .where(and(eq(mailQueue.kind, 'guest-orders-link'), eq(mailQueue.toAddress, c.form.email)));
    expect(await linksTo()).toEqual([]);

    const sent = await manager.post(path, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ count: 1 });
    const [mail] = await linksTo();
    expect(mail!.text).toContain('mağazamızın ekibi');
    const [entry] = await auditOf(c.id);
    expect(entry).toMatchObject({
      action: 'customer.guestOrdersLink',
      actor: { kind: 'staff' },
      after: { guestOrders: 1 },
    });
    // The customer opens the link: the guest order joins the account, the stranger's does not.
    const token = decodeURIComponent(/baglanti=([^\s&]+)/.exec(mail!.text)![1]!);
    expect(await t.services.guestOrders.confirm(c.id, token)).toBe(1);
    const after = (await support.get(`/api/admin/customers/${c.id}`)).json().customer;
    expect(after.guestOrders).toEqual([]);
    expect(after.orders.map((o: { orderNo: string }) => o.orderNo).sort()).toEqual(
      [own.orderNo, guest.orderNo].sort(),
    );
    // Nothing left to link: a Turkish 409 and no e-mail.
    const nothing = await manager.post(path, {});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toMatchObject({
      code: 'BAGLANACAK_SIPARIS_YOK',
      message: expect.stringContaining('hesaba bağlı olmayan sipariş yok'),
    });
    expect(await linksTo()).toHaveLength(1);
  });

  it('sends at most three linking e-mails an hour to an address (429), and none to a disabled account', async () => {
    const c = await customer();
    await w.placeOrder({ email: c.form.email });
    const path = `/api/admin/customers/${c.id}/guest-orders-link`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await manager.post(path, {})).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const d = await customer();
    await w.placeOrder({ email: d.form.email });
    await manager.patch(`/api/admin/customers/${d.id}`, { disabled: true });
    const disabled = await manager.post(`/api/admin/customers/${d.id}/guest-orders-link`, {});
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().error.code).toBe('HESAP_KAPALI');
  });

  it('sends the link right after the settings changed (their cache emptied), with the shop name read outside the transaction', async () => {
    // The shop's name comes from the settings; read inside the link's transaction on a cold cache, it asked
    // the embedded database while that transaction held it, and the whole shop waited for ever.
    const c = await customer();
    await w.placeOrder({ email: c.form.email });
    t.services.cache.clearLocal();
    const sent = await manager.post(`/api/admin/customers/${c.id}/guest-orders-link`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ count: 1 });
  }, 30_000);

  it('answers 404 HESAP_BULUNAMADI for an unknown customer and 400 for a malformed number', async () => {
    const unknown = await support.get('/api/admin/customers/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('HESAP_BULUNAMADI');
    const bad = await support.get('/api/admin/customers/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ id: 'Müşteri numarası geçersiz' });
  });

  it('lets support read but not change a customer (403 YETKI_YOK, nothing changed)', async () => {
    const c = await customer();
    for (const res of [
      await support.patch(`/api/admin/customers/${c.id}`, { wholesale: true }),
      await support.post(`/api/admin/customers/${c.id}/erase`, { confirm: c.form.email }),
      await support.get(`/api/admin/customers/${c.id}/export.json`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('YETKI_YOK');
    }
    const { customer: after } = (await support.get(`/api/admin/customers/${c.id}`)).json();
    expect(after).toMatchObject({ wholesale: false, disabled: false, erased: false });
  });

  it('sets wholesale prices on and off, in the audit log with before and after', async () => {
    const c = await customer();
    const on = await manager.patch(`/api/admin/customers/${c.id}`, { wholesale: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().customer.wholesale).toBe(true);
    expect((await c.b.get('/api/front/auth/me')).json().customer.wholesale).toBe(true);
    const [entry] = await auditOf(c.id);
    expect(entry).toMatchObject({
      action: 'customer.update',
      before: { wholesale: false },
      after: { wholesale: true },
      actor: { kind: 'staff' },
    });
    // The same value again changes nothing and writes nothing.
    await manager.patch(`/api/admin/customers/${c.id}`, { wholesale: true });
    expect(await auditOf(c.id)).toHaveLength(1);
  });

  it('disables an account: its sessions end and it cannot log in (a Turkish message), until enabled', async () => {
    const c = await customer();
    const res = await manager.patch(`/api/admin/customers/${c.id}`, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer).toMatchObject({ disabled: true, disabledAt: expect.any(String) });
    expect((await c.b.get('/api/front/auth/me')).statusCode).toBe(401);
    const refused = await login(c.form.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'HESAP_DEVRE_DISI',
      message: expect.stringContaining('devre dışı'),
    });
    // A wrong password does not learn that the account is disabled.
    expect((await login(c.form.email, 'yanlis-sifre-9')).json().error.code).toBe('GIRIS_HATALI');
    expect((await auditOf(c.id))[0]).toMatchObject({
      before: { disabled: false },
      after: { disabled: true },
    });
    await manager.patch(`/api/admin/customers/${c.id}`, { disabled: false });
    expect((await login(c.form.email)).statusCode).toBe(200);
  });

  it.each([
    ['no field', {}, undefined, 'Değiştirilecek bir alan gönderin (toptan fiyat ya da devre dışı)'],
    [
      'a wholesale flag that is not a boolean',
      { wholesale: 'evet' },
      'wholesale',
      'Toptan fiyat evet ya da hayır olmalı',
    ],
    [
      'a disabled flag that is not a boolean',
      { disabled: 1 },
      'disabled',
      'Devre dışı evet ya da hayır olmalı',
    ],
  ])('refuses a change with %s (400, nothing changed)', async (_, body, field, message) => {
    const c = await customer();
    const res = await manager.patch(`/api/admin/customers/${c.id}`, body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('GECERSIZ_ISTEK');
    expect(field ? error.fields[field] : JSON.stringify(error)).toContain(message);
    expect(await auditOf(c.id)).toEqual([]);
  });

  it('exports what the customer’s own export gives, as a JSON download', async () => {
    const c = await customer();
    await c.b.post('/api/front/addresses', homeAddress);
    const res = await manager.get(`/api/admin/customers/${c.id}/export.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="musteri-\d+-verileri\.json"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const own = (await c.b.get('/api/front/account/export')).json();
    const { exportedAt: _a, orders: theirOrders, ...theirs } = res.json();
    const { exportedAt: _b, ...mine } = own;
    expect(theirs).toEqual(mine);
    expect(theirOrders).toEqual([]);
    expect(theirs.profile.email).toBe(c.form.email);
    expect(theirs.addresses).toHaveLength(1);
    expect(res.body).not.toMatch(/scrypt/);
  });

  it('erases on request: personal data gone, orders kept with the person anonymised, tickets removed', async () => {
    const c = await customer({ firstName: 'Zeynep', lastName: 'Kaya' });
    const { id: orderId, orderNo } = await w.placeOrder({ customerId: c.id, email: c.form.email });
    await c.b.post('/api/front/addresses', homeAddress);
    await c.b.post('/api/front/support/tickets', { subject: 'İade', message: 'Ürünü iade etmek istiyorum.' });
    const res = await manager.post(`/api/admin/customers/${c.id}/erase`, {
      confirm: ` ${c.form.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(200);
    const { customer: erased } = res.json();
    expect(erased).toMatchObject({
      firstName: 'Silinmiş',
      lastName: '',
      email: `deleted-${c.id}@invalid`,
      phone: '',
      erased: true,
      addresses: [],
      tickets: [],
      orders: [expect.objectContaining({ orderNo })],
    });
    const [order] = await t.services.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ email: `deleted-${c.id}@invalid`, phone: '', customerId: c.id });
    expect(order!.billingAddress).toMatchObject({
      firstName: 'Silinmiş',
      lastName: '',
      phone: '',
      line: '',
      tcKimlikNo: null,
      province: 'İstanbul',
    });
    expect(order!.totalMinor).toBeGreaterThan(0);
    expect(
      await t.services.database.db.select().from(supportTickets).where(eq(supportTickets.customerId, c.id)),
    ).toEqual([]);
    expect(JSON.stringify(erased)).not.toContain('Zeynep');
    expect((await c.b.get('/api/front/auth/me')).statusCode).toBe(401);
    expect((await login(c.form.email)).statusCode).toBe(401);
    expect((await auditOf(c.id))[0]).toMatchObject({ action: 'customer.erase', after: { erased: true } });
    // An erased account changes no more.
    const again = await manager.post(`/api/admin/customers/${c.id}/erase`, { confirm: erased.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('HESAP_SILINMIS');
    expect((await manager.patch(`/api/admin/customers/${c.id}`, { wholesale: true })).statusCode).toBe(409);
  });

  it('exports and erases the guest orders of the customer’s address too: totals kept, an invoice’s buyer too', async () => {
    const c = await customer({ firstName: 'Elif', lastName: 'Demir' });
    const { db } = t.services.database;
    const own = await w.placeOrder({ customerId: c.id, email: c.form.email });
    // Typed in capitals at checkout, without an account.
    const guest = await w.placeOrder({ email: c.form.email.toUpperCase() });
    const shipped = await w.placeOrder({ email: c.form.email });
    await t.services.orders.changeStatus(shipped.orderNo, 1, { actor: 'operator' });
    await t.services.orders.changeStatus(shipped.orderNo, 2, {
      actor: 'operator',
      cargoCompany: 'Yurtiçi Kargo',
      trackingNo: 'YK-1',
    });
    const stranger = await w.placeOrder({ email: 'baskasi@example.com' });
    await db.insert(contactMessages).values({
      name: 'Elif Demir',
      email: c.form.email,
      subject: 'Soru',
      message: 'Telefonum 0532 000 00 00',
      kvkkAcceptedAt: new Date(),
    });
    const rowOf = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
    const before = await rowOf(guest.id);

    const exported = (await manager.get(`/api/admin/customers/${c.id}/export.json`)).json();
    expect(
      exported.orders.map((o: { orderNo: string; guest: boolean }) => [o.orderNo, o.guest]).sort(),
    ).toEqual(
      [
        [own.orderNo, false],
        [guest.orderNo, true],
        [shipped.orderNo, true],
      ].sort(),
    );
    expect(exported.orders.find((o: { orderNo: string }) => o.orderNo === guest.orderNo)).toMatchObject({
      email: c.form.email.toUpperCase(),
      phone: '+905321234567',
      billingAddress: { firstName: 'Ayşe', tcKimlikNo: '10000000146' },
      lines: [expect.objectContaining({ quantity: 2 })],
    });

    expect(
      (await manager.post(`/api/admin/customers/${c.id}/erase`, { confirm: c.form.email })).statusCode,
    ).toBe(200);
    const erasedAddress = `deleted-${c.id}@invalid`;
    const gone = await rowOf(guest.id);
    expect(gone).toMatchObject({ email: erasedAddress, phone: '', note: '', customerId: null });
    expect(gone.billingAddress).toMatchObject({
      firstName: 'Silinmiş',
      lastName: '',
      phone: '',
      line: '',
      postcode: null,
      tcKimlikNo: null,
      province: 'İstanbul',
      district: 'Kadıköy',
    });
    expect(gone.shippingAddress).toMatchObject({ firstName: 'Silinmiş', line: '', phone: '' });
    expect(gone).toMatchObject({
      orderNo: before.orderNo,
      totalMinor: before.totalMinor,
      subtotalMinor: before.subtotalMinor,
      vatLines: before.vatLines,
    });
    // Invoiced (handed to the carrier): the buyer the invoice names stays, the rest goes.
    const invoiced = await rowOf(shipped.id);
    expect(invoiced).toMatchObject({ email: erasedAddress, phone: '' });
    expect(invoiced.billingAddress).toMatchObject({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      line: 'Caferağa Mah. Moda Cad. No: 1 D: 2',
      tcKimlikNo: '10000000146',
      phone: '',
    });
    expect(invoiced.shippingAddress).toMatchObject({ firstName: 'Silinmiş', line: '', phone: '' });
    expect((await rowOf(own.id)).email).toBe(erasedAddress);
    expect((await rowOf(stranger.id)).email).toBe('baskasi@example.com');
    expect(await db.select().from(contactMessages).where(eq(contactMessages.email, c.form.email))).toEqual(
      [],
    );

    // The guest's link to the order still opens it, and shows no one.
    const lookup = await browser(t.app).get(
      `/api/front/orders/${guest.orderNo}?token=${t.services.orders.accessToken(guest.orderNo)}`,
    );
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().totals.totalMinor).toBe(Number(before.totalMinor));
    for (const personal of [c.form.email, 'Ayşe', 'Yılmaz', '5321234567', 'Moda Cad', '10000000146']) {
      expect(lookup.body.toLowerCase()).not.toContain(personal.toLowerCase());
    }
  });

  it.each([
    ['no confirmation', {}, 400, 'GECERSIZ_ISTEK', 'Onay için müşterinin e-posta adresini yazın'],
    [
      'a blank confirmation',
      { confirm: '  ' },
      400,
      'GECERSIZ_ISTEK',
      'Onay için müşterinin e-posta adresini yazın',
    ],
    [
      'another address',
      { confirm: 'baskasi@example.com' },
      422,
      'ONAY_HATALI',
      'Müşterinin e-posta adresini aynen yazın',
    ],
  ])('refuses an erasure with %s and erases nothing', async (_, body, status, code, message) => {
    const c = await customer();
    const res = await manager.post(`/api/admin/customers/${c.id}/erase`, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toMatchObject({ code, fields: { confirm: message } });
    expect((await login(c.form.email)).statusCode).toBe(200);
    expect(await auditOf(c.id)).toEqual([]);
  });
});
