import { describe, expect, it } from 'vitest';
import { isTcKimlikNo, isVergiNo } from './turkish-ids.ts';

// Valid examples are synthetic (built with the checksum rules), not real people's numbers.
describe('TC kimlik no', () => {
  it('accepts numbers whose 10th and 11th digits match the checksum', () => {
    expect(isTcKimlikNo('10000000146')).toBe(true);
    expect(isTcKimlikNo('12345678950')).toBe(true);
    expect(isTcKimlikNo('98765432150')).toBe(true);
    expect(isTcKimlikNo('11111111110')).toBe(true);
  });

  it('wraps a negative 7 × odd − even into 0…9 for the 10th digit', () => {
    // 7 × (1 + 0 + 0 + 0 + 0) − (9 + 9 + 9 + 9) = −29, so the 10th digit is 1.
    expect(isTcKimlikNo('19090909018')).toBe(true);
    expect(isTcKimlikNo('19090909098')).toBe(false);
  });

  it('rejects a number whose 10th digit does not match', () => {
    // The 11th digit is right for these ten digits; the 10th should be 4.
    expect(isTcKimlikNo('10000000157')).toBe(false);
  });

  it('rejects a number whose 11th digit does not match', () => {
    expect(isTcKimlikNo('10000000147')).toBe(false);
    expect(isTcKimlikNo('12345678951')).toBe(false);
  });

  it('rejects a number starting with 0, even with matching check digits', () => {
    // 012345678 followed by 4 and 0 satisfies both checksums, but no kimlik no starts with 0.
    expect(isTcKimlikNo('01234567840')).toBe(false);
  });

  it('rejects anything but exactly 11 digits', () => {
    expect(isTcKimlikNo('1000000014')).toBe(false);
    expect(isTcKimlikNo('100000001460')).toBe(false);
    expect(isTcKimlikNo('1000000014a')).toBe(false);
    expect(isTcKimlikNo('100 000 001 46')).toBe(false);
    expect(isTcKimlikNo(' 10000000146')).toBe(false);
    expect(isTcKimlikNo('')).toBe(false);
  });
});

describe('vergi kimlik no', () => {
  it('accepts numbers whose last digit matches GİB’s check digit', () => {
    expect(isVergiNo('4540536920')).toBe(true); // python-stdnum's documented example
    expect(isVergiNo('9876543217')).toBe(true);
    expect(isVergiNo('5555555553')).toBe(true);
  });

  it('accepts a leading 0', () => {
    expect(isVergiNo('1000000000')).toBe(true);
    expect(isVergiNo('0000000001')).toBe(true);
  });

  it('leaves out a shifted digit of 0', () => {
    // Every digit shifts to 0, so the sum is 0 and the check digit 0.
    expect(isVergiNo('1234567890')).toBe(true);
  });

  it('counts a weighted value that is a non-zero multiple of 9 as 9, not 0', () => {
    // Every digit shifts to 9, so each term is 9 × 2ⁿ mod 9 = 0 → 9: sum 81, check digit 9.
    expect(isVergiNo('0123456789')).toBe(true);
    expect(isVergiNo('0123456780')).toBe(false);
  });

  it('rejects a number whose check digit does not match', () => {
    expect(isVergiNo('4540536921')).toBe(false);
    expect(isVergiNo('9876543210')).toBe(false);
  });

  it('rejects anything but exactly 10 digits', () => {
    expect(isVergiNo('454053692')).toBe(false);
    expect(isVergiNo('45405369200')).toBe(false);
    expect(isVergiNo('454053692O')).toBe(false);
    expect(isVergiNo('454-053-6920')).toBe(false);
    expect(isVergiNo('')).toBe(false);
  });
});
