import { auditLog, orderNotes } from '@vitrin/core/db/schema';
import { ORDER_STATES } from '@vitrin/shared/order-states';
import type { OrderWorld } from '@vitrin/testing/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, type Browser, browser, decodeEml } from '../../../../test/accounts.ts';
import { type AdminWorld, openAdminWorld } from '../../../../test/staff.ts';

let world: AdminWorld<'owner' | 'support'>;
let t: AccountTestApp;
let w: OrderWorld;
let owner: Browser;
let ownerId: number;
let support: Browser;
beforeAll(async () => {
  world = await openAdminWorld('owner', 'support');
  ({ t, w } = world);
  ({
    b: owner,
    member: { id: ownerId },
  } = world.as.owner);
  support = world.as.support.b;
});
afterAll(() => world.close());

let n = 0;
/** An order of a buyer of its own (name and e-mail), so searches find exactly it. */
const place = (input: Parameters<OrderWorld['placeOrder']>[0] = {}) =>
  w.placeOrder({ email: `alici${++n}@ornek.test`, ...input });

const auditOf = (orderNo: string) =>
  w.db.select().from(auditLog).where(eq(auditLog.entityId, orderNo)).orderBy(auditLog.id);
const statusOf = async (id: number) => (await w.order(id)).status;
const customerView = (orderNo: string) =>
  browser(t.app).get(`/api/front/orders/${orderNo}?token=${t.services.orders.accessToken(orderNo)}`);
// Typed as printed on the carrier's receipt: saved and linked without the space and the dash.
const ship = { status: 2, cargoCompany: 'yurtici', trackingNo: 'yk 123-456' };

describe('GET /api/admin/orders', () => {
  it('lists the orders newest first with state badge, buyer, total and payment, for every role', async () => {
    const older = await place();
    const newer = await place({ paymentMethod: 'cod' });
    for (const b of [owner, support]) {
      const res = await b.get('/api/admin/orders');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const { items } = res.json();
      const mine = items.filter((o: { orderNo: string }) =>
        [older.orderNo, newer.orderNo].includes(o.orderNo),
      );
      expect(mine.map((o: { orderNo: string }) => o.orderNo)).toEqual([newer.orderNo, older.orderNo]);
      expect(mine[0]).toEqual({
        orderNo: newer.orderNo,
        createdAt: expect.any(String),
        state: { code: 0, label: 'Sipariş Alındı', badge: 'secondary' },
        customerName: 'Ayşe Yılmaz',
        email: `alici${n}@ornek.test`,
        totalMinor: 20_000,
        paymentMethod: 'cod',
        paymentMethodLabel: 'Kapıda Ödeme',
        paymentStatus: 'not_required',
        paymentStatusLabel: 'Teslimatta ödenecek',
        channel: null,
      });
    }
  });

  it('searches by number, by e-mail and by name with Turkish case folding', async () => {
    const order = await place();
    const email = `alici${n}@ornek.test`;
    const found = async (q: string) =>
      (await owner.get(`/api/admin/orders?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((o: { orderNo: string }) => o.orderNo);
    expect(await found(order.orderNo.toLowerCase())).toEqual([order.orderNo]);
    expect(await found(email.toUpperCase())).toEqual([order.orderNo]);
    // The buyer is "Ayşe Yılmaz": typed in capitals, without Turkish letters, or with dotted capitals.
    for (const q of ['AYŞE YILMAZ', 'ayse yilmaz', 'YILMAZ', 'AYSE'])
      expect(await found(q)).toContain(order.orderNo);
    expect(await found('zeynep')).toEqual([]);
    // A `%` is a letter, not "anything".
    expect(await found('%')).toEqual([]);
  });

  it('filters by state, payment method and Turkey-time days, and pages', async () => {
    const card = await place({ paymentMethod: 'card' });
    const transfer = await place();
    await t.services.orders.changeStatus(transfer.id, 6, { actor: 'operator' });
    const list = async (query: string) => (await owner.get(`/api/admin/orders?${query}`)).json();
    const numbers = (body: { items: { orderNo: string }[] }) => body.items.map((o) => o.orderNo);
    expect(numbers(await list('status=6'))).toContain(transfer.orderNo);
    expect(numbers(await list('status=6'))).not.toContain(card.orderNo);
    const cards = await list('paymentMethod=card');
    expect(cards.items.every((o: { paymentMethod: string }) => o.paymentMethod === 'card')).toBe(true);
    expect(numbers(cards)).toContain(card.orderNo);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    expect(numbers(await list(`from=${today}&to=${today}`))).toContain(card.orderNo);
    expect((await list('to=2020-01-01')).total).toBe(0);
    expect((await list('from=2099-01-01')).total).toBe(0);
    const all = await list('');
    const last = await list(`page=${all.pageCount + 1}`);
    expect(last).toMatchObject({ items: [], total: all.total });
  });

  it.each([
    ['a state outside 0-7', 'status=9', 'status', 'Durum 0-7 arasında bir sayı olmalı'],
    ['a state that is no number', 'status=x', 'status', 'Durum 0-7 arasında bir sayı olmalı'],
    [
      'an unknown payment method',
      'paymentMethod=cek',
      'paymentMethod',
      'Ödeme yöntemi kart, havale, kapıda ödeme ya da pazaryeri olmalı',
    ],
    ['a malformed day', 'from=26.11.2026', 'from', 'Tarih YYYY-AA-GG biçiminde olmalı'],
    ['a day that does not exist', 'to=2026-02-30', 'to', 'Böyle bir tarih yok'],
    [
      'an end before the start',
      'from=2026-11-20&to=2026-11-10',
      'to',
      'Bitiş tarihi başlangıç tarihinden önce olamaz',
    ],
    ['a search too long', `q=${'a'.repeat(101)}`, 'q', 'Arama en fazla 100 karakter olabilir'],
    ['page 0', 'page=0', 'page', 'Sayfa en az 1 olmalı'],
  ])('refuses %s with 400 GECERSIZ_ISTEK on its field', async (_, query, field, message) => {
    const res = await owner.get(`/api/admin/orders?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { [field]: message } });
  });
});

