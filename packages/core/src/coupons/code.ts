import { foldTurkish } from '@vitrin/shared/turkish-fold';

/**
 * A coupon's code is kept as the owner typed it; a typed code is matched on its key: lowercased with the
 * Turkish letters as their ASCII ones (`foldTurkish`), so `kasim10`, `KASIM10`, `kasım10` and `KASİM10` are
 * one code, whatever the banner printed or the keyboard has. Codes hold no spaces: a space typed in one
 * (`KASIM 10`) is dropped.
 *
 * The database keeps the same key of every stored code (`coupons.code_key`, schema.ts): for the letters a
 * code may hold both folds agree (coupons.int.test.ts checks it).
 */
export function couponCodeKey(input: string): string {
  return foldTurkish(input).replaceAll(' ', '');
}
