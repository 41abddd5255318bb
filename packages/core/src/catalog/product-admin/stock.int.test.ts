import { refusal } from '@vitrin/testing/refusal';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../../db/schema.ts';

/** Stock adjustments from the panel on the test shop (kupa: 10 pieces; peştemal: per variant; e-kitap: unlimited). */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const cli = { kind: 'cli' } as const;
const adjust = (id: number, body: Record<string, unknown>) =>
  t.services.productAdmin.adjustStock(cli, id, body);

describe('stock adjustments', () => {
  it('adds and takes stock with a reason; the history lists them newest first with before and after', async () => {
    expect(await adjust(t.shop.kupa, { change: 5, reason: 'tedarik', note: 'Fatura 42' })).toMatchObject({
      change: 5,
      stockBefore: 10,
      stockAfter: 15,
      reason: 'tedarik',
      note: 'Fatura 42',
    });
    await adjust(t.shop.kupa, { change: '-3', reason: 'fire' });
    expect(await t.stockOf(t.shop.kupa)).toBe(12);
    const { items } = await t.services.productAdmin.stockHistory(t.shop.kupa, 1);
    expect(items.map((m) => [m.change, m.reason, m.stockAfter])).toEqual([
      [-3, 'fire', 12],
      [5, 'tedarik', 15],
    ]);
  });

  it('shows the new stock on the product page at once', async () => {
    await adjust(t.shop.isimliKupa, { change: -17, reason: 'sayım' });
    expect((await t.services.catalog.product('isimli-kupa'))!.stock).toEqual({ state: 'low', remaining: 3 });
  });

  it('refuses stock below zero (409 STOK_EKSIYE_DUSEMEZ), changing nothing and recording nothing', async () => {
    const before = await t.stockOf(t.shop.defter);
    const err = await refusal(() => adjust(t.shop.defter, { change: -(before! + 1), reason: 'sayım' }));
    expect(err).toMatchObject({ status: 409, code: 'STOK_EKSIYE_DUSEMEZ' });
    expect(await t.stockOf(t.shop.defter)).toBe(before);
    expect(
      await t.db.select().from(stockMovements).where(eq(stockMovements.productId, t.shop.defter)),
    ).toEqual([]);
  });

  it('needs the variant of a variant product (422), and adjusts that variant', async () => {
    expect(await refusal(() => adjust(t.shop.pestemal, { change: 1, reason: 'sayım' }))).toMatchObject({
      status: 422,
      code: 'VARYANT_SECIN',
    });
    const moved = await adjust(t.shop.pestemal, {
      change: 4,
      reason: 'iade',
      variantId: t.shop.variants.kirmizi,
    });
    expect(moved).toMatchObject({ stockBefore: 0, stockAfter: 4, variantSku: 'PESTEMAL-KIRMIZI' });
    const page = (await t.services.catalog.product('pestemal'))!;
    expect(page.variants.find((v) => v.sku === 'PESTEMAL-KIRMIZI')!.stock).toEqual({
      state: 'low',
      remaining: 4,
    });
  });

  it("refuses another product's variant (404 VARYANT_BULUNAMADI)", async () => {
    const err = await refusal(() =>
      adjust(t.shop.kupa, { change: 1, reason: 'sayım', variantId: t.shop.variants.mavi }),
    );
    expect(err).toMatchObject({ status: 404, code: 'VARYANT_BULUNAMADI' });
    expect(await t.stockOf(t.shop.kupa)).toBe(12);
  });

  it('refuses a count on unlimited stock (422 STOK_SINIRSIZ)', async () => {
    expect(await refusal(() => adjust(t.shop.ekitap, { change: 1, reason: 'sayım' }))).toMatchObject({
      status: 422,
      code: 'STOK_SINIRSIZ',
    });
  });

  it('refuses an unknown reason on its field, and an unknown product with 404', async () => {
    const bad = await refusal(() => adjust(t.shop.kupa, { change: 1, reason: 'hediye' }));
    expect(bad.status).toBe(400);
    expect(bad.fields).toHaveProperty('reason');
    expect(await refusal(() => adjust(999_999, { change: 1, reason: 'sayım' }))).toMatchObject({
      status: 404,
      code: 'URUN_BULUNAMADI',
    });
  });
});
