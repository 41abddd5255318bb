import { describe, expect, it } from 'vitest';
import { convertMinor, type ExchangeRates } from './currency.ts';

const rates: ExchangeRates = { usdRate: '32.50', eurRate: '35.00' };

describe('convertMinor', () => {
  it('converts TRY to USD with the usdRate (TRY per 1 USD)', () => {
    expect(convertMinor(3250, 'TRY', 'USD', rates)).toBe(100);
    expect(convertMinor(325_000, 'TRY', 'USD', rates)).toBe(10_000);
  });

  it('converts USD and EUR to TRY', () => {
    expect(convertMinor(100, 'USD', 'TRY', rates)).toBe(3250);
    expect(convertMinor(250, 'EUR', 'TRY', rates)).toBe(8750);
  });

  it('converts USD to EUR via TRY', () => {
    // $100.00 = ₺3250.00 = €92.857… → 9286 cents
    expect(convertMinor(10_000, 'USD', 'EUR', rates)).toBe(9286);
    // €100.00 = ₺3500.00 = $107.692… → 10769 cents
    expect(convertMinor(10_000, 'EUR', 'USD', rates)).toBe(10_769);
  });

  it('returns the amount unchanged for the same currency', () => {
    expect(convertMinor(12_345, 'TRY', 'TRY', rates)).toBe(12_345);
    expect(convertMinor(-7, 'USD', 'usd', rates)).toBe(-7);
    expect(convertMinor(99, 'TL', '', rates)).toBe(99);
  });

  it('does not need any rate for a same-currency conversion', () => {
    expect(convertMinor(500, 'EUR', 'EUR', { usdRate: '', eurRate: 'abc' })).toBe(500);
  });

  it('treats empty and TL as TRY', () => {
    expect(convertMinor(3250, '', 'USD', rates)).toBe(100);
    expect(convertMinor(3250, null, 'USD', rates)).toBe(100);
    expect(convertMinor(100, 'USD', 'tl', rates)).toBe(3250);
  });

  it('accepts rates as numbers', () => {
    expect(convertMinor(3250, 'TRY', 'USD', { usdRate: 32.5, eurRate: 35 })).toBe(100);
  });

  it('rounds half away from zero', () => {
    const two = { usdRate: '2', eurRate: '4' };
    expect(convertMinor(1, 'TRY', 'USD', two)).toBe(1); // 0.5 → 1
    expect(convertMinor(-1, 'TRY', 'USD', two)).toBe(-1); // -0.5 → -1
    expect(convertMinor(3, 'TRY', 'USD', two)).toBe(2); // 1.5 → 2
    expect(convertMinor(1, 'TRY', 'EUR', two)).toBe(0); // 0.25 → 0
    expect(convertMinor(-3, 'TRY', 'EUR', two)).toBe(-1); // -0.75 → -1
  });

  it('computes with exact decimal rates (no floating point drift)', () => {
    // As doubles, 100 * 1.005 is 100.49999999999999, which would round down to 100.
    expect(convertMinor(100, 'USD', 'TRY', { usdRate: '1.005', eurRate: '1' })).toBe(101);
    expect(convertMinor(100, 'USD', 'TRY', { usdRate: 1.005, eurRate: 1 })).toBe(101);
    expect(convertMinor(3, 'TRY', 'USD', { usdRate: '0.3', eurRate: '1' })).toBe(10);
    // 10^9 × 32.123456 / 34.987654 = 918136894.80…
    expect(convertMinor(1_000_000_000, 'USD', 'EUR', { usdRate: '32.123456', eurRate: '34.987654' })).toBe(
      918_136_895,
    );
  });

  it('converts large amounts exactly', () => {
    expect(convertMinor(Number.MAX_SAFE_INTEGER, 'USD', 'TRY', { usdRate: '1', eurRate: '1' })).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(convertMinor('900719925474099100', 'TRY', 'USD', { usdRate: '100', eurRate: '1' })).toBe(
      9_007_199_254_740_991,
    );
  });

  it('rejects zero and negative rates with a RangeError naming the rate', () => {
    expect(() => convertMinor(100, 'TRY', 'USD', { usdRate: '0', eurRate: '35' })).toThrow(RangeError);
    expect(() => convertMinor(100, 'TRY', 'USD', { usdRate: '0.00', eurRate: '35' })).toThrow(
      'Invalid exchange rate usdRate="0.00": expected a positive decimal number (TRY per 1 USD), e.g. "32.50"',
    );
    expect(() => convertMinor(100, 'TRY', 'EUR', { usdRate: '32.5', eurRate: -35 })).toThrow(
      'Invalid exchange rate eurRate=-35: expected a positive decimal number (TRY per 1 EUR), e.g. "32.50"',
    );
  });

  it('rejects non-numeric rates with a RangeError', () => {
    for (const bad of ['abc', '', '32,50', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => convertMinor(100, 'USD', 'TRY', { usdRate: bad, eurRate: '35' })).toThrow(RangeError);
    }
    expect(() => convertMinor(100, 'TRY', 'USD', { usdRate: '32,50', eurRate: '35' })).toThrow(
      /usdRate="32,50"/,
    );
  });

  it('checks both rates for USD to EUR', () => {
    expect(() => convertMinor(100, 'USD', 'EUR', { usdRate: '32.5', eurRate: 'x' })).toThrow(/eurRate/);
    expect(() => convertMinor(100, 'USD', 'EUR', { usdRate: 'x', eurRate: '35' })).toThrow(/usdRate/);
  });

  it('only validates the rates the conversion uses', () => {
    expect(convertMinor(3250, 'TRY', 'USD', { usdRate: '32.50', eurRate: 'not set' })).toBe(100);
  });

  it('rejects unsupported currencies with a RangeError', () => {
    expect(() => convertMinor(100, 'GBP', 'TRY', rates)).toThrow(RangeError);
    expect(() => convertMinor(100, 'TRY', 'JPY', rates)).toThrow('Unsupported target currency "JPY"');
  });

  it('rejects amounts that are not integers of minor units', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '12,5', '1.5', 'abc', '']) {
      expect(() => convertMinor(bad, 'TRY', 'USD', rates)).toThrow(RangeError);
    }
    expect(convertMinor('3250', 'TRY', 'USD', rates)).toBe(100);
    expect(convertMinor('3250.00', 'TRY', 'USD', rates)).toBe(100);
  });

  it('rejects a result outside the safe integer range', () => {
    expect(() =>
      convertMinor(Number.MAX_SAFE_INTEGER, 'USD', 'TRY', { usdRate: '32.50', eurRate: '35' }),
    ).toThrow(/safe integer/);
  });
});
