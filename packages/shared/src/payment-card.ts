/**
 * Card number checks shared by the payment page (typing feedback) and the server (the real check).
 * A card number is never stored or logged anywhere: only `cardLast4` leaves these helpers.
 */

/** Digits only: spaces and dashes people type between groups are dropped. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) checksum every payment card number satisfies. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right: every second digit doubled, 10-18 folded back to one digit.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardLast4(digits: string): string {
  return digits.slice(-4);
}

/** A card is valid through the last day of its expiry month (Turkey's time is close enough: a day's slack). */
export function isExpiryPast(month: number, year: number, now: Date): boolean {
  const endOfMonth = Date.UTC(year, month, 1) + 24 * 60 * 60 * 1000;
  return endOfMonth <= now.getTime();
}
