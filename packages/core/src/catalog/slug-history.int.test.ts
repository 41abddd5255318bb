import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugNowOf } from './slug-history.ts';

/** A product's old addresses after its slug changed in the panel: they lead to its address now (301). */
let t: OpenTestShop;
beforeAll(async () => {
  t = await openTestShop();
});
afterAll(() => t.dispose());

const cli = { kind: 'cli' } as const;
let n = 0;
const form = (slug: string, extra: Record<string, unknown> = {}) => ({
  name: `Taşınan Kupa ${++n}`,
  sku: `TASINAN-${n}`,
  slug,
  stockType: 1,
  categoryId: t.shop.categories.kupalar,
  vatRate: 20,
  prices: [{ priceType: 2, price: '10' }],
  stock: 5,
  ...extra,
});
async function moved(from: string, ...to: string[]) {
  const made = await t.services.productAdmin.create(cli, form(from));
  for (const slug of to)
    await t.services.productAdmin.update(cli, made.id, form(slug, { sku: made.sku, name: made.name }));
  return made;
}

describe('the old slug of a product', () => {
  it('leads to the new one; after two moves, both old slugs lead to the last', async () => {
    await moved('tasinan-kupa', 'yeni-adres', 'son-adres');
    expect(await slugNowOf(t.db, 'tasinan-kupa')).toBe('son-adres');
    expect(await slugNowOf(t.db, 'yeni-adres')).toBe('son-adres');
    expect(await t.services.catalog.product('son-adres')).not.toBeNull();
  });

  it('is the page of another product that takes it, and leads to that product once it leaves it too', async () => {
    await moved('paylasilan', 'paylasilan-yeni');
    const other = await t.services.productAdmin.create(cli, form('paylasilan'));
    expect((await t.services.catalog.product('paylasilan'))!.id).toBe(other.id);
    await t.services.productAdmin.update(
      cli,
      other.id,
      form('baska-adres', { sku: other.sku, name: other.name }),
    );
    expect(await slugNowOf(t.db, 'paylasilan')).toBe('baska-adres');
  });

  it('leads nowhere while the product is off sale, and again once it is back', async () => {
    const product = await moved('gizlenen', 'gizlenen-yeni');
    await t.services.productAdmin.bulk(cli, { ids: [product.id], action: 'deactivate' });
    expect(await slugNowOf(t.db, 'gizlenen')).toBeNull();
    await t.services.productAdmin.bulk(cli, { ids: [product.id], action: 'activate' });
    expect(await slugNowOf(t.db, 'gizlenen')).toBe('gizlenen-yeni');
  });

  it('is unknown for a slug no product ever had', async () => {
    expect(await slugNowOf(t.db, 'hic-olmamis')).toBeNull();
  });
});
