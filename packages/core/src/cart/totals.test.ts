import { describe, expect, it } from 'vitest';
import { computeTotals, couponDiscount, distribute, type ShippingRules, type TotalsLine } from './totals.ts';

const rules: ShippingRules = {
  shippingFeeMinor: 4990,
  freeShippingThresholdMinor: 75_000,
  codFeeMinor: 2990,
};

const line = (grossMinor: number, vatRate: number, extra: Partial<TotalsLine> = {}): TotalsLine => ({
  grossMinor,
  vatRate,
  virtual: false,
  discountable: true,
  instalmentExtraMinor: 0,
  ...extra,
});

const grossOfVatLines = (t: { vatLines: { grossMinor: number }[] }) =>
  t.vatLines.reduce((a, v) => a + v.grossMinor, 0);

describe('distribute (largest remainder)', () => {
  it('splits 100 over three equal weights as 34, 33, 33', () => {
    expect(distribute(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('gives the left-over unit to the largest fractional remainder', () => {
    // Exact shares 99.9 and 100.1: floors 99 + 100, the unit left goes to the .9.
    expect(distribute(200, [999, 1001])).toEqual([100, 100]);
    expect(distribute(7, [1, 2, 4])).toEqual([1, 2, 4]);
    expect(distribute(10, [1, 1, 1, 0])).toEqual([4, 3, 3, 0]);
  });

  it('always adds up exactly, whatever the weights', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let round = 0; round < 500; round++) {
      const weights = Array.from({ length: 1 + (next() % 9) }, () => next() % 1_000_000);
      const amount = next() % 10_000_000;
      const parts = distribute(amount, weights);
      const total = weights.reduce((a, b) => a + b, 0);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total === 0 ? 0 : amount);
      expect(parts.every((p) => p >= 0)).toBe(true);
    }
  });

  it('gives nothing when every weight is zero', () => {
    expect(distribute(50, [0, 0])).toEqual([0, 0]);
  });
});

describe('coupon discount', () => {
  it('rounds a percent half away from zero: 15 % of 999 is 149.85, so 150', () => {
    expect(couponDiscount([line(999, 20)], { kind: 'percent', value: 15 })).toBe(150);
  });

  it('rounds 10 % of 12 345 (1 234.5) up to 1 235', () => {
    expect(couponDiscount([line(12_345, 20)], { kind: 'percent', value: 10 })).toBe(1235);
  });

  it('caps a fixed amount at the eligible subtotal', () => {
    expect(couponDiscount([line(3000, 20)], { kind: 'amount', value: 5000 })).toBe(3000);
    expect(couponDiscount([line(30_000, 20)], { kind: 'amount', value: 5000 })).toBe(5000);
  });

  it('counts only the lines in the coupon scope', () => {
    const lines = [line(10_000, 20), line(5000, 10, { discountable: false })];
    expect(couponDiscount(lines, { kind: 'percent', value: 10 })).toBe(1000);
    expect(couponDiscount(lines, { kind: 'amount', value: 20_000 })).toBe(10_000);
  });

  it('is zero without a coupon or without an eligible line', () => {
    expect(couponDiscount([line(1000, 20)], null)).toBe(0);
    expect(couponDiscount([line(1000, 20, { discountable: false })], { kind: 'amount', value: 5 })).toBe(0);
  });
});

describe('totals', () => {
  it('adds the flat shipping fee below the threshold and computes VAT per line after the discount', () => {
    const t = computeTotals([line(999, 20), line(1001, 10)], rules, {
      coupon: { kind: 'percent', value: 10 },
    });
    expect(t.subtotalMinor).toBe(2000);
    expect(t.discountMinor).toBe(200);
    expect(t.lineDiscounts).toEqual([100, 100]);
    expect(t.shippingMinor).toBe(4990);
    expect(t.totalMinor).toBe(2000 - 200 + 4990);
    // 899 at 20 %: 149.83 → 150, plus shipping 4990 at 20 %: 831.67 → 832; 901 at 10 %: 81.91 → 82.
    expect(t.vatLines).toEqual([
      { rate: 10, grossMinor: 901, vatMinor: 82 },
      { rate: 20, grossMinor: 899 + 4990, vatMinor: 150 + 832 },
    ]);
    expect(grossOfVatLines(t)).toBe(t.totalMinor);
    expect(t.remainingForFreeShippingMinor).toBe(75_000 - 1800);
  });

  it('rounds VAT once per line, not on the sum of the lines', () => {
    // vatPortion(4, 20) = 0.67 → 1 on each of three lines (3 in all); on the sum, vatPortion(12, 20) would be 2.
    const t = computeTotals([line(4, 20), line(4, 20), line(4, 20)], { ...rules, shippingFeeMinor: 0 });
    expect(t.vatLines).toEqual([{ rate: 20, grossMinor: 12, vatMinor: 3 }]);
  });

  it('makes shipping free at the threshold measured after the discount', () => {
    const at = computeTotals([line(75_000, 20)], rules);
    expect(at.shippingMinor).toBe(0);
    expect(at.remainingForFreeShippingMinor).toBe(0);
    const below = computeTotals([line(80_000, 20)], rules, { coupon: { kind: 'amount', value: 5001 } });
    expect(below.shippingMinor).toBe(4990);
    expect(below.remainingForFreeShippingMinor).toBe(1);
  });

  it('never offers free shipping when the threshold is 0', () => {
    const t = computeTotals([line(1_000_000, 20)], { ...rules, freeShippingThresholdMinor: 0 });
    expect(t.shippingMinor).toBe(4990);
    expect(t.freeShippingThresholdMinor).toBe(0);
    expect(t.remainingForFreeShippingMinor).toBe(0);
  });

  it('charges no shipping and no COD fee for a cart of virtual products only', () => {
    const t = computeTotals([line(2500, 20, { virtual: true })], rules, { method: 'cod' });
    expect(t.needsShipping).toBe(false);
    expect(t.shippingMinor).toBe(0);
    expect(t.codFeeMinor).toBe(0);
    expect(t.totalMinor).toBe(2500);
    expect(t.remainingForFreeShippingMinor).toBe(0);
  });

  it('ships a mixed cart', () => {
    const t = computeTotals([line(2500, 20, { virtual: true }), line(1000, 10)], rules);
    expect(t.needsShipping).toBe(true);
    expect(t.shippingMinor).toBe(4990);
  });

  it('adds the COD fee only for Kapıda Ödeme, with 20 % VAT', () => {
    const card = computeTotals([line(10_000, 10)], rules, { method: 'card' });
    expect(card.codFeeMinor).toBe(0);
    const cod = computeTotals([line(10_000, 10)], rules, { method: 'cod' });
    expect(cod.codFeeMinor).toBe(2990);
    expect(cod.totalMinor).toBe(10_000 + 4990 + 2990);
    // 4990 → 832, 2990 → 498.33 → 498, each rounded once.
    expect(cod.vatLines).toEqual([
      { rate: 10, grossMinor: 10_000, vatMinor: 909 },
      { rate: 20, grossMinor: 4990 + 2990, vatMinor: 832 + 498 },
    ]);
    expect(grossOfVatLines(cod)).toBe(cod.totalMinor);
  });

  it('adds the instalment difference only for card payments in more than one instalment', () => {
    const lines = [line(10_000, 20, { instalmentExtraMinor: 1200 }), line(5000, 10)];
    expect(computeTotals(lines, rules, { method: 'card', instalments: 1 }).instalmentFeeMinor).toBe(0);
    expect(computeTotals(lines, rules, { method: 'transfer', instalments: 6 }).instalmentFeeMinor).toBe(0);
    const six = computeTotals(lines, rules, { method: 'card', instalments: 6 });
    expect(six.instalmentFeeMinor).toBe(1200);
    expect(six.totalMinor).toBe(15_000 + 4990 + 1200);
    // The difference is the goods' price: VAT at the line's rate (11 200 at 20 % = 1 866.67 → 1 867).
    expect(six.vatLines.find((v) => v.rate === 20)).toEqual({
      rate: 20,
      grossMinor: 11_200 + 4990,
      vatMinor: 1867 + 832,
    });
    expect(grossOfVatLines(six)).toBe(six.totalMinor);
  });

  it('keeps the VAT lines equal to the total with awkward numbers', () => {
    const lines = [line(33_333, 20), line(16_667, 10), line(1, 0), line(7, 20, { discountable: false })];
    const t = computeTotals(lines, rules, { coupon: { kind: 'amount', value: 10_001 }, method: 'cod' });
    expect(t.discountMinor).toBe(10_001);
    expect(t.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(10_001);
    expect(t.lineDiscounts[3]).toBe(0);
    expect(grossOfVatLines(t)).toBe(t.totalMinor);
    expect(t.vatLines.map((v) => v.rate)).toEqual([0, 10, 20]);
    expect(t.vatLines[0]).toEqual({ rate: 0, grossMinor: 1, vatMinor: 0 });
  });

  it('is all zeros for an empty cart', () => {
    const t = computeTotals([], rules, { method: 'cod' });
    expect(t).toMatchObject({
      subtotalMinor: 0,
      shippingMinor: 0,
      codFeeMinor: 0,
      totalMinor: 0,
      vatLines: [],
    });
  });
});
