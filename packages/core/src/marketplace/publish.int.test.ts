import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { openTestDatabase } from '@vitrin/testing/database';
import { startTrendyolServer } from '@vitrin/testing/trendyol-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  categories,
  channelListings,
  productPrices,
  products,
  productVariants,
} from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { createServices } from '../services.ts';

/**
 * A product put on Trendyol (issue 43) against the Trendyol stand-in: the category and brand mapped, the
 * required attributes given, product create V2 sent once with a batch the round follows until the listing is
 * linked; an item Trendyol refuses keeps its reasons; Trendyol down at publish: sent once when it answers;
 * the refusals say what is missing.
 */
const trendyol = await startTrendyolServer({ batchReads: 1 });
const { database, dispose } = await openTestDatabase();
const { db } = database;
let clock = new Date();
const services = createServices(database, {
  shopUrl: 'https://magaza.test',
  trendyol: { env: trendyol.env, now: () => clock, tuning: { now: () => clock.getTime(), timeoutMs: 2_000 } },
});
const { publish } = services.trendyolSync;
const cli = { kind: 'cli' } as const;

const [category] = await db.insert(categories).values({ slug: 'kupalar', name: 'Kupalar' }).returning();
const [defterler] = await db.insert(categories).values({ slug: 'defterler', name: 'Defterler' }).returning();
const product = (values: Partial<typeof products.$inferInsert> & { sku: string }) =>
  db
    .insert(products)
    .values({
      slug: values.sku.toLowerCase(),
      name: values.sku,
      stockType: STOCK_TYPE.Single,
      categoryId: category!.id,
      vatRate: 20,
      brand: 'Kuzey Seramik',
      images: ['products/kupa-1.jpg', 'products/kupa-2.jpg'],
      ...values,
    })
    .returning()
    .then((rows) => rows[0]!);
const sale = (productId: number, amountMinor: number, variantId: number | null = null) =>
  db
    .insert(productPrices)
    .values({ productId, variantId, priceType: PRICE_TYPE.Sale, amountMinor, currency: 'TRY' });

const kupa = await product({
  sku: 'KUPA-SILUET',
  name: 'İstanbul Silueti Kupa',
  barcode: '8691111111110',
  stock: 12,
  description: '<p>El yapımı <strong>seramik</strong> kupa &amp; tabak.</p><script>x()</script>',
});
await sale(kupa.id, 34_990);
const set = await product({ sku: 'KUPA-SET', name: 'Kupa Seti', stockType: STOCK_TYPE.Variant, stock: null });
const variants = await db
  .insert(productVariants)
  .values([
    {
      productId: set.id,
      sku: 'KUPA-SET-250',
      barcode: '8691111111127',
      options: { Hacim: '250 ml' },
      stock: 4,
    },
    {
      productId: set.id,
      sku: 'KUPA-SET-350',
      barcode: '8691111111134',
      options: { Hacim: '350 ml' },
      stock: 6,
    },
  ])
  .returning();
await sale(set.id, 50_000);
const tabak = await product({ sku: 'TABAK-DUZ', name: 'Düz Tabak', barcode: '8691111111141', stock: 3 });
await sale(tabak.id, 20_000);
const defter = await product({
  sku: 'DEFTER-A5',
  name: 'A5 Defter',
  categoryId: defterler!.id,
  brand: 'Atölye Nar',
  barcode: null,
  stock: 9,
});

afterAll(async () => {
  await dispose();
  await trendyol.close();
});
beforeEach(() => {
  clock = new Date(clock.getTime() + 1000);
  trendyol.setNow(clock);
});

const RENK = { attributeId: 47, customValue: 'Beyaz' };
const MENSEI = { attributeId: 1192, valueId: 10_617_344 };
const creates = () => trendyol.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/v2/products'));
const row = async (barcode: string) =>
  (await db.select().from(channelListings).where(eq(channelListings.barcode, barcode)))[0];
const refusal = async (work: Promise<unknown>) => {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError<string, { missing: { kind: string; message: string }[] }>;
};

