/**
 * Coupon codes are stored upper-case by Turkish rules (`i` → `İ`). A shopper types them in any case and
 * often on a keyboard without Turkish letters: `hosgeldin10` upper-cased the Turkish way is `HOSGELDİN10`,
 * which would miss a stored `HOSGELDIN10`. So a typed code is looked up by both spellings, the Turkish one
 * first.
 */
export function normalizeCouponCode(input: string): string {
  return input.trim().toLocaleUpperCase('tr-TR');
}

/** The stored codes a typed code may mean, the Turkish upper-casing first. */
export function couponCodeCandidates(input: string): string[] {
  const trimmed = input.trim();
  return [...new Set([trimmed.toLocaleUpperCase('tr-TR'), trimmed.toUpperCase()])];
}
