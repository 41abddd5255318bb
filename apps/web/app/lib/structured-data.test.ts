import type { ProductDetail } from '@vitrin/shared/api/catalog';
import { describe, expect, it } from 'vitest';
import { jsonLdText, productJsonLd } from './structured-data.ts';

const origin = 'https://magaza.test';
const policy = { shippingFeeMinor: 7990, freeShippingThresholdMinor: 75000, returnDays: 14 };
const price = (amountMinor: number, marketMinor: number | null = null) => ({
  amountMinor,
  vatRate: 20,
  marketMinor,
  discountPercent: marketMinor ? Math.round((1 - amountMinor / marketMinor) * 100) : null,
  instalmentBaseMinor: amountMinor,
  originalCurrency: 'TRY',
  isWholesale: false,
});
const product = (over: Partial<ProductDetail> = {}) =>
  ({
    id: 1,
    slug: 'sirli-kupa',
    sku: 'VA-KUP-1',
    name: 'Sırlı Kupa',
    brand: '',
    shortDescription: 'El yapımı',
    stockType: 1,
    images: ['products/kupa/1.jpg'],
    category: { slug: 'seramik', name: 'Seramik' },
    ...over,
  }) as ProductDetail;
const inStock = { state: 'in_stock' as const, remaining: null };

type Offer = Record<string, Record<string, unknown> & { shippingRate?: Record<string, unknown> }>;
const offerOf = (p: ProductDetail, amount = price(24990)) =>
  (
    productJsonLd(origin, p, { price: amount, stock: inStock, policy, shopName: 'Atölye' }) as {
      offers: Offer;
    }
  ).offers;

describe('productJsonLd', () => {
  it('names the maker when the product has one, else the shop', () => {
    const brandOf = (p: ProductDetail) =>
      (
        productJsonLd(origin, p, { price: price(100), stock: inStock, policy, shopName: 'Atölye' }) as {
          brand: { name: string };
        }
      ).brand;
    expect(brandOf(product({ brand: 'Kütahya Porselen' }))).toEqual({
      '@type': 'Brand',
      name: 'Kütahya Porselen',
    });
    expect(brandOf(product())).toEqual({ '@type': 'Brand', name: 'Atölye' });
  });

  it("ships at the shop's fee below the free-shipping threshold and free at or above it, to Turkey", () => {
    expect(offerOf(product()).shippingDetails).toEqual({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: '79.90', currency: 'TRY' },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'TR' },
    });
    expect(offerOf(product(), price(75000)).shippingDetails!.shippingRate!.value).toBe('0.00');
  });

  it('returns within the withdrawal period for free by post; made-to-order and digital goods are not returned', () => {
    expect(offerOf(product()).hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'TR',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 14,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/FreeReturn',
    });
    for (const stockType of [3, 4]) {
      expect(offerOf(product({ stockType })).hasMerchantReturnPolicy!.returnPolicyCategory).toBe(
        'https://schema.org/MerchantReturnNotPermitted',
      );
    }
    // Nothing is shipped for a digital product.
    expect(offerOf(product({ stockType: 4 })).shippingDetails).toBeUndefined();
  });

  it('a sale with no end names no end date; every offer is new, priced in TRY with absolute images', () => {
    const ld = productJsonLd(origin, product(), {
      price: price(19990, 24990),
      stock: inStock,
      policy,
      shopName: 'Atölye',
    }) as { image: string[]; offers: Record<string, unknown> };
    expect(ld.offers.priceValidUntil).toBeUndefined();
    expect(ld.offers).toMatchObject({
      price: '199.90',
      priceCurrency: 'TRY',
      itemCondition: 'https://schema.org/NewCondition',
    });
    expect(ld.image).toEqual(['https://magaza.test/uploads/products/kupa/1.jpg']);
  });

  it('escapes < so stored text cannot close the script', () => {
    expect(jsonLdText({ name: '</script><script>' })).not.toContain('<');
  });
});
