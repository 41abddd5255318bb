import { rejection } from '@vitrin/testing/accounts';
import { guest, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartOwner } from '../cart/owner.ts';
import { newToken } from '../customers/tokens.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { coupons } from '../db/schema.ts';
import { couponCodeKey } from './code.ts';

let t: OpenTestShop;
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  t = await openTestShop();
  const now = Date.now();
  await t.addCoupon({
    code: 'HOSGELDIN10',
    kind: 'percent',
    value: 10,
    isPublic: true,
    endsAt: new Date(now + 30 * DAY),
  });
  await t.addCoupon({ code: 'İNDİRİM', kind: 'amount', value: 1000 });
  await t.addCoupon({ code: 'KAPALI', isActive: false });
  await t.addCoupon({ code: 'YAKINDA', startsAt: new Date(now + 5 * DAY), isPublic: true });
  await t.addCoupon({ code: 'BITTI', endsAt: new Date(now - DAY), isPublic: true });
  await t.addCoupon({
    code: 'BINLIRA',
    kind: 'amount',
    value: 10_000,
    minBasketMinor: 100_000,
    isPublic: true,
    endsAt: new Date(now + 10 * DAY),
  });
  await t.addCoupon({ code: 'DOLDU', usageLimit: 2, usedCount: 2, isPublic: true });
  await t.addCoupon({ code: 'SERAMIK15', value: 15, categoryId: t.shop.categories.seramik, isPublic: true });
  await t.addCoupon({ code: 'GIZLI', isPublic: false });
  await t.addCoupon({ code: 'GIZLIYAKINDA', startsAt: new Date(now + 5 * DAY) });
  await t.addCoupon({ code: 'GIZLIBITTI', endsAt: new Date(now - DAY) });
  await t.addCoupon({ code: 'GIZLIDOLDU', usageLimit: 1, usedCount: 1 });
});
afterAll(() => t.dispose());

async function cartWith(
  productId: number,
  quantity: number,
  extra: Record<string, unknown> = {},
): Promise<CartOwner> {
  const owner = { token: newToken() };
  await t.services.cart.add(owner, { productId, quantity, ...extra } as never, guest);
  return owner;
}
const apply = (owner: CartOwner, code: string) => t.services.cart.applyCoupon(owner, { code }, guest);

describe('coupon codes', () => {
  it('folds case, I/İ/ı/i and the other Turkish letters into one key, and drops spaces', () => {
    for (const typed of ['kasim10', 'KASIM10', 'kasım10', 'KASİM10', 'Kasım10', ' kasim 10 ']) {
      expect(couponCodeKey(typed)).toBe('kasim10');
    }
    expect(couponCodeKey('ŞEKER-çiğdem_Ö')).toBe('seker-cigdem_o');
  });

  it("keeps, in the database, the same key as the shopper's code is folded to, for every letter a code may hold", async () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzÇĞİÖŞÜçğıöşü0123456789_-';
    const rows = await t.services.database.db
      .insert(coupons)
      .values({ code: letters, kind: 'percent', value: 5 })
      .returning({ key: coupons.codeKey });
    expect(rows[0]?.key).toBe(couponCodeKey(letters));
  });

  it('finds a coupon however the shopper types its code: case and I/İ/ı/i do not matter', async () => {
    await t.addCoupon({ code: 'kasim10', kind: 'percent', value: 10 });
    for (const typed of ['kasim10', 'KASIM10', 'kasım10', 'KASİM10', 'Kasım 10']) {
      const owner = await cartWith(t.shop.kupa, 1);
      expect((await apply(owner, typed)).coupon?.code).toBe('kasim10');
    }
  });

  it('refuses a second code that folds to one already there, in the database too', async () => {
    await t.addCoupon({ code: 'EKIM20' });
    expect(isUniqueViolation(await rejection(t.addCoupon({ code: 'ekım20' })))).toBe(true);
  });
});

