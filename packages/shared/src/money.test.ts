import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './constants.ts';
import {
  DEFAULT_CURRENCY,
  divideRoundHalfAwayFromZero,
  formatAmount,
  formatMoney,
  normalizeCurrency,
  parseDecimal,
} from './money.ts';

describe('normalizeCurrency', () => {
  it('falls back to TRY for a missing or empty currency', () => {
    expect(normalizeCurrency(undefined)).toBe('TRY');
    expect(normalizeCurrency(null)).toBe('TRY');
    expect(normalizeCurrency('')).toBe('TRY');
    expect(normalizeCurrency('   ')).toBe('TRY');
  });

  it('maps TL (any case) to TRY', () => {
    expect(normalizeCurrency('TL')).toBe('TRY');
    expect(normalizeCurrency('tl')).toBe('TRY');
    expect(normalizeCurrency('Tl')).toBe('TRY');
  });

  it('accepts TRY, USD and EUR in any letter case, ignoring surrounding whitespace', () => {
    expect(normalizeCurrency('TRY')).toBe('TRY');
    expect(normalizeCurrency('try')).toBe('TRY');
    expect(normalizeCurrency('usd')).toBe('USD');
    expect(normalizeCurrency(' Eur ')).toBe('EUR');
  });

  it('returns null for an unknown currency instead of throwing', () => {
    expect(normalizeCurrency('GBP')).toBeNull();
    expect(normalizeCurrency('₺')).toBeNull();
    expect(normalizeCurrency('TRYX')).toBeNull();
  });

  it('lists the supported currencies with TRY as the default', () => {
    expect(CURRENCIES).toEqual(['TRY', 'USD', 'EUR']);
    expect(DEFAULT_CURRENCY).toBe('TRY');
  });
});

describe('formatMoney (minor units)', () => {
  it('formats kuruş as Turkish lira in tr-TR style', () => {
    expect(formatMoney(123456, 'TRY')).toBe('₺1.234,56');
    expect(formatMoney(100)).toBe('₺1,00');
    expect(formatMoney(5)).toBe('₺0,05');
  });

  it('uses TRY by default and for empty, TL, tl and try', () => {
    for (const currency of [undefined, null, '', 'TL', 'tl', 'try']) {
      expect(formatMoney(123456, currency)).toBe('₺1.234,56');
    }
  });

  it('formats USD and EUR with the symbols Intl gives in tr-TR', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1.234,56');
    expect(formatMoney(123456, 'EUR')).toBe('€1.234,56');
    expect(formatMoney(50, 'usd')).toBe('$0,50');
  });

  it('puts the minus sign before the symbol for negative amounts', () => {
    expect(formatMoney(-123456)).toBe('-₺1.234,56');
    expect(formatMoney(-5, 'USD')).toBe('-$0,05');
    expect(formatMoney(-250, 'EUR')).toBe('-€2,50');
  });

  it('shows 0 for zero', () => {
    expect(formatMoney(0)).toBe('0');
    expect(formatMoney(-0)).toBe('0');
    expect(formatMoney('0')).toBe('0');
    expect(formatMoney(0, 'USD')).toBe('0');
  });

  it('shows 0 for missing and non-numeric amounts', () => {
    expect(formatMoney(null)).toBe('0');
    expect(formatMoney(undefined)).toBe('0');
    expect(formatMoney(Number.NaN)).toBe('0');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatMoney('')).toBe('0');
    expect(formatMoney('abc')).toBe('0');
    expect(formatMoney('12abc')).toBe('0');
  });

  it('treats locale notation like 12,5 as non-numeric', () => {
    expect(formatMoney('12,5')).toBe('0');
    expect(formatMoney('1.234,56')).toBe('0');
  });

  it('accepts numeric strings, trimmed', () => {
    expect(formatMoney('123456', 'EUR')).toBe('€1.234,56');
    expect(formatMoney(' -123456 ')).toBe('-₺1.234,56');
    expect(formatMoney('1e3')).toBe('₺10,00');
  });

  it('rounds fractional minor units half away from zero', () => {
    expect(formatMoney(12.5)).toBe('₺0,13');
    expect(formatMoney(12.4)).toBe('₺0,12');
    expect(formatMoney(-0.5)).toBe('-₺0,01');
    expect(formatMoney(0.4)).toBe('0');
  });

  it('writes every supported currency exactly as Intl.NumberFormat does in tr-TR', () => {
    // The formatting is hand-written (no ICU start-up on the page); Intl is the reference it must match.
    const amounts = [
      1, 5, 99, 100, 999, 1000, 99999, 100000, 123456, 999999, 1000000, 12345678, 100000000000,
    ];
    for (const currency of CURRENCIES) {
      const intl = new Intl.NumberFormat('tr-TR', { style: 'currency', currency });
      for (const minor of amounts.flatMap((a) => [a, -a])) {
        expect(formatMoney(minor, currency)).toBe(intl.format(minor / 100));
      }
    }
    const plain = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(formatMoney(123456789, 'GBP')).toBe(plain.format(1234567.89));
    expect(formatMoney(-5, 'GBP')).toBe(plain.format(-0.05));
  });

  it('formats huge values exactly', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('₺90.071.992.547.409,91');
    expect(formatMoney('123456789012345678901234')).toBe('₺1.234.567.890.123.456.789.012,34');
    expect(formatMoney(1e21, 'USD')).toBe('$10.000.000.000.000.000.000,00');
  });

  it('shows an unknown currency as a plain two-decimal number without a symbol', () => {
    expect(formatMoney(123456, 'GBP')).toBe('1.234,56');
    expect(formatMoney(-5, 'XYZ')).toBe('-0,05');
    expect(formatMoney(0, 'GBP')).toBe('0');
  });
});

