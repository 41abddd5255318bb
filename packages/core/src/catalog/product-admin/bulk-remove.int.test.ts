import { randomUUID } from 'node:crypto';
import { refusal } from '@vitrin/testing/refusal';
import { guest, guestCheckoutForm, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../../customers/tokens.ts';
import { auditLog, products } from '../../db/schema.ts';

/** Bulk actions and deletion of products from the panel, on the test shop. */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const cli = { kind: 'cli' } as const;
let n = 0;
const create = () =>
  t.services.productAdmin.create(cli, {
    name: `Toplu Ürün ${++n}`,
    sku: `TOPLU-${n}`,
    stockType: 1,
    categoryId: t.shop.categories.kupalar,
    vatRate: 20,
    prices: [
      { priceType: 1, price: '80' },
      { priceType: 2, price: '149,90' },
      { priceType: 3, price: '199,90' },
    ],
    stock: 12,
  });
const bulk = (body: Record<string, unknown>) => t.services.productAdmin.bulk(cli, body);
const listed = async (category: string) =>
  (await t.services.catalog.categoryPage(category, {
    page: 1,
    pageSize: 48,
    sort: 'newest',
    tag: [],
    opt: [],
  }))!.listing.items.map((i) => i.slug);

describe('bulk actions', () => {
  it('deactivates and activates several at once, one audit row each', async () => {
    const made = [await create(), await create()];
    const ids = made.map((p) => p.id);
    expect(await bulk({ ids, action: 'deactivate' })).toEqual({ changed: 2 });
    expect(await listed('kupalar')).not.toContain(made[0]!.slug);
    expect(await t.services.catalog.product(made[1]!.slug)).toBeNull();
    await bulk({ ids, action: 'activate' });
    expect(await listed('kupalar')).toEqual(expect.arrayContaining(made.map((p) => p.slug)));
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(ids[0]))))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'product.create',
      'product.deactivate',
      'product.activate',
    ]);
  });

  it('changes sale prices by a percentage, rounded to the kuruş, never the purchase price', async () => {
    const p = await create();
    await bulk({ ids: [p.id], action: 'change-price-percent', percent: '10' });
    const after = (await t.services.productAdmin.get(p.id, { withCost: true })).prices;
    expect(after.map((e) => [e.priceType, e.priceMinor])).toEqual([
      [1, 8000],
      [2, 16_489],
      [3, 21_989],
    ]);
    expect((await t.services.catalog.product(p.slug))!.price!.amountMinor).toBe(16_489);
  });

  it('moves products to another category: its listing shows them', async () => {
    const p = await create();
    await bulk({ ids: [p.id], action: 'move-category', categoryId: t.shop.categories.dijital });
    expect(await listed('dijital')).toContain(p.slug);
    expect(await listed('kupalar')).not.toContain(p.slug);
  });

  it('changes nothing when one id is unknown (404) or the category is (422)', async () => {
    const p = await create();
    expect(await refusal(() => bulk({ ids: [p.id, 999_999], action: 'deactivate' }))).toMatchObject({
      status: 404,
      code: 'URUN_BULUNAMADI',
    });
    expect(
      await refusal(() => bulk({ ids: [p.id], action: 'move-category', categoryId: 999_999 })),
    ).toMatchObject({ status: 422, code: 'KATEGORI_BULUNAMADI' });
    expect(await t.services.productAdmin.get(p.id, { withCost: true })).toMatchObject({
      isActive: true,
      categoryId: t.shop.categories.kupalar,
    });
  });

  it('needs the percentage of a price change on its field', async () => {
    const p = await create();
    const err = await refusal(() => bulk({ ids: [p.id], action: 'change-price-percent' }));
    expect(err.status).toBe(400);
    expect(err.fields).toHaveProperty('percent');
  });
});

describe('deleting a product', () => {
  it('deletes one no order holds', async () => {
    const p = await create();
    expect(await t.services.productAdmin.remove(cli, p.id)).toMatchObject({ result: 'deleted' });
    expect(await t.count('products', `id = ${p.id}`)).toBe(0);
  });

  it('only takes one off sale that an order holds, saying so in Turkish', async () => {
    const owner = { token: newToken() };
    await t.services.cart.add(owner, { productId: t.shop.defter, quantity: 1 }, guest);
    await t.services.checkout.place(owner, { ...guest, phone: null }, guestCheckoutForm(), randomUUID());
    const result = await t.services.productAdmin.remove(cli, t.shop.defter);
    expect(result.result).toBe('deactivated');
    expect(result.message).toContain('satıştan kaldırıldı');
    const [row] = await t.db.select().from(products).where(eq(products.id, t.shop.defter));
    expect(row!.isActive).toBe(false);
    expect(await t.services.catalog.product('defter')).toBeNull();
  });

  it('answers 404 for an unknown product', async () => {
    expect(await refusal(() => t.services.productAdmin.remove(cli, 999_999))).toMatchObject({
      status: 404,
      code: 'URUN_BULUNAMADI',
    });
  });
});
