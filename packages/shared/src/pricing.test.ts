import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  type PriceContext,
  type PriceEntry,
  priceInTry,
  resolveDisplayPrice,
  roundConverted,
  stripCost,
  vatPortion,
} from './pricing.ts';

const retail: PriceContext = { usdRate: '41.25', eurRate: '45.50' };
const wholesale: PriceContext = { ...retail, wholesale: true };

const entry = (price_type: number, price: number, currency = 'TRY'): PriceEntry => ({
  price_type,
  price,
  currency,
});

describe('pricing', () => {
  describe('resolveDisplayPrice', () => {
    it('shows a TRY sale price as it is stored, VAT included', () => {
      expect(resolveDisplayPrice([entry(2, 12_000)], 20, retail)).toEqual({
        amountMinor: 12_000,
        vatRate: 20,
        vatMinor: 2000,
        marketMinor: null,
        discountPercent: null,
        instalmentBaseMinor: 12_000,
        originalCurrency: 'TRY',
        isWholesale: false,
      });
    });

    it('converts a USD price to TRY with the usdRate (TRY per 1 USD)', () => {
      // $100.00 × 41.25 = ₺4125.00
      const price = resolveDisplayPrice([entry(2, 10_000, 'USD')], 20, retail);
      expect(price?.amountMinor).toBe(412_500);
      expect(price?.vatMinor).toBe(68_750);
      expect(price?.originalCurrency).toBe('USD');
    });

    it('converts a EUR price to TRY with the eurRate, rounding half away from zero to whole kuruş', () => {
      // €19.99 × 45.50 = ₺909.545 → ₺909.55
      const price = resolveDisplayPrice([entry(2, 1999, 'EUR')], 10, retail);
      expect(price?.amountMinor).toBe(90_955);
      expect(price?.originalCurrency).toBe('EUR');
    });

    it('converts every price type to TRY, each from its own currency', () => {
      const price = resolveDisplayPrice(
        [entry(2, 400_000), entry(3, 10_000, 'USD'), entry(4, 10_000, 'EUR')],
        20,
        retail,
      );
      expect(price?.amountMinor).toBe(400_000);
      expect(price?.marketMinor).toBe(412_500); // $100.00
      expect(price?.discountPercent).toBe(3); // 12500 / 412500 = 3.03 %
      expect(price?.instalmentBaseMinor).toBe(455_000); // €100.00
      expect(price?.originalCurrency).toBe('TRY');
    });

    it('reads currencies like the rest of the shop: TL and any letter case', () => {
      expect(resolveDisplayPrice([entry(2, 500, 'TL')], 0, retail)?.amountMinor).toBe(500);
      expect(resolveDisplayPrice([entry(2, 100, 'usd')], 0, retail)?.amountMinor).toBe(4125);
    });

    it('throws a RangeError when a conversion needs a rate that is missing or invalid', () => {
      const broken: PriceContext = { usdRate: '', eurRate: '41,25' };
      expect(() => resolveDisplayPrice([entry(2, 100, 'USD')], 20, broken)).toThrow(RangeError);
      expect(() => resolveDisplayPrice([entry(2, 100, 'EUR')], 20, broken)).toThrow(RangeError);
      // TRY prices need no rate
      expect(resolveDisplayPrice([entry(2, 100)], 20, broken)?.amountMinor).toBe(100);
    });

    it('uses the wholesale price instead of the sale price for wholesale customers', () => {
      const entries = [entry(2, 10_000), entry(5, 8000)];
      const price = resolveDisplayPrice(entries, 20, wholesale);
      expect(price?.amountMinor).toBe(8000);
      expect(price?.vatMinor).toBe(1333); // 8000 × 20 / 120 = 1333.33
      expect(price?.isWholesale).toBe(true);
    });

    it('ignores the wholesale price for retail customers', () => {
      const entries = [entry(2, 10_000), entry(5, 8000)];
      for (const ctx of [retail, { ...retail, wholesale: false }]) {
        const price = resolveDisplayPrice(entries, 20, ctx);
        expect(price?.amountMinor).toBe(10_000);
        expect(price?.isWholesale).toBe(false);
      }
    });

    it('falls back to the sale price for a wholesale customer when the product has no wholesale price', () => {
      const price = resolveDisplayPrice([entry(2, 10_000)], 20, wholesale);
      expect(price?.amountMinor).toBe(10_000);
      expect(price?.isWholesale).toBe(false);
    });

    it('converts a wholesale price in another currency', () => {
      const price = resolveDisplayPrice([entry(2, 500_000), entry(5, 10_000, 'USD')], 20, wholesale);
      expect(price?.amountMinor).toBe(412_500);
      expect(price?.originalCurrency).toBe('USD');
      expect(price?.isWholesale).toBe(true);
    });

    it('returns null when there is no sale price', () => {
      expect(resolveDisplayPrice([], 20, retail)).toBeNull();
      expect(resolveDisplayPrice([entry(1, 5000), entry(3, 9000), entry(4, 8000)], 20, retail)).toBeNull();
      // a retail customer does not get the wholesale price as a fallback
      expect(resolveDisplayPrice([entry(5, 8000)], 20, retail)).toBeNull();
    });

    it('returns null for a wholesale customer when the product has neither a wholesale nor a sale price', () => {
      expect(resolveDisplayPrice([entry(3, 9000), entry(4, 8000)], 20, wholesale)).toBeNull();
      expect(resolveDisplayPrice([entry(5, 8000)], 20, wholesale)?.amountMinor).toBe(8000);
    });

    it('ignores entries with an unknown currency or a negative or non-integer price', () => {
      expect(resolveDisplayPrice([entry(2, 5000, 'GBP')], 20, retail)).toBeNull();
      expect(resolveDisplayPrice([entry(2, -1)], 20, retail)).toBeNull();
      expect(resolveDisplayPrice([entry(2, 12.5)], 20, retail)).toBeNull();
      const price = resolveDisplayPrice(
        [entry(2, 5000, 'GBP'), entry(2, -100), entry(2, 7000), entry(3, 9000, 'XYZ'), entry(3, -5)],
        20,
        retail,
      );
      expect(price?.amountMinor).toBe(7000);
      expect(price?.marketMinor).toBeNull();
    });

    it('uses the first usable entry when a price type occurs several times', () => {
      const price = resolveDisplayPrice(
        [entry(2, 7000), entry(2, 6000), entry(3, 10_000), entry(3, 20_000), entry(4, 7700), entry(4, 7900)],
        20,
        retail,
      );
      expect(price?.amountMinor).toBe(7000);
      expect(price?.marketMinor).toBe(10_000);
      expect(price?.instalmentBaseMinor).toBe(7700);
    });

    it('accepts a free product (sale price 0)', () => {
      const price = resolveDisplayPrice([entry(2, 0), entry(3, 5000)], 20, retail);
      expect(price?.amountMinor).toBe(0);
      expect(price?.vatMinor).toBe(0);
      expect(price?.discountPercent).toBe(100);
    });

    it('shows the market price struck through only when higher than the sale price', () => {
      const higher = resolveDisplayPrice([entry(2, 7500), entry(3, 10_000)], 20, retail);
      expect(higher?.marketMinor).toBe(10_000);
      expect(higher?.discountPercent).toBe(25);

      const equal = resolveDisplayPrice([entry(2, 10_000), entry(3, 10_000)], 20, retail);
      expect(equal?.marketMinor).toBeNull();
      expect(equal?.discountPercent).toBeNull();

      const lower = resolveDisplayPrice([entry(2, 10_000), entry(3, 9000)], 20, retail);
      expect(lower?.marketMinor).toBeNull();
      expect(lower?.discountPercent).toBeNull();
    });

    it('compares the market price with the wholesale price for wholesale customers', () => {
      const entries = [entry(2, 10_000), entry(3, 10_000), entry(5, 8000)];
      const price = resolveDisplayPrice(entries, 20, wholesale);
      expect(price?.marketMinor).toBe(10_000);
      expect(price?.discountPercent).toBe(20);
      expect(resolveDisplayPrice(entries, 20, retail)?.marketMinor).toBeNull();
    });

    it('still strikes through a market price that is higher by less than 1%, without a percentage', () => {
      const price = resolveDisplayPrice([entry(2, 9999), entry(3, 10_000)], 20, retail);
      expect(price?.marketMinor).toBe(10_000);
      expect(price?.discountPercent).toBeNull();
    });

    it('compares the market price after converting both prices to TRY', () => {
      // market $2.40 = ₺99.00 is lower than ₺100.00 although 240 > 100 in stored units
      const price = resolveDisplayPrice([entry(2, 10_000), entry(3, 240, 'USD')], 20, retail);
      expect(price?.marketMinor).toBeNull();
    });

    it('bases the instalment table on the instalment price, else on the price paid', () => {
      expect(resolveDisplayPrice([entry(2, 10_000), entry(4, 10_800)], 20, retail)?.instalmentBaseMinor).toBe(
        10_800,
      );
      expect(resolveDisplayPrice([entry(2, 10_000)], 20, retail)?.instalmentBaseMinor).toBe(10_000);
      expect(
        resolveDisplayPrice([entry(2, 10_000), entry(5, 8000)], 20, wholesale)?.instalmentBaseMinor,
      ).toBe(8000);
    });

    it('computes the VAT contained in the price for each rate', () => {
      const entries = [entry(2, 12_000)];
      expect(resolveDisplayPrice(entries, 0, retail)?.vatMinor).toBe(0);
      expect(resolveDisplayPrice(entries, 10, retail)?.vatMinor).toBe(1091); // 1090.9
      expect(resolveDisplayPrice(entries, 20, retail)?.vatMinor).toBe(2000);
      expect(resolveDisplayPrice(entries, 10, retail)?.vatRate).toBe(10);
    });

    it('throws a RangeError for a VAT rate other than 0, 10 or 20', () => {
      for (const rate of [8, 18, -10, 20.5, Number.NaN]) {
        expect(() => resolveDisplayPrice([entry(2, 100)], rate, retail)).toThrow(RangeError);
      }
    });

    it('never shows the purchase price in any output', () => {
      const cost = 55_555;
      const cases: Array<[PriceEntry[], PriceContext]> = [
        [[entry(1, cost), entry(2, 12_000)], retail],
        [[entry(1, cost), entry(2, 12_000), entry(3, 15_000), entry(4, 12_600), entry(5, 10_000)], wholesale],
        [[entry(1, cost), entry(2, 12_000), entry(3, 15_000), entry(4, 12_600), entry(5, 10_000)], retail],
        [[entry(1, 100, 'USD'), entry(2, 12_000)], retail], // $1.00 = ₺41.25 = 4125
        [[entry(1, cost)], retail],
        [[entry(1, cost)], wholesale],
      ];
      for (const [entries, ctx] of cases) {
        const output = JSON.stringify(resolveDisplayPrice(entries, 20, ctx));
        expect(output).not.toContain(String(cost));
        expect(output).not.toContain('4125');
      }
      expect(resolveDisplayPrice([entry(1, cost)], 20, retail)).toBeNull();
    });
  });

  describe('discountPercent', () => {
    it('is the discount against the market price in whole percent, rounded down', () => {
      expect(discountPercent(7500, 10_000)).toBe(25);
      expect(discountPercent(6667, 10_000)).toBe(33); // 33.33 %
      expect(discountPercent(1, 10_000)).toBe(99); // 99.99 %
      expect(discountPercent(9900, 10_000)).toBe(1);
      expect(discountPercent(0, 10_000)).toBe(100);
    });

    it('is null when the discount rounds down to 0% (the shop never advertises %0)', () => {
      expect(discountPercent(9999, 10_000)).toBeNull(); // 0.01 %
      expect(discountPercent(9901, 10_000)).toBeNull(); // 0.99 %
    });

    it('is null when the market price is not higher than the sale price', () => {
      expect(discountPercent(10_000, 10_000)).toBeNull();
      expect(discountPercent(10_000, 9000)).toBeNull();
      expect(discountPercent(0, 0)).toBeNull();
    });

    it('throws a RangeError for negative or non-integer amounts', () => {
      expect(() => discountPercent(-1, 100)).toThrow(RangeError);
      expect(() => discountPercent(1, 100.5)).toThrow(RangeError);
      expect(() => discountPercent(Number.NaN, 100)).toThrow(RangeError);
    });
  });

  describe('vatPortion', () => {
    it('extracts the VAT contained in a gross (VAT-inclusive) amount', () => {
      expect(vatPortion(12_000, 20)).toBe(2000);
      expect(vatPortion(11_000, 10)).toBe(1000);
      expect(vatPortion(12_000, 0)).toBe(0);
      expect(vatPortion(0, 20)).toBe(0);
    });

    it('rounds half away from zero to a whole minor unit', () => {
      expect(vatPortion(999, 20)).toBe(167); // 166.5
      expect(vatPortion(3, 20)).toBe(1); // 0.5
      expect(vatPortion(2, 20)).toBe(0); // 0.33
      expect(vatPortion(5, 10)).toBe(0); // 0.45
      expect(vatPortion(6, 10)).toBe(1); // 0.55
    });

    it('is applied once per order line, on unit gross × quantity', () => {
      // 3 × ₺3,33 at 20 %: VAT of the line is vatPortion(999) = 167, not 3 × vatPortion(333) = 3 × 56
      expect(vatPortion(333 * 3, 20)).toBe(167);
      expect(vatPortion(333, 20) * 3).toBe(168);
    });

    it('is exact for amounts near the safe integer limit', () => {
      expect(vatPortion(Number.MAX_SAFE_INTEGER, 20)).toBe(1_501_199_875_790_165); // 1501199875790165.17
    });

    it('throws a RangeError for rates other than 0, 10 or 20', () => {
      for (const rate of [1, 8, 18, 100, -20, 10.5, Number.NaN]) {
        expect(() => vatPortion(1000, rate)).toThrow(RangeError);
      }
    });

    it('throws a RangeError for negative or non-integer amounts', () => {
      for (const amount of [-1, 12.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
        expect(() => vatPortion(amount, 20)).toThrow(RangeError);
      }
    });
  });

  describe('stripCost', () => {
    it('removes purchase prices and keeps the other entries in order', () => {
      const entries = [entry(2, 100), entry(1, 60), entry(3, 120), entry(1, 70, 'USD'), entry(5, 90)];
      expect(stripCost(entries)).toEqual([entry(2, 100), entry(3, 120), entry(5, 90)]);
    });

    it('does not change the given array and keeps extra fields', () => {
      const entries = [
        { price_type: 1, price: 60, currency: 'TRY', id: 'a' },
        { price_type: 2, price: 100, currency: 'TRY', id: 'b' },
      ];
      const stripped = stripCost(entries);
      expect(stripped).toEqual([{ price_type: 2, price: 100, currency: 'TRY', id: 'b' }]);
      expect(stripped[0]).toBe(entries[1]);
      expect(entries).toHaveLength(2);
    });

    it('leaves nothing of the purchase price in what leaves the server', () => {
      const cost = 55_555;
      const stripped = stripCost([entry(1, cost), entry(2, 70_000), entry(4, 72_000)]);
      expect(JSON.stringify(stripped)).not.toContain(String(cost));
    });

    it('removes a purchase price whose type arrived as a string', () => {
      const entries = [{ price_type: '1' }, { price_type: 2 }] as unknown as Array<{ price_type: number }>;
      expect(stripCost(entries)).toEqual([{ price_type: 2 }]);
    });
  });
});

describe('roundConverted', () => {
  it('keeps the kuruş (none), rounds to the nearest lira (lira) or up to the next ,90 (90)', () => {
    expect(roundConverted(226_463, 'none')).toBe(226_463);
    expect(roundConverted(226_463, 'lira')).toBe(226_500);
    expect(roundConverted(226_449, 'lira')).toBe(226_400);
    expect(roundConverted(226_463, '90')).toBe(226_490);
    expect(roundConverted(226_490, '90')).toBe(226_490);
    expect(roundConverted(226_491, '90')).toBe(226_590);
  });

  it('leaves a free price free', () => {
    expect(roundConverted(0, '90')).toBe(0);
    expect(roundConverted(0, 'lira')).toBe(0);
  });
});

describe('priceInTry', () => {
  const ctx = { usdRate: '41.2563', eurRate: '47.80', rounding: '90' } as const;
  it('rounds converted prices by the shop rule and never a price stored in TRY', () => {
    expect(priceInTry(1000, 'USD', ctx)).toBe(41_290);
    expect(priceInTry(41_256, 'TRY', ctx)).toBe(41_256);
  });
});