describe('formatAmount (major units)', () => {
  it('formats lira, dollars and euros', () => {
    expect(formatAmount(1234.56)).toBe('₺1.234,56');
    expect(formatAmount(1234.56, 'TL')).toBe('₺1.234,56');
    expect(formatAmount('12.5', 'EUR')).toBe('€12,50');
    expect(formatAmount(1000, 'USD')).toBe('$1.000,00');
    expect(formatAmount(-1234.5)).toBe('-₺1.234,50');
  });

  it('rounds to whole kuruş half away from zero, exactly on the decimal value', () => {
    expect(formatAmount(0.005)).toBe('₺0,01');
    expect(formatAmount(1.005)).toBe('₺1,01');
    expect(formatAmount(-1.005)).toBe('-₺1,01');
    expect(formatAmount(1.004)).toBe('₺1,00');
  });

  it('shows 0 for zero, amounts that round to zero and non-numeric values', () => {
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(0.004)).toBe('0');
    expect(formatAmount('12,5')).toBe('0');
    expect(formatAmount(Number.NaN)).toBe('0');
    expect(formatAmount(null)).toBe('0');
  });

  it('formats huge values exactly', () => {
    expect(formatAmount('9007199254740993.99')).toBe('₺9.007.199.254.740.993,99');
  });
});

describe('parseDecimal', () => {
  it('parses numbers through their shortest representation', () => {
    expect(parseDecimal(0.1)).toEqual({ coefficient: 1n, exponent: -1 });
    expect(parseDecimal(1e21)).toEqual({ coefficient: 1n, exponent: 21 });
    expect(parseDecimal(-12)).toEqual({ coefficient: -12n, exponent: 0 });
  });

  it('parses machine-notation strings', () => {
    expect(parseDecimal('32.50')).toEqual({ coefficient: 3250n, exponent: -2 });
    expect(parseDecimal('.5')).toEqual({ coefficient: 5n, exponent: -1 });
    expect(parseDecimal('+2.5e3')).toEqual({ coefficient: 25n, exponent: 2 });
    expect(parseDecimal(7n)).toEqual({ coefficient: 7n, exponent: 0 });
  });

  it('returns null for anything that is not a finite decimal', () => {
    for (const value of [
      Number.NaN,
      Number.NEGATIVE_INFINITY,
      '',
      ' ',
      '.',
      '-',
      '12,5',
      '1e',
      '0x10',
      'abc',
      {},
      null,
    ]) {
      expect(parseDecimal(value)).toBeNull();
    }
    expect(parseDecimal('1e100000')).toBeNull();
    expect(parseDecimal('1'.repeat(401))).toBeNull();
  });
});

describe('divideRoundHalfAwayFromZero', () => {
  it('rounds halves away from zero and other values to the nearest integer', () => {
    expect(divideRoundHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(divideRoundHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfAwayFromZero(5n, -2n)).toBe(-3n);
    expect(divideRoundHalfAwayFromZero(7n, 3n)).toBe(2n);
    expect(divideRoundHalfAwayFromZero(-8n, 3n)).toBe(-3n);
    expect(divideRoundHalfAwayFromZero(6n, 3n)).toBe(2n);
  });

  it('throws a RangeError on division by zero', () => {
    expect(() => divideRoundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });
});
