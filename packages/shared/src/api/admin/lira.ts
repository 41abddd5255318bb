/**
 * Amounts a shop owner types in lira (`150`, `150,50`, `150.50`, `1.500,50`) read as kuruş, and kuruş written
 * back the way they are typed. The API keeps kuruş; the panel's forms convert with these. No floating point:
 * the digits are read as text.
 */

export const LIRA_MESSAGES = {
  empty: 'Tutarı girin',
  negative: 'Tutar eksi olamaz',
  decimals: 'Kuruş en çok iki basamak olabilir (ör. 150,50)',
  notNumber: 'Tutarı TL olarak rakamla girin (ör. 150 ya da 150,50)',
  tooLarge: 'Tutar en fazla 50.000.000 TL olabilir',
} as const;

/** One order is at most 50 000 000 TL; no coupon or basket limit needs more. */
const MAX_MINOR = 50_000_000_00;

/** Kuruş of a typed lira amount, or the Turkish message saying what is wrong with it. */
export function parseLira(text: string): { minor: number } | { error: string } {
  const typed = text.trim().replace(/\s+/g, '');
  if (typed === '') return { error: LIRA_MESSAGES.empty };
  if (/^[-−]/.test(typed)) return { error: LIRA_MESSAGES.negative };
  // `1.500,50` and `1.500.000`: dots between groups of three before a comma (or alone, more than one group).
  const grouped = /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(typed) && (typed.includes(',') || /\..*\./.test(typed));
  const plain = grouped ? typed.replaceAll('.', '') : typed;
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(plain);
  if (!match) return { error: LIRA_MESSAGES.notNumber };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { error: LIRA_MESSAGES.decimals };
  if (whole.length > 12) return { error: LIRA_MESSAGES.tooLarge };
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minor > MAX_MINOR ? { error: LIRA_MESSAGES.tooLarge } : { minor };
}

/** Kuruş as a form field shows them: `15050` → `150,50`, `15000` → `150`. */
export function liraInput(minor: number): string {
  const whole = Math.trunc(minor / 100);
  const rest = Math.abs(minor % 100);
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, '0')}`;
}
