/**
 * Money helpers (specification §5 and §9).
 *
 * Units — read this before calling anything:
 * - Amounts stored and passed around in the system are **integers of minor units**
 *   (kuruş for TRY, cents for USD and EUR; all three currencies have two decimals).
 *   Use {@link formatMoney} for them: `formatMoney(123456, 'TRY')` → `'₺1.234,56'`.
 * - {@link formatAmount} takes **major units** (lira, dollars, euros), e.g. a value typed
 *   by a user or read from an external feed: `formatAmount(1234.56, 'TRY')` → `'₺1.234,56'`.
 *
 * Formatting follows the Turkish locale exactly as `Intl.NumberFormat('tr-TR', { style: 'currency' })`
 * writes it: the symbol before the amount, `.` between thousands, `,` before the kuruş. Both functions
 * never throw: zero or non-numeric amounts display as `'0'`.
 *
 * Numeric strings are parsed exactly (no floating point detour), so huge values stored as strings
 * (e.g. a PostgreSQL `bigint`) format without losing digits. Only machine notation is accepted:
 * an optional sign, digits, an optional `.` fraction and an optional exponent (`'1234.5'`, `'-12'`,
 * `'1e3'`). Locale notation such as `'12,5'` or `'1.234,56'` is non-numeric and shows `'0'`.
 */
import { CURRENCIES, type Currency } from './constants.ts';

/** The currency used when none is given. */
export const DEFAULT_CURRENCY: Currency = 'TRY';

/** What the UI shows for a zero, missing or non-numeric amount. */
export const ZERO_MONEY_TEXT = '0';

/**
 * Maps a stored currency value to a supported currency code.
 *
 * - `null`, `undefined`, `''` (or only whitespace) → `'TRY'` (the default currency);
 * - `'TL'` / `'tl'` → `'TRY'`;
 * - `'TRY'`, `'USD'`, `'EUR'` in any letter case, surrounding whitespace ignored → that code;
 * - anything else → `null` (never throws; callers decide how to handle unknown currencies).
 */
export function normalizeCurrency(currency: string | null | undefined): Currency | null {
  if (currency === null || currency === undefined) return DEFAULT_CURRENCY;
  if (typeof currency !== 'string') return null;
  // String.prototype.toUpperCase is locale independent, so 'try' → 'TRY' even on Turkish systems.
  const code = currency.trim().toUpperCase();
  if (code === '' || code === 'TL') return DEFAULT_CURRENCY;
  return (CURRENCIES as readonly string[]).includes(code) ? (code as Currency) : null;
}

/** An exact decimal value: `coefficient × 10^exponent`. */
export interface ParsedDecimal {
  readonly coefficient: bigint;
  readonly exponent: number;
}

const DECIMAL_PATTERN = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;
const MAX_DECIMAL_TEXT_LENGTH = 400;
const MAX_DECIMAL_EXPONENT = 1000;

/**
 * Parses a finite number, a bigint or a machine-notation decimal string (trimmed) into an exact
 * decimal. Returns `null` for anything else: `NaN`, `±Infinity`, `''`, `'12,5'`, `'abc'`,
 * strings longer than 400 characters or exponents beyond ±1000. Numbers are read through their
 * shortest round-trip representation, so `0.1` is exactly one tenth.
 */
export function parseDecimal(value: unknown): ParsedDecimal | null {
  let text: string;
  if (typeof value === 'bigint') return { coefficient: value, exponent: 0 };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text.length > MAX_DECIMAL_TEXT_LENGTH) return null;
  } else {
    return null;
  }
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign = '', intDigits, fracAfterPoint, fracOnly, exponentText] = match;
  const integerPart = intDigits ?? '';
  const fractionPart = fracAfterPoint ?? fracOnly ?? '';
  const exponent = (exponentText === undefined ? 0 : Number(exponentText)) - fractionPart.length;
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_DECIMAL_EXPONENT) return null;
  const coefficient = BigInt(`${sign === '-' ? '-' : ''}${integerPart}${fractionPart}`);
  return { coefficient, exponent };
}

