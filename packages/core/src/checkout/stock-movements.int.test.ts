import { randomUUID } from 'node:crypto';
import { guest, guestCheckoutForm, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../customers/tokens.ts';
import { products, productVariants, staff, stockMovements } from '../db/schema.ts';

let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const movementsOf = (orderId: number) =>
  t.db
    .select({
      productId: stockMovements.productId,
      variantId: stockMovements.variantId,
      change: stockMovements.change,
      before: stockMovements.stockBefore,
      after: stockMovements.stockAfter,
      reason: stockMovements.reason,
      staffId: stockMovements.staffId,
    })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .orderBy(asc(stockMovements.id));

const variantStock = async (id: number) =>
  (
    await t.db.select({ s: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id))
  )[0]!.s;

async function placeKupaPestemalEkitap() {
  const owner = { token: newToken() };
  for (const item of [
    { productId: t.shop.kupa, quantity: 2 },
    { productId: t.shop.pestemal, variantId: t.shop.variants.mavi, quantity: 1 },
    { productId: t.shop.ekitap, quantity: 1 },
  ]) {
    await t.services.cart.add(owner, item as never, guest);
  }
  const placed = await t.services.checkout.place(
    owner,
    { ...guest, phone: null },
    guestCheckoutForm({ email: 'stok@example.com' }),
    randomUUID(),
  );
  return placed.orderId;
}

describe('stock history of orders', () => {
  it('an order writes one sipariş movement per stock row taken with before and after; unlimited stock none', async () => {
    const kupa = (await t.stockOf(t.shop.kupa))!;
    const mavi = await variantStock(t.shop.variants.mavi);
    const orderId = await placeKupaPestemalEkitap();
    const moved = await movementsOf(orderId);
    expect(moved).toHaveLength(2);
    expect(moved).toEqual(
      expect.arrayContaining([
        {
          productId: t.shop.kupa,
          variantId: null,
          change: -2,
          before: kupa,
          after: kupa - 2,
          reason: 'sipariş',
          staffId: null,
        },
        {
          productId: t.shop.pestemal,
          variantId: t.shop.variants.mavi,
          change: -1,
          before: mavi,
          after: mavi - 1,
          reason: 'sipariş',
          staffId: null,
        },
      ]),
    );
    expect(moved.some((m) => m.productId === t.shop.ekitap)).toBe(false);
  });

  it('a cancellation writes the stock given back as sipariş iptali', async () => {
    const kupa = (await t.stockOf(t.shop.kupa))!;
    const orderId = await placeKupaPestemalEkitap();
    await t.services.orders.changeStatus(orderId, 6, { actor: 'operator', note: 'Müşteri vazgeçti' });
    const back = (await movementsOf(orderId)).filter((m) => m.reason === 'sipariş iptali');
    expect(back).toHaveLength(2);
    expect(back.find((m) => m.variantId === null)).toMatchObject({
      productId: t.shop.kupa,
      change: 2,
      before: kupa - 2,
      after: kupa,
    });
    expect(back.find((m) => m.variantId === t.shop.variants.mavi)).toMatchObject({ change: 1 });
    expect(await t.stockOf(t.shop.kupa)).toBe(kupa);
  });

  it('a refused order (not enough stock) writes no movement', async () => {
    const count = async () => (await t.db.select().from(stockMovements)).length;
    const before = await count();
    const owner = { token: newToken() };
    await t.services.cart.add(
      owner,
      { productId: t.shop.pestemal, variantId: t.shop.variants.mavi, quantity: 1 } as never,
      guest,
    );
    await t.services.cart.add(owner, { productId: t.shop.kupa, quantity: 1 } as never, guest);
    // Someone else bought the last cups meanwhile.
    const kupa = await t.stockOf(t.shop.kupa);
    await t.setStock(t.shop.kupa, 0);
    await expect(
      t.services.checkout.place(owner, { ...guest, phone: null }, guestCheckoutForm(), randomUUID()),
    ).rejects.toMatchObject({ code: 'STOK_YETERSIZ' });
    expect(await count()).toBe(before);
    await t.setStock(t.shop.kupa, kupa);
  });
});

describe('stock history of the CLI', () => {
  it('product set stock writes one düzeltme movement without staff; sınırsız on a virtual product none', async () => {
    const kupa = (await t.stockOf(t.shop.kupa))!;
    await t.services.catalogAdmin.setProduct('kupa', 'stock', String(kupa + 7), { kind: 'cli' });
    const rows = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, t.shop.kupa))
      .orderBy(asc(stockMovements.id));
    expect(rows.at(-1)).toMatchObject({
      change: 7,
      stockBefore: kupa,
      stockAfter: kupa + 7,
      reason: 'düzeltme',
      staffId: null,
      orderId: null,
    });
    await t.services.catalogAdmin.setProduct('e-kitap', 'stock', 'sınırsız', { kind: 'cli' });
    expect(
      await t.db.select().from(stockMovements).where(eq(stockMovements.productId, t.shop.ekitap)),
    ).toHaveLength(0);
  });
});

describe('stock history of an import', () => {
  it('a product and a variant whose stock the file changes each get one düzeltme movement by the staff member', async () => {
    const [kupa] = await t.db.select().from(products).where(eq(products.id, t.shop.kupa));
    const [mavi] = await t.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, t.shop.variants.mavi));
    const [pestemal] = await t.db.select().from(products).where(eq(products.id, t.shop.pestemal));
    const options = Object.entries(mavi!.options)
      .map(([k, v]) => `${k}=${v}`)
      .join(';');
    const file = Buffer.from(
      `sku,parent_sku,name,category,sale_price,stock,options\r\n${kupa!.sku},,${kupa!.name},kupalar,,${kupa!.stock! + 5},\r\n` +
        `${mavi!.sku},${pestemal!.sku},,,,${mavi!.stock + 2},"${options}"\r\n`,
    );
    const staffId = (await t.db.select({ id: staff.id }).from(staff).limit(1))[0]?.id;
    const actor = staffId ? { kind: 'staff' as const, staffId } : { kind: 'cli' as const };
    await t.services.productImports.run({ bytes: file, name: 'stok.csv' }, { dryRun: false, actor });
    const rows = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.note, 'İçe aktarmayla değiştirildi'))
      .orderBy(asc(stockMovements.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.variantId === null)).toMatchObject({
      productId: t.shop.kupa,
      change: 5,
      stockBefore: kupa!.stock,
      stockAfter: kupa!.stock! + 5,
      reason: 'düzeltme',
      staffId: staffId ?? null,
    });
    expect(rows.find((r) => r.variantId === t.shop.variants.mavi)).toMatchObject({
      productId: t.shop.pestemal,
      change: 2,
      stockBefore: mavi!.stock,
      stockAfter: mavi!.stock + 2,
    });
    // The same file again changes nothing and writes no movement.
    await t.services.productImports.run({ bytes: file, name: 'stok.csv' }, { dryRun: false, actor });
    expect(
      await t.db.select().from(stockMovements).where(eq(stockMovements.note, 'İçe aktarmayla değiştirildi')),
    ).toHaveLength(2);
  });
});
