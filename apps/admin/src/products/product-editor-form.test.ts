import { productRequest } from '@vitrin/shared/api/admin/products';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  blankProduct,
  formPathOf,
  type ProductFormValues,
  productResolver,
  regenerateVariants,
  toRequest,
} from './product-editor-form.ts';

const form = (extra: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...blankProduct,
  name: 'Kupa',
  sku: 'KUPA',
  categoryId: '3',
  sale: '149,90',
  stock: '5',
  ...extra,
});

const check = async (values: ProductFormValues) =>
  productResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  } as ResolverOptions<ProductFormValues>);

describe('the variant matrix', () => {
  const renk = { name: 'Renk', values: ['Kırmızı', 'Mavi'] };
  const beden = { name: 'Beden', values: ['S', 'M'] };

  it('makes every combination of the groups, with a SKU from the product and the values', () => {
    const rows = regenerateVariants([renk, beden], [], 'TS');
    expect(rows.map((r) => r.options)).toEqual([
      { Renk: 'Kırmızı', Beden: 'S' },
      { Renk: 'Kırmızı', Beden: 'M' },
      { Renk: 'Mavi', Beden: 'S' },
      { Renk: 'Mavi', Beden: 'M' },
    ]);
    expect(rows.map((r) => r.sku)).toEqual(['TS-KIRMIZI-S', 'TS-KIRMIZI-M', 'TS-MAVI-S', 'TS-MAVI-M']);
  });

  it('keeps the rows whose values still exist, with their id, price and stock, when a value is removed', () => {
    const rows = regenerateVariants([renk, beden], [], 'TS').map((r, i) => ({
      ...r,
      id: i + 1,
      stock: String(10 + i),
    }));
    const kept = regenerateVariants([renk, { name: 'Beden', values: ['M'] }], rows, 'TS');
    expect(kept.map((r) => [r.id, r.stock, r.sku])).toEqual([
      [2, '11', 'TS-KIRMIZI-M'],
      [4, '13', 'TS-MAVI-M'],
    ]);
  });

  it('extends a kept row when a group is added; a SKU still as suggested follows, a typed one stays', () => {
    const rows = regenerateVariants([renk], [], 'TS').map((r, i) =>
      i === 1 ? { ...r, sku: 'MAVI-OZEL', stock: '7' } : { ...r, stock: '3' },
    );
    const next = regenerateVariants([renk, beden], rows, 'TS');
    expect(next.map((r) => [r.sku, r.stock])).toEqual([
      ['TS-KIRMIZI-S', '3'],
      ['TS-KIRMIZI-M', '0'],
      ['MAVI-OZEL', '7'],
      ['TS-MAVI-M', '0'],
    ]);
  });

  it('has no rows without a named group with values', () => {
    expect(regenerateVariants([{ name: '', values: ['S'] }], [], 'TS')).toEqual([]);
  });
});

describe('the request the form sends', () => {
  it('sends the fixed prices that are typed and the extra entries, in the one currency, as text', () => {
    const { request, priceFields } = toRequest(
      form({ purchase: '', market: '199', currency: 'EUR', extraPrices: [{ priceType: '5', price: '120' }] }),
    );
    expect(request.prices).toEqual([
      { priceType: 2, price: '149,90', currency: 'EUR' },
      { priceType: 3, price: '199', currency: 'EUR' },
      { priceType: '5', price: '120', currency: 'EUR' },
    ]);
    expect(priceFields).toEqual(['sale', 'market', 'extraPrices.0']);
    const read = productRequest.parse(request);
    expect(read.prices.map((p) => p.price)).toEqual([14_990, 19_900, 12_000]);
  });

  it('a designable product sends its fields with keys made from their labels and the surcharge in kuruş', () => {
    const { request } = toRequest(
      form({
        stockType: '3',
        personalization: {
          fields: [{ key: '', label: 'Kupa üzerindeki isim', maxLength: '20', required: true }],
          allowImage: true,
          surcharge: '25,50',
        },
      }),
    );
    const read = productRequest.parse(request);
    expect(read.personalization).toEqual({
      fields: [{ key: 'kupa_uzerindeki_isim', label: 'Kupa üzerindeki isim', maxLength: 20, required: true }],
      allowImage: true,
      surchargeMinor: 2550,
    });
  });

  it('a virtual product with a blank stock is unlimited; other types send no variants or personalization', () => {
    const read = productRequest.parse(
      toRequest(form({ stockType: '4', stock: '', optionGroups: [{ name: 'Renk', values: ['A'] }] })).request,
    );
    expect(read.stock).toBeNull();
    expect(read.optionGroups).toEqual([]);
    expect(read.personalization).toBeNull();
  });
});

describe('messages land on the fields that show them', () => {
  it('maps the request paths to the form fields', () => {
    const fields = ['sale', 'market', 'extraPrices.0'];
    expect(formPathOf('prices.1.price', fields)).toBe('market');
    expect(formPathOf('prices.2.priceType', fields)).toBe('extraPrices.0.priceType');
    expect(formPathOf('prices.0.currency', fields)).toBe('currency');
    expect(formPathOf('prices', fields)).toBe('sale');
    expect(formPathOf('variants.3.prices.0.price', fields)).toBe('variants.3.price');
    expect(formPathOf('variants.3.options', fields)).toBe('variants.3.sku');
    expect(formPathOf('variants.3.images.0', fields)).toBe('variants.3.images');
    expect(formPathOf('optionGroups.1.values.2', fields)).toBe('optionGroups.1.values');
    expect(formPathOf('personalization.fields.0.key', fields)).toBe('personalization.fields.0.label');
    expect(formPathOf('personalization.surchargeMinor', fields)).toBe('personalization.surcharge');
    expect(formPathOf('slug', fields)).toBe('slug');
  });

  it('a sale price of 12,345 is refused on its field with the Turkish message', async () => {
    const result = await check(form({ sale: '12,345' }));
    expect(result.errors).toMatchObject({
      sale: { message: 'Kuruş en çok iki basamak olabilir (ör. 150,50)' },
    });
  });

  it('a variant product without variants, a bad variant price and a bad surcharge say so', async () => {
    expect((await check(form({ stockType: '2' }))).errors).toMatchObject({
      optionGroups: { message: 'Varyantlı ürün en az bir seçenek grubu ister' },
      variants: { message: 'Varyantlı ürün en az bir varyant ister' },
    });
    const groups = [{ name: 'Beden', values: ['S'] }];
    const variants = regenerateVariants(groups, [], 'KUPA').map((r) => ({ ...r, price: 'abc' }));
    const bad = await check(form({ stockType: '2', optionGroups: groups, variants }));
    expect(bad.errors).toMatchObject({ variants: [{ price: { message: expect.stringMatching(/TL/) } }] });
    const surcharge = await check(
      form({
        stockType: '3',
        personalization: { fields: [], allowImage: true, surcharge: '-5' },
      }),
    );
    expect(surcharge.errors).toMatchObject({
      personalization: { surcharge: { message: 'Tutar eksi olamaz' } },
    });
  });

  it('a valid form passes as it is', async () => {
    const result = await check(form());
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ sale: '149,90' });
  });
});