/**
 * Integer division `numerator / denominator` rounded half away from zero
 * (2.5 → 3, -2.5 → -3, 2.4 → 2). Throws a RangeError when the denominator is zero.
 */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator;
  const absRemainder = remainder < 0n ? -remainder : remainder;
  const absDenominator = denominator < 0n ? -denominator : denominator;
  if (absRemainder * 2n < absDenominator) return quotient;
  return numerator < 0n !== denominator < 0n ? quotient - 1n : quotient + 1n;
}

/** `value × 10^scale` rounded half away from zero to an integer. */
function scaleToInteger(value: ParsedDecimal, scale: number): bigint {
  const shift = value.exponent + scale;
  if (shift >= 0) return value.coefficient * 10n ** BigInt(shift);
  return divideRoundHalfAwayFromZero(value.coefficient, 10n ** BigInt(-shift));
}

/** Digits after the decimal point in minor units of every supported currency. */
const MINOR_DIGITS = 2;

/**
 * The currency symbols of the Turkish locale (CLDR `tr`).
 *
 * The amount is written here rather than by `Intl.NumberFormat`: the first Intl formatter a page makes
 * loads ICU's locale data, about 20 ms on the browser's main thread (measured in Chromium and Node), and
 * every page shows prices while it hydrates. One locale and three currencies make it two string steps;
 * a unit test holds the output equal to Intl's for every supported currency.
 */
const SYMBOLS: Record<Currency, string> = { TRY: '₺', USD: '$', EUR: '€' };

/** `1234567` → `'1.234.567'` (digits of a non-negative integer, grouped by three with dots). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, '.');
}

/**
 * Formats an integer number of minor units; zero shows as '0'. An unknown currency gets no symbol
 * (a plain two-decimal number), so the UI does not show a misleading `₺`.
 */
function formatMinorUnits(minor: bigint, currency: string | null | undefined): string {
  if (minor === 0n) return ZERO_MONEY_TEXT;
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const divisor = 10n ** BigInt(MINOR_DIGITS);
  const fraction = (abs % divisor).toString().padStart(MINOR_DIGITS, '0');
  const code = normalizeCurrency(currency);
  return `${negative ? '-' : ''}${code ? SYMBOLS[code] : ''}${groupThousands((abs / divisor).toString())},${fraction}`;
}

/**
 * Formats an amount given in **minor units** (kuruş / cents) for display, in Turkish locale.
 *
 * - `currency`: `'TRY'` (default, also for `null`, `''`, `'TL'`, `'tl'`, `'try'`), `'USD'` or `'EUR'`.
 *   An unknown currency never throws: the amount is shown as a plain `tr-TR` number with two decimals
 *   and no symbol (`'1.234,56'`), so the UI does not show a misleading `₺`.
 * - Zero, `null`, `undefined`, `NaN`, `±Infinity` and non-numeric strings (including `'12,5'`) → `'0'`.
 * - Fractional minor units are rounded half away from zero first (`12.5` → 13 kuruş → `'₺0,13'`);
 *   an amount that rounds to zero shows as `'0'`.
 *
 * @example formatMoney(123456) // '₺1.234,56'
 * @example formatMoney(-5, 'USD') // '-$0,05'
 * @example formatMoney('123456', 'EUR') // '€1.234,56'
 */
export function formatMoney(minor: number | string | null | undefined, currency?: string | null): string {
  const parsed = parseDecimal(minor);
  if (!parsed) return ZERO_MONEY_TEXT;
  return formatMinorUnits(scaleToInteger(parsed, 0), currency);
}

/**
 * Formats an amount given in **major units** (lira / dollars / euros), e.g. `12.5` for ₺12,50.
 * Same rules as {@link formatMoney}; the amount is rounded half away from zero to whole minor units
 * (`0.005` → `'₺0,01'`, `0.004` → `'0'`).
 *
 * @example formatAmount(1234.56) // '₺1.234,56'
 * @example formatAmount('12.5', 'EUR') // '€12,50'
 */
export function formatAmount(major: number | string | null | undefined, currency?: string | null): string {
  const parsed = parseDecimal(major);
  if (!parsed) return ZERO_MONEY_TEXT;
  return formatMinorUnits(scaleToInteger(parsed, MINOR_DIGITS), currency);
}
