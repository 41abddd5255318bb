/**
 * Currency conversion between TRY, USD and EUR (specification §5).
 *
 * The shop stores two exchange rates, both expressed in Turkish lira:
 * - `usdRate`: TRY per 1 USD (e.g. `"32.50"`);
 * - `eurRate`: TRY per 1 EUR (e.g. `"35.10"`).
 * Conversions between USD and EUR go through TRY: `usd × usdRate / eurRate`.
 *
 * Amounts are integers of minor units (kuruş / cents). All three currencies have two decimals,
 * so minor units convert with the same ratio as major units. The computation is exact (bigint
 * arithmetic on the decimal rates) and the result is rounded once, **half away from zero**
 * (0.5 → 1, -0.5 → -1, 1.49 → 1) to an integer number of minor units.
 */
import type { Currency } from './constants.ts';
import { divideRoundHalfAwayFromZero, normalizeCurrency, parseDecimal } from './money.ts';

/** The shop's exchange rates: TRY per 1 USD and TRY per 1 EUR, as decimal strings or numbers. */
export interface ExchangeRates {
  readonly usdRate: number | string;
  readonly eurRate: number | string;
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function toCurrency(value: string | null | undefined, name: string): Currency {
  const code = normalizeCurrency(value);
  if (!code) {
    throw new RangeError(`Unsupported ${name} currency ${show(value)}: expected TRY (or TL), USD or EUR`);
  }
  return code;
}

/** The exact integer value of a safe-integer number or an integral decimal string, else null. */
function toInteger(value: unknown): bigint | null {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return null;
  const parsed = parseDecimal(value);
  if (!parsed) return null;
  if (parsed.exponent >= 0) return parsed.coefficient * 10n ** BigInt(parsed.exponent);
  const divisor = 10n ** BigInt(-parsed.exponent);
  return parsed.coefficient % divisor === 0n ? parsed.coefficient / divisor : null;
}

/** The value of one unit of `code` in TRY, as `coefficient × 10^exponent`. */
function rateOf(code: Currency, rates: ExchangeRates): { coefficient: bigint; exponent: number } {
  if (code === 'TRY') return { coefficient: 1n, exponent: 0 };
  const name = code === 'USD' ? 'usdRate' : 'eurRate';
  const raw: unknown = rates?.[name];
  const parsed = parseDecimal(raw);
  if (!parsed || parsed.coefficient <= 0n) {
    throw new RangeError(
      `Invalid exchange rate ${name}=${show(raw)}: expected a positive decimal number (TRY per 1 ${code}), e.g. "32.50"`,
    );
  }
  return parsed;
}

/**
 * Converts an integer amount of minor units from one currency to another.
 *
 * - `from` / `to`: `'TRY'` (also `''`, `null`, `'TL'`, any letter case), `'USD'` or `'EUR'`;
 *   other values throw a RangeError.
 * - Same currency → the amount unchanged (no rate is needed or checked).
 * - Only the rates the conversion uses are validated: TRY↔USD needs `usdRate`, TRY↔EUR needs
 *   `eurRate`, USD↔EUR needs both. A missing, non-numeric (`'abc'`, `'32,50'`, `NaN`), zero or
 *   negative rate throws a RangeError naming the rate.
 * - `amountMinor` must be an integer (number or integer string); otherwise a RangeError is thrown.
 *   A result outside the safe integer range also throws a RangeError.
 * - The result is rounded half away from zero.
 *
 * @example convertMinor(3250, 'TRY', 'USD', { usdRate: '32.50', eurRate: '35.00' }) // 100 (¢)
 */
export function convertMinor(
  amountMinor: number | string,
  from: string | null | undefined,
  to: string | null | undefined,
  rates: ExchangeRates,
): number {
  const amountInt = toInteger(amountMinor);
  if (amountInt === null) {
    throw new RangeError(`Invalid amount ${show(amountMinor)}: expected an integer number of minor units`);
  }
  const source = toCurrency(from, 'source');
  const target = toCurrency(to, 'target');

  let result = amountInt;
  if (source !== target) {
    const fromRate = rateOf(source, rates);
    const toRate = rateOf(target, rates);
    // amount × fromRate / toRate, with both rates written as coefficient × 10^exponent.
    let numerator = amountInt * fromRate.coefficient;
    let denominator = toRate.coefficient;
    const shift = fromRate.exponent - toRate.exponent;
    if (shift >= 0) numerator *= 10n ** BigInt(shift);
    else denominator *= 10n ** BigInt(-shift);
    result = divideRoundHalfAwayFromZero(numerator, denominator);
  }

  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Converted amount ${result} is outside the safe integer range`);
  }
  return Number(result);
}
