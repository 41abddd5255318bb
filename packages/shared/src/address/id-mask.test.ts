import { describe, expect, it } from 'vitest';
import { maskTcKimlikNo } from './id-mask.ts';

describe('maskTcKimlikNo', () => {
  it('keeps the first three and the last two digits', () => {
    expect(maskTcKimlikNo('10000000146')).toBe('100******46');
  });

  it('hides a number too short to keep any digits', () => {
    expect(maskTcKimlikNo('12345')).toBe('*****');
  });
});