describe('GET /api/admin/orders/{number}', () => {
  it('shows lines, addresses, payment, coupon, history and the states the panel may choose', async () => {
    const order = await place({ withCoupon: true, lines: [{ kind: 'variant', quantity: 2 }] });
    const res = await support.get(`/api/admin/orders/${order.orderNo}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.order).toMatchObject({
      orderNo: order.orderNo,
      couponCode: 'INDIRIM10',
      paymentMethodLabel: 'Havale / EFT',
      billingAddress: { firstName: 'Ayşe', lastName: 'Yılmaz' },
      lines: [{ name: 'Tabak', quantity: 2, options: { Renk: 'Mavi' } }],
      history: [{ state: { code: 0 }, actor: 'customer' }],
    });
    expect(body.nextStates).toEqual([
      { code: 1, label: 'Hazırlanıyor' },
      { code: 6, label: 'İptal Edildi' },
    ]);
    expect(body).toMatchObject({
      customer: null,
      notes: [],
      trackingUrl: null,
      canMarkPaid: true,
      canMarkRefunded: false,
    });
  });

  it('does not offer Hazırlanıyor for a card order not paid yet', async () => {
    const order = await place({ paymentMethod: 'card' });
    const body = (await owner.get(`/api/admin/orders/${order.orderNo}`)).json();
    expect(body.nextStates.map((s: { code: number }) => s.code)).toEqual([6]);
  });

  it('answers 404 SIPARIS_BULUNAMADI for an unknown number and 400 for a malformed one', async () => {
    const unknown = await owner.get('/api/admin/orders/YOK12345');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SIPARIS_BULUNAMADI');
    const malformed = await owner.get('/api/admin/orders/a%20b');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: { number: 'Sipariş numarası geçersiz' },
    });
  });
});

describe('POST /api/admin/orders/{number}/status', () => {
  it('moves an order as the table allows, with a history row and an audit row of the staff member', async () => {
    const order = await place();
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/status`, {
      status: 1,
      note: 'Havale geldi',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.state.code).toBe(1);
    expect(res.json().nextStates.map((s: { code: number }) => s.code)).toEqual([2, 6]);
    expect((await w.history(order.id)).at(-1)).toEqual({
      from: 0,
      to: 1,
      actor: 'operator',
      note: 'Havale geldi',
    });
    expect(await auditOf(order.orderNo)).toEqual([
      expect.objectContaining({
        actorKind: 'staff',
        staffId: ownerId,
        action: 'order.status',
        entity: 'order',
        before: { status: 0, note: null },
        after: { status: 1, note: 'Havale geldi' },
      }),
    ]);
  });

  it('refuses a change the table forbids with 409 GECERSIZ_DURUM_GECISI and changes nothing', async () => {
    const order = await place();
    const before = await w.order(order.id);
    const history = await w.history(order.id);
    await t.services.orders.drainMail();
    const mails = (await t.outbox()).length;
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/status`, { status: 4 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'GECERSIZ_DURUM_GECISI',
      message: 'Sipariş "Sipariş Alındı" durumundan "Teslim Edildi" durumuna geçirilemez.',
    });
    expect(await w.order(order.id)).toEqual(before);
    expect(await w.history(order.id)).toEqual(history);
    expect(await auditOf(order.orderNo)).toEqual([]);
    await t.services.orders.drainMail();
    expect(await t.outbox()).toHaveLength(mails);
  });

  it('refuses a card order unpaid going to Hazırlanıyor with 409 ODEME_BEKLENIYOR', async () => {
    const order = await place({ paymentMethod: 'card' });
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/status`, { status: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ODEME_BEKLENIYOR');
    expect(await statusOf(order.id)).toBe(0);
  });

  it("ships with a carrier from the list and a tracking number: the customer sees them with the carrier's link and gets an e-mail", async () => {
    const order = await place();
    await t.services.orders.changeStatus(order.id, 1, { actor: 'operator' });
    await t.services.orders.drainMail();
    const mails = (await t.outbox()).length;
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/status`, ship);
    expect(res.statusCode).toBe(200);
    const link = 'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=YK123456';
    expect(res.json()).toMatchObject({
      order: { state: { code: 2 }, cargo: { company: 'Yurtiçi Kargo', trackingNo: 'YK123456' } },
      trackingUrl: link,
    });
    const seen = (await customerView(order.orderNo)).json();
    expect(seen.cargo).toEqual({ company: 'Yurtiçi Kargo', trackingNo: 'YK123456', trackingUrl: link });
    // The panel's timeline names who shipped it; the customer's names nobody.
    expect(res.json().history.at(-1)).toMatchObject({
      state: { code: 2 },
      actor: 'operator',
      staff: { id: ownerId },
    });
    expect(seen.history.at(-1)).not.toHaveProperty('staff');
    // The e-mail is queued with the change and sent after its commit: wait for the queue.
    await t.services.orders.drainMail();
    const outbox = await t.outbox();
    expect(outbox).toHaveLength(mails + 1);
    const shipped = outbox
      .map(decodeEml)
      .filter((m) => m.includes(order.orderNo) && m.includes('Kargoya Verildi'));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toContain(`To: alici${n}@ornek.test`);
    expect(shipped[0]).toContain('YK123456');
    expect(shipped[0]).toContain(link);
    const [row] = (await auditOf(order.orderNo)).slice(-1);
    expect(row?.after).toEqual({ status: 2, cargoCompany: 'Yurtiçi Kargo', trackingNo: 'YK123456' });
  });

  it.each([
    ['no carrier', { status: 2, trackingNo: '1' }, 'cargoCompany', 'Kargo firmasını seçin'],
    ['no tracking number', { status: 2, cargoCompany: 'aras' }, 'trackingNo', 'Takip numarasını yazın'],
    [
      'a blank tracking number',
      { status: 2, cargoCompany: 'aras', trackingNo: '  ' },
      'trackingNo',
      'Takip numarasını yazın',
    ],
    [
      'a carrier not in the list',
      { ...ship, cargoCompany: 'Mahalle Kuryesi' },
      'cargoCompany',
      'Listeden bir kargo firması seçin',
    ],
    [
      'a tracking number of separators only',
      { status: 2, cargoCompany: 'aras', trackingNo: ' - . ' },
      'trackingNo',
      'Takip numarasını yazın',
    ],
    [
      'a tracking number with a sign no carrier uses',
      { ...ship, trackingNo: 'YK#123' },
      'trackingNo',
      'Takip numarası yalnızca harf ve rakamdan oluşmalı (boşluk ve tire silinir)',
    ],
    [
      'a tracking number too long',
      { ...ship, trackingNo: '1'.repeat(41) },
      'trackingNo',
      'Takip numarası en fazla 40 karakter olabilir',
    ],
    ['no state', {}, 'status', 'Yeni durumu seçin'],
    ['a state as text', { status: '1' }, 'status', 'Yeni durumu seçin'],
    ['a state outside 0-7', { status: 8 }, 'status', 'Durum 0-7 arasında bir sayı olmalı'],
    ['a note too long', { status: 1, note: 'a'.repeat(501) }, 'note', 'Not en fazla 500 karakter olabilir'],
    [
      'a note with a control character',
      { status: 1, note: 'Paket\u0007' },
      'note',
      'Bu alanda kullanılamayan görünmez bir karakter var; lütfen metni yeniden yazın',
    ],
  ])('refuses %s with 400 GECERSIZ_ISTEK on its field, changing nothing', async (_, body, field, message) => {
    const order = await place();
    await t.services.orders.changeStatus(order.id, 1, { actor: 'operator' });
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/status`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { [field]: message } });
    expect(await statusOf(order.id)).toBe(1);
    expect(await auditOf(order.orderNo)).toEqual([]);
  });

  it('cancels: the stock and the coupon use come back', async () => {
    const stock = await w.stock();
    const coupon = await w.coupon();
    const order = await place({
      withCoupon: true,
      lines: [
        { kind: 'single', quantity: 3 },
        { kind: 'variant', quantity: 2 },
      ],
    });
    expect(await w.stock()).toEqual({ single: stock.single! - 3, variant: stock.variant! - 2 });
    expect((await w.coupon()).usedCount).toBe(coupon.usedCount + 1);
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/status`, {
      status: 6,
      note: 'Müşteri aradı',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().nextStates).toEqual([]);
    expect(await w.stock()).toEqual(stock);
    expect(await w.coupon()).toEqual(coupon);
  });

  it('is refused to support (403 YETKI_YOK), which changes nothing', async () => {
    const order = await place();
    for (const [url, body] of [
      [`/api/admin/orders/${order.orderNo}/status`, { status: 1 }],
      ['/api/admin/orders/status', { numbers: [order.orderNo], status: 1 }],
      [`/api/admin/orders/${order.orderNo}/payment`, { status: 'paid' }],
      [`/api/admin/orders/${order.orderNo}/notes`, { body: 'Not' }],
    ] as const) {
      const res = await support.post(url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('YETKI_YOK');
    }
    expect(await w.order(order.id)).toMatchObject({ status: 0, paymentStatus: 'pending' });
    expect(await auditOf(order.orderNo)).toEqual([]);
  });
});

describe('POST /api/admin/orders/status (several orders)', () => {
  it('changes each order on its own and answers a result per order', async () => {
    const a = await place();
    const b = await place();
    await t.services.orders.changeStatus(b.id, 6, { actor: 'operator' });
    const res = await owner.post('/api/admin/orders/status', {
      numbers: [a.orderNo, b.orderNo, 'YOK12345'],
      status: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { orderNo: a.orderNo, ok: true },
      {
        orderNo: b.orderNo,
        ok: false,
        error: { code: 'GECERSIZ_DURUM_GECISI', message: expect.stringContaining('İptal Edildi') },
      },
      {
        orderNo: 'YOK12345',
        ok: false,
        error: { code: 'SIPARIS_BULUNAMADI', message: 'Sipariş bulunamadı.' },
      },
    ]);
    expect(await statusOf(a.id)).toBe(1);
    expect(await statusOf(b.id)).toBe(6);
    expect(await auditOf(a.orderNo)).toHaveLength(1);
    expect(await auditOf(b.orderNo)).toEqual([]);
  });

  it.each([
    ['no orders', { numbers: [], status: 1 }, 'numbers', 'En az bir sipariş seçin'],
    ['no list', { status: 1 }, 'numbers', 'Sipariş seçin'],
    ['an order twice', { numbers: ['A1', 'A1'], status: 1 }, 'numbers', 'Bir sipariş listede iki kez var'],
    [
      'too many orders',
      { numbers: Array.from({ length: 101 }, (_, i) => `A${i}`), status: 1 },
      'numbers',
      'Bir seferde en fazla 100 sipariş değiştirilebilir',
    ],
    ['a malformed number', { numbers: ['a b'], status: 1 }, 'numbers.0', 'Sipariş numarası geçersiz'],
    [
      'shipping',
      { numbers: ['A1'], status: 2 },
      'status',
      'Kargoya verme toplu yapılamaz: her siparişin kendi takip numarası var',
    ],
    ['no state', { numbers: ['A1'] }, 'status', 'Yeni durumu seçin'],
  ])('refuses %s with 400 GECERSIZ_ISTEK on its field', async (_, body, field, message) => {
    const res = await owner.post('/api/admin/orders/status', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { [field]: message } });
  });
});

describe('POST /api/admin/orders/{number}/payment', () => {
  it("marks an awaited transfer paid once (then 409 ODEME_BEKLEMIYOR), audited and in the order's timeline with who and when", async () => {
    const order = await place();
    const before = Date.now();
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/payment`, { status: 'paid' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      order: { paymentStatus: 'paid', state: { code: 0 } },
      canMarkPaid: false,
    });
    const history = res.json().history;
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({
      state: { code: 0, label: 'Sipariş Alındı' },
      actor: 'operator',
      note: 'Havale / EFT ödemesi alındı.',
      staff: { id: ownerId, name: expect.any(String) },
    });
    expect(Date.parse(history[1].at)).toBeGreaterThanOrEqual(before - 1000);
    // The customer's timeline says the money arrived, naming nobody on the staff.
    const seen = (await customerView(order.orderNo)).json();
    expect(seen.history.at(-1)).toEqual({
      state: expect.objectContaining({ code: 0 }),
      fromCode: 0,
      at: history[1].at,
      actor: 'operator',
      note: 'Havale / EFT ödemesi alındı.',
    });
    const again = await owner.post(`/api/admin/orders/${order.orderNo}/payment`, { status: 'paid' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ODEME_BEKLEMIYOR');
    expect(await auditOf(order.orderNo)).toEqual([
      expect.objectContaining({
        action: 'order.payment',
        before: { paymentStatus: 'pending' },
        after: { paymentStatus: 'paid' },
      }),
    ]);
  });

  it('refuses a cash-on-delivery order with 409 ODEME_BEKLEMIYOR', async () => {
    const order = await place({ paymentMethod: 'cod' });
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/payment`, { status: 'paid' });
    expect(res.statusCode).toBe(409);
    expect((await w.order(order.id)).paymentStatus).toBe('not_required');
  });

  it('marks a cancelled paid transfer refunded, and refuses one with nothing to give back (409 IADE_BEKLEMIYOR)', async () => {
    const order = await place();
    const early = await owner.post(`/api/admin/orders/${order.orderNo}/payment`, { status: 'refunded' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('IADE_BEKLEMIYOR');
    await owner.post(`/api/admin/orders/${order.orderNo}/status`, { status: 1 });
    const cancelled = await owner.post(`/api/admin/orders/${order.orderNo}/status`, { status: 6 });
    expect(cancelled.json()).toMatchObject({
      order: { paymentStatus: 'refund_pending' },
      canMarkRefunded: true,
    });
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/payment`, { status: 'refunded' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order: { paymentStatus: 'refunded' }, canMarkRefunded: false });
    expect(res.json().history.at(-1)).toMatchObject({
      state: { code: 6 },
      note: 'Havale / EFT ödemesi iade edildi.',
      staff: { id: ownerId },
    });
    expect((await auditOf(order.orderNo)).at(-1)).toMatchObject({
      action: 'order.refunded',
      after: { paymentStatus: 'refunded' },
    });
  });

  it.each([
    ['no status', {}],
    ['an unknown status', { status: 'odendi' }],
  ])('refuses %s with 400 GECERSIZ_ISTEK', async (_, body) => {
    const order = await place();
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/payment`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: { status: 'Ödeme durumu "paid" ya da "refunded" olmalı' },
    });
  });
});

describe('POST /api/admin/orders/{number}/notes', () => {
  it("keeps a staff note on the order, in the panel only: never in the customer's answer", async () => {
    const order = await place();
    const secret = 'Müşteri sorunlu, dikkat';
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/notes`, { body: `  ${secret}  ` });
    expect(res.statusCode).toBe(201);
    expect(res.json().notes).toEqual([
      {
        id: expect.any(Number),
        body: secret,
        at: expect.any(String),
        staff: { id: ownerId, name: expect.any(String), email: expect.any(String) },
      },
    ]);
    expect((await support.get(`/api/admin/orders/${order.orderNo}`)).json().notes[0].body).toBe(secret);
    const seen = await customerView(order.orderNo);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('sorunlu');
    expect((await auditOf(order.orderNo)).at(-1)).toMatchObject({
      action: 'order.note',
      after: { note: secret },
    });
  });

  it.each([
    ['no note', {}, 'Notu yazın'],
    ['a blank note', { body: '   ' }, 'Notu yazın'],
    ['a note too long', { body: 'a'.repeat(2001) }, 'Not en fazla 2000 karakter olabilir'],
    [
      'a control character',
      { body: 'Not\u0000' },
      'Bu alanda kullanılamayan görünmez bir karakter var; lütfen metni yeniden yazın',
    ],
  ])('refuses %s with 400 GECERSIZ_ISTEK, writing nothing', async (_, body, message) => {
    const order = await place();
    const res = await owner.post(`/api/admin/orders/${order.orderNo}/notes`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { body: message } });
    expect(await w.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id))).toEqual([]);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await owner.post('/api/admin/orders/YOK12345/notes', { body: 'Not' });
    expect(res.statusCode).toBe(404);
  });
});

// The labels the answers carry are the table's.
it('names the states as the shared table does', () => {
  expect(ORDER_STATES[2].label).toBe('Kargoya Verildi');
});