describe('Trendyol categories, brands and mappings', () => {
  it('finds leaf categories by words of their path (Turkish folding) and brands by their exact name', async () => {
    expect(await publish.categories('mutfak kupa')).toEqual([
      { id: 1081, name: 'Kupa & Bardak', path: 'Ev & Mobilya › Mutfak › Kupa & Bardak' },
    ]);
    expect((await publish.categories('KIRTASİYE')).map((c) => c.id)).toEqual([91_266]);
    // No node with children is offered: a product goes only into a leaf.
    expect((await publish.categories('')).map((c) => c.id).sort((a, b) => a - b)).toEqual([
      387, 1081, 91_266,
    ]);
    expect(await publish.brands('Kuzey Seramik')).toEqual([{ id: 102_354, name: 'Kuzey Seramik' }]);
    expect(await publish.brands('yok böyle')).toEqual([]);
    const reads = trendyol.requests.filter((r) => r.path === '/product/product-categories');
    expect(reads).toHaveLength(1);
  });

  it('maps a category to a leaf only, a brand by its name, audited; lists and removes them', async () => {
    const notLeaf = await refusal(
      publish.setMapping(cli, { kind: 'category', local: String(category!.id), remote: 1070 }),
    );
    expect(notLeaf).toMatchObject({ status: 422, code: 'TRENDYOL_KATEGORISI_GECERSIZ' });
    const noCategory = await refusal(
      publish.setMapping(cli, { kind: 'category', local: '999999', remote: 1081 }),
    );
    expect(noCategory).toMatchObject({ status: 404, code: 'KATEGORI_BULUNAMADI' });

    await publish.setMapping(cli, { kind: 'category', local: String(defterler!.id), remote: 91_266 });
    await publish.deleteMapping(cli, 'category', String(defterler!.id));
    expect(await refusal(publish.deleteMapping(cli, 'category', String(defterler!.id)))).toMatchObject({
      status: 404,
      code: 'ESLESME_BULUNAMADI',
    });
    expect(await publish.mappings()).toEqual([]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'marketplace.mapping'));
    expect(audits).toHaveLength(2);
  });
});

