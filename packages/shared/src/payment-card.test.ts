import { describe, expect, it } from 'vitest';
import { cardDigits, isExpiryPast, isLuhnValid } from './payment-card.ts';

describe('payment card checks', () => {
  it('accepts numbers that pass the Luhn checksum, with spaces or dashes typed between groups', () => {
    expect(isLuhnValid(cardDigits('4242 4242 4242 4242'))).toBe(true);
    expect(isLuhnValid(cardDigits('5528-7900-0000-0008'))).toBe(true);
    expect(isLuhnValid('4000000000009995')).toBe(true);
    expect(isLuhnValid('79927398713')).toBe(false); // too short for a card, though Luhn-valid
    expect(isLuhnValid('378282246310005')).toBe(true); // 15 digits (Amex)
  });

  it('refuses a changed digit, swapped neighbours and non-digits', () => {
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('4242424242424224')).toBe(false);
    expect(isLuhnValid('42424242424242a2')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
  });

  it('treats a card as valid through the last day of its expiry month', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(isExpiryPast(11, 2026, now)).toBe(false);
    expect(isExpiryPast(10, 2026, now)).toBe(true);
    expect(isExpiryPast(12, 2030, now)).toBe(false);
  });
});
