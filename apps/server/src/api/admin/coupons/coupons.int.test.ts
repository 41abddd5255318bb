import { auditLog, categories, coupons } from '@vitrin/core/db/schema';
import { seedTestShop } from '@vitrin/testing/shop';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  owner = (await loggedInStaff(t.app, t.services, 'owner')).b;
});
afterAll(() => t.close());

let n = 0;
const newCoupon = (extra: Record<string, unknown> = {}) => ({
  code: `yaz${++n}`,
  description: 'Yaz indirimi',
  kind: 'percent',
  value: 10,
  ...extra,
});
const rowOf = async (id: number) =>
  (await t.services.database.db.select().from(coupons).where(eq(coupons.id, id)))[0];
const countCoupons = async () => (await t.services.database.db.select().from(coupons)).length;

describe('coupons in the panel', () => {
  it('lets a manager add a coupon, kept as typed, listed with its uses and limits', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'manager');
    const res = await b.post(
      '/api/admin/coupons',
      newCoupon({ code: 'indirim25', usageLimit: '5', perCustomerLimit: 1, isPublic: true }),
    );
    expect(res.statusCode).toBe(201);
    const { coupon } = res.json();
    expect(coupon).toMatchObject({
      code: 'indirim25',
      kind: 'percent',
      value: 10,
      usageLimit: 5,
      perCustomerLimit: 1,
      usedCount: 0,
      remainingUses: 5,
      isActive: true,
      isPublic: true,
      state: 'active',
    });
    const list = (await b.get('/api/admin/coupons')).json().items;
    expect(list.find((c: { id: number }) => c.id === coupon.id)).toEqual(coupon);
    // The storefront's /coupons list follows at once.
    const front = await t.app.inject('/api/front/coupons');
    expect(front.json().map((c: { code: string }) => c.code)).toContain('indirim25');
  });

  it('takes a form date without a zone as Turkey time, and says when a coupon has not started', async () => {
    const res = await owner.post(
      '/api/admin/coupons',
      newCoupon({ startsAt: '2099-01-01T09:00', endsAt: '2099-02-01T09:00' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().coupon).toMatchObject({
      startsAt: '2099-01-01T06:00:00.000Z',
      endsAt: '2099-02-01T06:00:00.000Z',
      state: 'scheduled',
    });
  });

  it('shows the uses left, and refuses a limit below the uses so far (422), changing nothing', async () => {
    const { coupon } = (await owner.post('/api/admin/coupons', newCoupon({ usageLimit: 10 }))).json();
    await t.services.database.db.update(coupons).set({ usedCount: 4 }).where(eq(coupons.id, coupon.id));
    const listed = (await owner.get('/api/admin/coupons'))
      .json()
      .items.find((c: { id: number }) => c.id === coupon.id);
    expect(listed).toMatchObject({ usedCount: 4, remainingUses: 6 });
    const res = await owner.patch(`/api/admin/coupons/${coupon.id}`, { usageLimit: 3, value: 20 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'KUPON_SINIRI_KULLANIMDAN_AZ',
      fields: { usageLimit: 'En az 4 olmalı (şimdiye kadarki kullanım)' },
    });
    expect(await rowOf(coupon.id)).toMatchObject({ usageLimit: 10, value: 10 });
  });

  it('refuses a code another coupon has (409 KUPON_KODU_KAYITLI), adding nothing', async () => {
    await owner.post('/api/admin/coupons', newCoupon({ code: 'TEKKOD' }));
    const before = await countCoupons();
    const res = await owner.post('/api/admin/coupons', newCoupon({ code: ' TEKKOD ' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'KUPON_KODU_KAYITLI',
      fields: { code: 'Bu kod başka bir kuponda kullanılıyor' },
    });
    expect(await countCoupons()).toBe(before);
    const other = (await owner.post('/api/admin/coupons', newCoupon())).json().coupon;
    const renamed = await owner.patch(`/api/admin/coupons/${other.id}`, { code: 'TEKKOD' });
    expect(renamed.statusCode).toBe(409);
    expect((await rowOf(other.id))?.code).toBe(other.code);
  });

  it('keeps kasim10 as typed; KASIM10 on a banner, kasım10 and KASİM10 find it; a code that folds alike is refused (409)', async () => {
    const shop = await seedTestShop(t.services.database.db);
    const res = await owner.post('/api/admin/coupons', newCoupon({ code: 'kasim10', isPublic: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json().coupon.code).toBe('kasim10');
    expect(await rowOf(res.json().coupon.id)).toMatchObject({ code: 'kasim10', codeKey: 'kasim10' });
    for (const typed of ['KASIM10', 'kasım10', 'KASİM10', 'kasim10']) {
      const shopper = browser(t.app);
      await shopper.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 });
      const applied = await shopper.post('/api/front/cart/coupon', { code: typed });
      expect([typed, applied.statusCode, applied.json().coupon?.code]).toEqual([typed, 200, 'kasim10']);
    }
    const before = await countCoupons();
    for (const code of ['KASIM10', 'kasım10', 'KASİM10']) {
      const taken = await owner.post('/api/admin/coupons', newCoupon({ code }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toEqual({
        code: 'KUPON_KODU_KAYITLI',
        message: `"${code}" kodu, var olan "kasim10" kuponuyla aynı sayılır: kodlarda büyük-küçük harf ve ı/i, ş/s gibi Türkçe harf farkı gözetilmez. Başka bir kod seçin.`,
        fields: { code: 'Bu kod "kasim10" kuponuyla aynı sayılır' },
      });
    }
    expect(await countCoupons()).toBe(before);
    // The owner may change how the code is written: it is the same coupon.
    const renamed = await owner.patch(`/api/admin/coupons/${res.json().coupon.id}`, { code: 'KASIM10' });
    expect([renamed.statusCode, renamed.json().coupon.code]).toEqual([200, 'KASIM10']);
  });

  it('disables a coupon (a shopper is told the code is not valid) and enables it again', async () => {
    const { coupon } = (await owner.post('/api/admin/coupons', newCoupon({ isPublic: true }))).json();
    const off = await owner.patch(`/api/admin/coupons/${coupon.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().coupon).toMatchObject({ isActive: false, state: 'disabled' });
    const front = (await t.app.inject('/api/front/coupons')).json().map((c: { code: string }) => c.code);
    expect(front).not.toContain(coupon.code);
    const on = await owner.patch(`/api/admin/coupons/${coupon.id}`, { isActive: true });
    expect(on.json().coupon).toMatchObject({ isActive: true, state: 'active' });
  });

  it('edits a coupon, checking the rules on the coupon as it would be', async () => {
    const { coupon } = (
      await owner.post('/api/admin/coupons', newCoupon({ kind: 'amount', value: 500 }))
    ).json();
    // 500 is a fine amount but no percent.
    const bad = await owner.patch(`/api/admin/coupons/${coupon.id}`, { kind: 'percent' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.value).toBe('Yüzde indirim 1 ile 100 arasında olmalı');
    const res = await owner.patch(`/api/admin/coupons/${coupon.id}`, {
      description: 'Kış indirimi',
      minBasketMinor: '25000',
      endsAt: '2099-03-01T12:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().coupon).toMatchObject({
      kind: 'amount',
      value: 500,
      description: 'Kış indirimi',
      minBasketMinor: 25_000,
      endsAt: '2099-03-01T12:00:00.000Z',
    });
  });

  it('records each change in the audit log with the changed fields, in the change', async () => {
    const { b, member } = await loggedInStaff(t.app, t.services, 'manager');
    const { coupon } = (await b.post('/api/admin/coupons', newCoupon())).json();
    await b.patch(`/api/admin/coupons/${coupon.id}`, { value: 15, isActive: false });
    const rows = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, String(coupon.id))))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.staffId])).toEqual([
      ['coupon.create', member.id],
      ['coupon.update', member.id],
    ]);
    expect(rows[0]!.after).toMatchObject({ code: coupon.code, value: 10, isActive: true });
    expect(rows[1]!.before).toEqual({ value: 10, isActive: true });
    expect(rows[1]!.after).toEqual({ value: 15, isActive: false });
  });

  it('is for owners and managers: support gets 403 YETKI_YOK, even to read', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'support');
    for (const res of [
      await b.get('/api/admin/coupons'),
      await b.post('/api/admin/coupons', newCoupon()),
      await b.patch('/api/admin/coupons/1', { isActive: false }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('YETKI_YOK');
    }
  });

  it('answers 404 KUPON_BULUNAMADI for a coupon that does not exist', async () => {
    const res = await owner.patch('/api/admin/coupons/999999', { isActive: false });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'KUPON_BULUNAMADI', message: 'Kupon bulunamadı.' });
  });

  it('refuses a category that does not exist (422 KATEGORI_BULUNAMADI)', async () => {
    const res = await owner.post('/api/admin/coupons', newCoupon({ categoryId: 999999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'KATEGORI_BULUNAMADI',
      fields: { categoryId: 'Böyle bir kategori yok' },
    });
  });

  const CODE = 'Kod 3-30 karakter olmalı; yalnızca harf, rakam, tire (-) ve alt çizgi (_) içerebilir';
  it.each([
    ['no code', { code: undefined }, 'code', 'Kupon kodunu girin'],
    ['a blank code', { code: '  ' }, 'code', 'Kupon kodunu girin'],
    ['a code too short', { code: 'AB' }, 'code', CODE],
    ['a code too long', { code: 'A'.repeat(31) }, 'code', CODE],
    ['a code with a space', { code: 'YAZ İNDİRİMİ' }, 'code', CODE],
    [
      'a code with a control character',
      { code: 'YAZ\u0007' },
      'code',
      'Bu alanda kullanılamayan görünmez bir karakter var; lütfen metni yeniden yazın',
    ],
    [
      'a description too long',
      { description: 'a'.repeat(201) },
      'description',
      'Açıklama en fazla 200 karakter olabilir',
    ],
    ['an unknown kind', { kind: 'free' }, 'kind', 'İndirim türü yüzde ya da tutar olmalı'],
    ['no value', { value: undefined }, 'value', 'İndirim 1 ya da daha büyük bir tam sayı olmalı'],
    ['a zero value', { value: 0 }, 'value', 'İndirim 1 ya da daha büyük bir tam sayı olmalı'],
    ['a fractional value', { value: 2.5 }, 'value', 'İndirim 1 ya da daha büyük bir tam sayı olmalı'],
    ['a value that is no number', { value: 'on' }, 'value', 'İndirim 1 ya da daha büyük bir tam sayı olmalı'],
    ['a percent over 100', { value: 101 }, 'value', 'Yüzde indirim 1 ile 100 arasında olmalı'],
    [
      'a negative minimum basket',
      { minBasketMinor: -1 },
      'minBasketMinor',
      'En düşük sepet tutarı kuruş olarak 0 ya da daha büyük bir tam sayı olmalı',
    ],
    [
      'a start that is no date',
      { startsAt: 'yarın' },
      'startsAt',
      'Tarih ve saati GG.AA.YYYY SS:DD olarak seçin',
    ],
    [
      'an end that is no day',
      { endsAt: '2026-02-30T10:00' },
      'endsAt',
      'Tarih ve saati GG.AA.YYYY SS:DD olarak seçin',
    ],
    [
      'an end before the start',
      { startsAt: '2099-05-01T10:00', endsAt: '2099-04-01T10:00' },
      'endsAt',
      'Bitiş tarihi başlangıç tarihinden sonra olmalı',
    ],
    [
      'an end equal to the start',
      { startsAt: '2099-05-01T10:00', endsAt: '2099-05-01T10:00' },
      'endsAt',
      'Bitiş tarihi başlangıç tarihinden sonra olmalı',
    ],
    [
      'a zero usage limit',
      { usageLimit: 0 },
      'usageLimit',
      'Toplam kullanım sınırı boş ya da 1 ya da daha büyük bir tam sayı olmalı',
    ],
    [
      'a zero per-customer limit',
      { perCustomerLimit: '0' },
      'perCustomerLimit',
      'Müşteri başına sınır boş ya da 1 ya da daha büyük bir tam sayı olmalı',
    ],
    ['a category that is no number', { categoryId: 'seramik' }, 'categoryId', 'Kategori numarası geçersiz'],
    [
      'a public flag that is not true or false',
      { isPublic: 'evet' },
      'isPublic',
      'Kuponlar sayfasında gösterilsin mi: evet ya da hayır olmalı',
    ],
    [
      'an active flag that is not true or false',
      { isActive: 1 },
      'isActive',
      'Etkin evet ya da hayır olmalı',
    ],
  ])(
    'refuses a new coupon with %s (400 GECERSIZ_ISTEK), adding nothing',
    async (_what, change, field, message) => {
      const before = await countCoupons();
      const res = await owner.post('/api/admin/coupons', newCoupon(change));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
      expect(res.json().error.fields[field]).toBe(message);
      expect(await countCoupons()).toBe(before);
    },
  );

  it.each([
    ['a malformed id', '/api/admin/coupons/abc', { isActive: false }, 'id', 'Kupon numarası geçersiz'],
    ['nothing to change', '/api/admin/coupons/1', {}, '_', 'Değiştirilecek bir alan gönderin'],
  ])('refuses an edit with %s (400)', async (_what, url, body, field, message) => {
    const res = await owner.patch(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });
});

describe('a coupon’s category and amounts', () => {
  it('limits a coupon to a category picked from the panel’s category list, named in the coupon list', async () => {
    await t.services.database.db
      .insert(categories)
      .values({ slug: 'kupon-seramik', name: 'Seramik Kupalar' })
      .onConflictDoNothing();
    const { items } = (await owner.get('/api/admin/categories')).json();
    const picked = items.find((c: { name: string }) => c.name === 'Seramik Kupalar');
    const res = await owner.post('/api/admin/coupons', newCoupon({ categoryId: String(picked.id) }));
    expect(res.statusCode).toBe(201);
    const listed = (await owner.get('/api/admin/coupons'))
      .json()
      .items.find((c: { id: number }) => c.id === res.json().coupon.id);
    expect(listed).toMatchObject({ categoryId: picked.id, categoryName: picked.name });
  });

  it('takes and answers an amount coupon in kuruş, as /api/docs says', async () => {
    const res = await owner.post(
      '/api/admin/coupons',
      newCoupon({ kind: 'amount', value: 15_050, minBasketMinor: 75_000 }),
    );
    expect(res.json().coupon).toMatchObject({ value: 15_050, minBasketMinor: 75_000 });
    const docs = (await t.app.inject('/api/docs')).body;
    expect(docs).toContain('kuruş (5000 = 50,00 TL) for kind amount');
  });
});
