import { refusal } from '@vitrin/testing/refusal';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Saving a product from the panel's form: slugs, SKUs, prices typed in lira, stock types. */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const cli = { kind: 'cli' } as const;
let n = 0;
/** A single product's form, valid as it is. */
const single = (extra: Record<string, unknown> = {}) => ({
  name: `Çini Tabak ${++n}`,
  sku: `CINI-${n}`,
  stockType: 1,
  categoryId: t.shop.categories.kupalar,
  vatRate: 20,
  prices: [
    { priceType: 1, price: '80' },
    { priceType: 2, price: '149,90' },
  ],
  stock: 12,
  ...extra,
});
const create = (extra: Record<string, unknown> = {}) => t.services.productAdmin.create(cli, single(extra));

describe('a saved product', () => {
  it('stores prices typed in lira as kuruş, and the storefront shows it at once', async () => {
    const made = await create({ name: 'Şahane Çini Kâse' });
    expect(made.slug).toBe('sahane-cini-kase');
    expect(made.prices).toEqual([
      { priceType: 1, priceMinor: 8000, currency: 'TRY' },
      { priceType: 2, priceMinor: 14_990, currency: 'TRY' },
    ]);
    expect((await t.services.catalog.product('sahane-cini-kase'))!.price!.amountMinor).toBe(14_990);
  });

  it('starts its stock history with its first stock as a correction', async () => {
    const made = await create({ stock: 7 });
    const { items } = await t.services.productAdmin.stockHistory(made.id, 1);
    expect(items).toEqual([
      expect.objectContaining({ change: 7, stockBefore: 0, stockAfter: 7, reason: 'düzeltme' }),
    ]);
  });

  it('makes a slug free with -2 from the name; a typed slug that clashes is 409 with a suggestion', async () => {
    const a = await create({ name: 'Aynı İsim' });
    const b = await create({ name: 'Aynı İsim' });
    expect([a.slug, b.slug]).toEqual(['ayni-isim', 'ayni-isim-2']);
    const clash = await refusal(() => create({ slug: 'ayni-isim' }));
    expect(clash).toMatchObject({ status: 409, code: 'SLUG_KAYITLI' });
    expect(clash.fields!.slug).toContain('ayni-isim-3');
  });

  it('refuses a SKU another product has (409 on the sku field)', async () => {
    const clash = await refusal(() => create({ sku: 'KUPA' }));
    expect(clash).toMatchObject({ status: 409, code: 'SKU_KAYITLI' });
    expect(clash.fields).toHaveProperty('sku');
  });

  it('refuses an unknown category (422) and bad prices and VAT on their fields, writing nothing', async () => {
    const before = await t.count('products');
    expect(await refusal(() => create({ categoryId: 999_999 }))).toMatchObject({
      status: 422,
      code: 'KATEGORI_BULUNAMADI',
    });
    for (const bad of [
      { prices: [{ priceType: 2, price: '-5' }] },
      { prices: [{ priceType: 2, price: '1,999' }] },
      { vatRate: 18 },
      { prices: [{ priceType: 2, price: '10', currency: 'GBP' }] },
    ]) {
      const err = await refusal(() => create(bad));
      expect(err.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(err.fields ?? {}).join(), JSON.stringify(bad)).toMatch(/prices|vatRate/);
    }
    expect(await t.count('products')).toBe(before);
  });

  it('keeps a virtual product unlimited and priced in its own currency', async () => {
    const made = await create({
      stockType: 4,
      stock: '',
      vatRate: 0,
      prices: [{ priceType: 2, price: '20', currency: 'EUR' }],
    });
    expect(made).toMatchObject({ stockType: 4, stock: null });
    const page = (await t.services.catalog.product(made.slug))!;
    expect(page.stock).toEqual({ state: 'in_stock', remaining: null });
    // 20 EUR × 47.80
    expect(page.price!.amountMinor).toBe(95_600);
  });

  it('stores a description sanitized: no script, no handler, no javascript: link', async () => {
    const made = await create({
      description:
        '<p onclick="x()">Elde <b>yıkayın</b></p><script>alert(1)</script><a href="javascript:x()">bağ</a>',
    });
    expect(made.description).toBe('<p>Elde <strong>yıkayın</strong></p><a>bağ</a>');
  });

  it('refuses the second of two saves of one loaded form (409 KAYIT_DEGISTI)', async () => {
    const made = await create();
    const loaded = { ...single({ sku: made.sku, slug: made.slug }), loadedUpdatedAt: made.updatedAt };
    await t.services.productAdmin.update(cli, made.id, { ...loaded, name: 'Birinci' });
    const second = await refusal(() =>
      t.services.productAdmin.update(cli, made.id, { ...loaded, name: 'İkinci' }),
    );
    expect(second).toMatchObject({ status: 409, code: 'KAYIT_DEGISTI' });
    expect((await t.services.productAdmin.get(made.id, { withCost: true })).name).toBe('Birinci');
  });

  it('gives the purchase price only to staff who may see it', async () => {
    const made = await create();
    const types = async (withCost: boolean) =>
      (await t.services.productAdmin.get(made.id, { withCost })).prices.map((p) => p.priceType);
    expect(await types(true)).toEqual([1, 2]);
    expect(await types(false)).toEqual([2]);
  });
});
