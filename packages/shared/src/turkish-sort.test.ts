import { describe, expect, it } from 'vitest';
import { turkishSortKey } from './turkish-sort.ts';

const sortTr = (names: string[]) =>
  [...names].sort((a, b) =>
    turkishSortKey(a) < turkishSortKey(b) ? -1 : turkishSortKey(a) > turkishSortKey(b) ? 1 : 0,
  );

describe('turkishSortKey', () => {
  it('puts ç after c, ğ after g, ı before i, ö after o, ş after s, ü after u', () => {
    expect(sortTr(['Çanta', 'Cüzdan', 'Defter'])).toEqual(['Cüzdan', 'Çanta', 'Defter']);
    expect(sortTr(['Işık', 'İğne', 'Havlu'])).toEqual(['Havlu', 'Işık', 'İğne']);
    expect(sortTr(['Şal', 'Sabun', 'Tabak'])).toEqual(['Sabun', 'Şal', 'Tabak']);
    expect(sortTr(['Ütü', 'Uçurtma', 'Vazo'])).toEqual(['Uçurtma', 'Ütü', 'Vazo']);
    expect(sortTr(['Örtü', 'Oyuncak', 'Peştemal'])).toEqual(['Oyuncak', 'Örtü', 'Peştemal']);
  });

  it('ignores case with Turkish rules (I is ı, İ is i)', () => {
    expect(turkishSortKey('IŞIK')).toBe(turkishSortKey('ışık'));
    expect(turkishSortKey('İNCİ')).toBe(turkishSortKey('inci'));
  });

  it('keeps digits and words apart', () => {
    expect(sortTr(['Kupa 2', 'Kupa 10', 'Kupa'])).toEqual(['Kupa', 'Kupa 10', 'Kupa 2']);
  });
});
