/**
 * Text written into a spreadsheet the staff open (the orders and products exports, CSV and XLSX). A value
 * someone else wrote (a customer's name, a supplier's product name) must never run as a formula there
 * (OWASP "CSV injection"): one starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading
 * apostrophe, which Excel shows as text and the product import takes off again (`unguarded`).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const GUARDED = /^'[=+\-@\t\r]/;

export const formulaGuarded = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** A text an export guarded against formulas, as it was written. */
export const unguarded = (value: string): string => (GUARDED.test(value) ? value.slice(1) : value);

/**
 * A text field for Turkish Excel's CSV: guarded against formulas, quoted when it holds `;`, a quote or a
 * line break (RFC 4180, quotes doubled).
 */
export function csvField(value: string): string {
  const safe = formulaGuarded(value);
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
