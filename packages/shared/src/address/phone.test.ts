import { describe, expect, it } from 'vitest';
import { formatTurkishMobile, normalizeTurkishMobile } from './phone.ts';

describe('normalizeTurkishMobile', () => {
  it.each([
    '0532 123 45 67',
    '05321234567',
    '5321234567',
    '+90 532 123 45 67',
    '+905321234567',
    '90 532 123 45 67',
    '0090 532 123 45 67',
    '(532) 123-45-67',
    '(0532) 123 45 67',
    '+90 (0532) 123 45 67',
    '0532.123.45.67',
    ' 0532\u00a0123\u00a045\u00a067 ',
  ])('reads %j as +905321234567', (input) => {
    expect(normalizeTurkishMobile(input)).toBe('+905321234567');
  });

  it('accepts every operator’s 5xx prefix', () => {
    expect(normalizeTurkishMobile('0505 000 00 00')).toBe('+905050000000');
    expect(normalizeTurkishMobile('0542 000 00 00')).toBe('+905420000000');
    expect(normalizeTurkishMobile('0555 000 00 00')).toBe('+905550000000');
  });

  it('rejects landlines and service numbers', () => {
    expect(normalizeTurkishMobile('0212 123 45 67')).toBeNull();
    expect(normalizeTurkishMobile('+90 312 123 45 67')).toBeNull();
    expect(normalizeTurkishMobile('0850 123 45 67')).toBeNull();
  });

  it('rejects numbers of other countries', () => {
    expect(normalizeTurkishMobile('+49 532 123 45 67')).toBeNull();
    expect(normalizeTurkishMobile('+1 532 123 4567')).toBeNull();
  });

  it('rejects too few or too many digits', () => {
    expect(normalizeTurkishMobile('0532 123 45 6')).toBeNull();
    expect(normalizeTurkishMobile('0532 123 45 678')).toBeNull();
    expect(normalizeTurkishMobile('+90 532 123 45 6')).toBeNull();
  });

  it('rejects letters, stray plus signs and empty input', () => {
    expect(normalizeTurkishMobile('0532 ABC 45 67')).toBeNull();
    expect(normalizeTurkishMobile('+5321234567')).toBeNull();
    expect(normalizeTurkishMobile('0532+1234567')).toBeNull();
    expect(normalizeTurkishMobile('')).toBeNull();
  });
});

describe('formatTurkishMobile', () => {
  it('writes an E.164 number the Turkish way', () => {
    expect(formatTurkishMobile('+905321234567')).toBe('0532 123 45 67');
  });

  it('accepts any spelling normalizeTurkishMobile accepts', () => {
    expect(formatTurkishMobile('+90 (532) 123-4567')).toBe('0532 123 45 67');
  });

  it('returns null for a number that is not a Turkish mobile', () => {
    expect(formatTurkishMobile('+902121234567')).toBeNull();
  });
});