describe('coupon', () => {
  it('applies a percent coupon typed in lower case', async () => {
    const owner = await cartWith(t.shop.kupa, 2);
    const view = await apply(owner, 'hosgeldin10');
    expect(view.coupon).toEqual({ code: 'HOSGELDIN10', description: '', discountMinor: 5000 });
    expect(view.totals.discountMinor).toBe(5000);
    expect(view.totals.totalMinor).toBe(50_000 - 5000 + 4990);
  });

  it('finds a code with Turkish letters typed in lower case (i → İ)', async () => {
    const owner = await cartWith(t.shop.kupa, 1);
    expect((await apply(owner, 'indirim')).coupon?.code).toBe('İNDİRİM');
  });

  it('rejects an unknown code with KUPON_BULUNAMADI', async () => {
    const owner = await cartWith(t.shop.kupa, 1);
    expect(await rejection(apply(owner, 'YOKBOYLE'))).toMatchObject({
      code: 'KUPON_BULUNAMADI',
      status: 404,
    });
  });

  it('rejects an inactive code with KUPON_BULUNAMADI', async () => {
    const owner = await cartWith(t.shop.kupa, 1);
    expect(await rejection(apply(owner, 'KAPALI'))).toMatchObject({ code: 'KUPON_BULUNAMADI' });
  });

  it('rejects a code that has not started with KUPON_HENUZ_BASLAMADI', async () => {
    const owner = await cartWith(t.shop.kupa, 1);
    const err = await rejection(apply(owner, 'yakinda'));
    expect(err).toMatchObject({ code: 'KUPON_HENUZ_BASLAMADI', status: 422 });
    expect(err.message).toMatch(/henüz başlamadı/);
  });

  it('tells a shopper an expired public code has ended, and when (KUPON_SURESI_DOLDU)', async () => {
    const owner = await cartWith(t.shop.kupa, 1);
    const err = await rejection(apply(owner, 'bitti'));
    expect(err.code).toBe('KUPON_SURESI_DOLDU');
    expect(err.message).toMatch(
      /^Bu kuponun süresi \d{1,2} \S+ \d{4} \d{2}:\d{2} itibarıyla doldu; artık kullanılamıyor\.$/,
    );
  });

  it('answers a private code that nobody can use now exactly like an unknown one', async () => {
    const owner = await cartWith(t.shop.kupa, 1);
    const refusal = async (code: string) => {
      const {
        code: errorCode,
        message,
        status,
      } = (await rejection(apply(owner, code))) as { status?: number } & Awaited<
        ReturnType<typeof rejection>
      >;
      return { errorCode, message, status };
    };
    const unknown = await refusal('YOKBOYLE');
    for (const code of ['GIZLIYAKINDA', 'GIZLIBITTI', 'GIZLIDOLDU'])
      expect(await refusal(code)).toEqual(unknown);
  });

  it('still tells a private code that works why the cart does not qualify', async () => {
    const owner = await cartWith(t.shop.ekitap, 1);
    await t.addCoupon({ code: 'GIZLIKUPA', categoryId: t.shop.categories.kupalar });
    expect(await rejection(apply(owner, 'GIZLIKUPA'))).toMatchObject({ code: 'KUPON_UYGULANAMAZ' });
  });

  it('rejects a basket under the minimum with KUPON_SEPET_TUTARI_YETERSIZ, naming the minimum in TL', async () => {
    const owner = await cartWith(t.shop.kupa, 2);
    const err = await rejection(apply(owner, 'BINLIRA'));
    expect(err.code).toBe('KUPON_SEPET_TUTARI_YETERSIZ');
    expect(err.message).toContain('₺1.000,00');
  });

  it('tells a shopper a used-up public code reached its limit (KUPON_LIMITI_DOLDU)', async () => {
    const owner = await cartWith(t.shop.kupa, 1);
    expect(await rejection(apply(owner, 'doldu'))).toMatchObject({
      code: 'KUPON_LIMITI_DOLDU',
      status: 422,
      message: 'Bu kupon belirlenen kullanım sayısına ulaştı; artık kullanılamıyor.',
    });
  });

  it('rejects a category coupon without a line of that category with KUPON_UYGULANAMAZ', async () => {
    const owner = await cartWith(t.shop.ekitap, 1);
    const err = await rejection(apply(owner, 'SERAMIK15'));
    expect(err).toMatchObject({ code: 'KUPON_UYGULANAMAZ' });
    expect(err.message).toContain('Seramik');
  });

  it('discounts only the lines of the category and its subcategories', async () => {
    const owner = await cartWith(t.shop.kupa, 1); // kupalar, under seramik
    await t.services.cart.add(owner, { productId: t.shop.ekitap, quantity: 1 }, guest);
    const view = await apply(owner, 'SERAMIK15');
    expect(view.totals.discountMinor).toBe(3750);
  });

  it('shows why an applied coupon stopped applying, and gives no discount', async () => {
    const owner = await cartWith(t.shop.kupa, 4);
    await apply(owner, 'BINLIRA');
    const view = await t.services.cart.setQuantity(
      owner,
      (await t.services.cart.view(owner, guest)).lines[0]!.id,
      { quantity: 2 },
      guest,
    );
    expect(view.couponProblem?.code).toBe('KUPON_SEPET_TUTARI_YETERSIZ');
    expect(view.coupon).toMatchObject({ code: 'BINLIRA', discountMinor: 0 });
    expect(view.totals.discountMinor).toBe(0);
    const removed = await t.services.cart.removeCoupon(owner, guest);
    expect(removed.coupon).toBeNull();
    expect(removed.couponProblem).toBeNull();
  });

  it('lists public coupons that have not ended, soonest end first', async () => {
    const list = await t.services.coupons.publicList();
    expect(list.map((c) => c.code)).toEqual(['BINLIRA', 'HOSGELDIN10', 'SERAMIK15', 'YAKINDA']);
    expect(list.find((c) => c.code === 'SERAMIK15')?.category).toEqual({ slug: 'seramik', name: 'Seramik' });
    expect(list.find((c) => c.code === 'BINLIRA')).toMatchObject({
      kind: 'amount',
      value: 10_000,
      minBasketMinor: 100_000,
    });
  });
});