describe('publishing a product on Trendyol', () => {
  it('is refused with what is missing: the mappings, then the required attributes, a barcode and a price', async () => {
    const unmapped = await refusal(publish.publish(cli, kupa.id, { attributes: [] }));
    expect(unmapped).toMatchObject({ status: 422, code: 'TRENDYOL_BILGI_EKSIK' });
    expect(unmapped.details!.missing.map((m) => m.kind)).toEqual(['category', 'brand']);
    expect(unmapped.message).toContain('"Kupalar" kategorisi bir Trendyol kategorisiyle eşlenmemiş');
    expect(unmapped.message).toContain('"Kuzey Seramik" markası');

    await publish.setMapping(cli, { kind: 'category', local: String(category!.id), remote: 1081 });
    await publish.setMapping(cli, {
      kind: 'brand',
      local: 'Kuzey Seramik',
      remote: 102_354,
      remoteName: 'Kuzey Seramik',
    });
    const noAttributes = await refusal(publish.publish(cli, kupa.id, { attributes: [RENK] }));
    expect(noAttributes.details!.missing).toEqual([
      { kind: 'attributes', message: 'Trendyol kategorisinin zorunlu özellikleri eksik: Menşei.' },
    ]);
    expect(noAttributes.fields).toEqual({ attributes: expect.stringContaining('Menşei') });

    await publish.setMapping(cli, { kind: 'category', local: String(defterler!.id), remote: 91_266 });
    await publish.setMapping(cli, {
      kind: 'brand',
      local: 'Atölye Nar',
      remote: 187_803,
      remoteName: 'Atölye Nar',
    });
    const noBarcode = await refusal(publish.publish(cli, defter.id, { attributes: [] }));
    expect(noBarcode.details!.missing.map((m) => m.kind)).toEqual(['barcode', 'price']);
    expect(noBarcode.message).toContain('Barkodu olmayan: DEFTER-A5');
    expect(noBarcode.message).toContain('Satış fiyatı olmayan: DEFTER-A5');
    expect(creates()).toHaveLength(0);
    expect(await row('8691111111110')).toBeUndefined();
  });

  it('sends the product once with a batch the round follows until its listing is linked and approved', async () => {
    const result = await publish.publish(cli, kupa.id, { attributes: [RENK, MENSEI], desi: 2 });
    expect(result).toMatchObject({ productId: kupa.id, barcodes: ['8691111111110'], waiting: null });
    expect(result.batchId).toEqual(expect.any(String));
    expect(creates()).toHaveLength(1);
    expect(creates()[0]!.body).toEqual({
      items: [
        {
          barcode: '8691111111110',
          title: 'İstanbul Silueti Kupa',
          productMainId: 'KUPA-SILUET',
          brandId: 102_354,
          categoryId: 1081,
          quantity: 12,
          stockCode: 'KUPA-SILUET',
          dimensionalWeight: 2,
          description: 'El yapımı seramik kupa & tabak.',
          currencyType: 'TRY',
          listPrice: 349.9,
          salePrice: 349.9,
          vatRate: 20,
          images: [
            { url: 'https://magaza.test/uploads/products/kupa-1.jpg' },
            { url: 'https://magaza.test/uploads/products/kupa-2.jpg' },
          ],
          attributes: [
            { attributeId: 47, customAttributeValue: 'Beyaz' },
            { attributeId: 1192, attributeValueId: 10_617_344 },
          ],
        },
      ],
    });
    expect(await row('8691111111110')).toMatchObject({
      productId: kupa.id,
      batchId: result.batchId,
      createItem: null,
      seenAt: null,
    });
    // Sent and waiting: a second publish is refused, nothing is sent again.
    expect(await refusal(publish.publish(cli, kupa.id, { attributes: [RENK, MENSEI] }))).toMatchObject({
      status: 409,
      code: 'TRENDYOL_GONDERIMI_BEKLIYOR',
    });

    // The first read of the batch: still in progress.
    await services.trendyolSync.runNow();
    expect(await row('8691111111110')).toMatchObject({ batchId: result.batchId, lastError: null });
    // Done: accepted.
    const done = await services.trendyolSync.runNow();
    expect(done.accepted).toBeGreaterThanOrEqual(1);
    expect(await row('8691111111110')).toMatchObject({ batchId: null, lastError: null });
    // The next read lists it (waiting for Trendyol's approval), linked to the product.
    await services.trendyolSync.runNow();
    expect(await row('8691111111110')).toMatchObject({
      productId: kupa.id,
      approved: false,
      seenAt: expect.any(Date),
      stockCode: 'KUPA-SILUET',
    });
    trendyol.approve('8691111111110');
    await services.trendyolSync.runNow();
    expect(await row('8691111111110')).toMatchObject({ approved: true, lastError: null });
    expect(creates()).toHaveLength(1);
    // No price-and-inventory for it: Trendyol has the very values it was created with.
    expect(trendyol.stockPriceBodies()).toEqual([]);
    expect(await refusal(publish.publish(cli, kupa.id, { attributes: [RENK, MENSEI] }))).toMatchObject({
      status: 409,
      code: 'TRENDYOL_URUNU_VAR',
    });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'marketplace.publish'));
    expect(audits.map((a) => a.entityId)).toEqual([String(kupa.id)]);
  });

  it('keeps the reasons of an item Trendyol refuses on its listing; that variant may be sent again', async () => {
    const result = await publish.publish(cli, set.id, {
      attributes: [RENK, MENSEI],
      variants: [
        { barcode: '8691111111127', attributes: [{ attributeId: 343, valueId: 5_001 }] },
        // Not one of the attribute's values: Trendyol refuses this item.
        { barcode: '8691111111134', attributes: [{ attributeId: 343, valueId: 9_999 }] },
      ],
    });
    expect(result.barcodes).toEqual(['8691111111127', '8691111111134']);
    const body = creates().at(-1)!.body as {
      items: { title: string; productMainId: string; quantity: number }[];
    };
    expect(body.items.map((i) => [i.title, i.productMainId, i.quantity])).toEqual([
      ['Kupa Seti 250 ml', 'KUPA-SET', 4],
      ['Kupa Seti 350 ml', 'KUPA-SET', 6],
    ]);
    await services.trendyolSync.runNow();
    const round = await services.trendyolSync.runNow();
    expect(round.refused).toBe(1);
    expect(await row('8691111111127')).toMatchObject({ batchId: null, lastError: null });
    expect((await row('8691111111134'))!.lastError).toBe(
      'Trendyol reddetti: Hacim özelliği için geçersiz değer: 9999',
    );
    expect((await services.trendyolSync.health()).failing).toBe(1);

    // Sent again with a good value: only the refused variant goes.
    const again = await publish.publish(cli, set.id, {
      attributes: [RENK, MENSEI],
      variants: [{ barcode: '8691111111134', attributes: [{ attributeId: 343, valueId: 5_002 }] }],
    });
    expect(again.barcodes).toEqual(['8691111111134']);
    await services.trendyolSync.runNow();
    await services.trendyolSync.runNow();
    expect(await row('8691111111134')).toMatchObject({ batchId: null, lastError: null });
    expect(variants).toHaveLength(2);
  });

  it('with Trendyol down at publish, keeps it and sends it once when Trendyol answers again', async () => {
    trendyol.failNext(1, { status: 500 }, { method: 'POST', path: /\/v2\/products$/ });
    const before = creates().length;
    const result = await publish.publish(cli, tabak.id, { attributes: [RENK, MENSEI] });
    expect(result).toMatchObject({ batchId: null, barcodes: ['8691111111141'] });
    expect(result.waiting).toContain('Trendyol');
    expect(await row('8691111111141')).toMatchObject({
      batchId: null,
      createItem: expect.objectContaining({ barcode: '8691111111141' }),
      attempts: 1,
    });
    expect(await refusal(publish.publish(cli, tabak.id, { attributes: [RENK, MENSEI] }))).toMatchObject({
      status: 409,
      code: 'TRENDYOL_GONDERIMI_BEKLIYOR',
    });
    // Within its back-off the round does not send it.
    await services.trendyolSync.runNow();
    expect(creates().length).toBe(before + 1);
    // Past it: sent once, then followed.
    clock = new Date(clock.getTime() + 61_000);
    trendyol.setNow(clock);
    await services.trendyolSync.runNow();
    expect(creates().length).toBe(before + 2);
    expect(creates().at(-1)!.status).toBe(200);
    expect(await row('8691111111141')).toMatchObject({ createItem: null, batchId: expect.any(String) });
    await services.trendyolSync.runNow();
    await services.trendyolSync.runNow();
    await services.trendyolSync.runNow();
    expect(creates().length).toBe(before + 2);
    expect(await row('8691111111141')).toMatchObject({
      batchId: null,
      lastError: null,
      seenAt: expect.any(Date),
    });
    expect(trendyol.listings().filter((l) => l.barcode === '8691111111141')).toHaveLength(1);
  });
});
