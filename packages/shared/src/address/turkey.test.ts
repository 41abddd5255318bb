import { describe, expect, it } from 'vitest';
import { turkishSortKey } from '../turkish-sort.ts';
import { districtByName, isDistrictOf, PROVINCES, provinceByCode, provinceByName } from './turkey.ts';

const province = (name: string) => {
  const found = provinceByName(name);
  if (!found) throw new Error(`no province ${name}`);
  return found;
};

describe('provinces of Turkey', () => {
  it('lists the 81 provinces with plate codes 1 to 81, in code order', () => {
    expect(PROVINCES).toHaveLength(81);
    expect(PROVINCES.map((p) => p.code)).toEqual(Array.from({ length: 81 }, (_, i) => i + 1));
  });

  it('has 973 districts in total', () => {
    expect(PROVINCES.reduce((sum, p) => sum + p.districts.length, 0)).toBe(973);
  });

  it('gives metropolitan provinces their full district count', () => {
    expect(province('İstanbul').districts).toHaveLength(39);
    expect(province('Ankara').districts).toHaveLength(25);
    expect(province('İzmir').districts).toHaveLength(30);
  });

  it('spells names with Turkish letters', () => {
    expect(provinceByCode(1)?.name).toBe('Adana');
    expect(provinceByCode(34)?.name).toBe('İstanbul');
    expect(provinceByCode(63)?.name).toBe('Şanlıurfa');
    expect(provinceByCode(76)?.name).toBe('Iğdır');
    expect(provinceByCode(79)?.name).toBe('Kilis');
    expect(provinceByCode(81)?.name).toBe('Düzce');
    expect(province('İstanbul').districts).toEqual(expect.arrayContaining(['Kadıköy', 'Şile', 'Üsküdar']));
    expect(province('Ankara').districts).toContain('Çankaya');
    expect(province('İzmir').districts).toContain('Karşıyaka');
  });

  it('keeps each province’s districts unique and in Turkish alphabetical order', () => {
    for (const p of PROVINCES) {
      const keys = p.districts.map(turkishSortKey);
      expect(new Set(keys).size, p.name).toBe(keys.length);
      expect(keys, p.name).toEqual([...keys].sort());
    }
    // Ş right after S and Ü right after U: a code-point sort would put them after Z.
    expect(province('İstanbul').districts.slice(-7)).toEqual([
      'Sultangazi',
      'Şile',
      'Şişli',
      'Tuzla',
      'Ümraniye',
      'Üsküdar',
      'Zeytinburnu',
    ]);
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(PROVINCES)).toBe(true);
    expect(Object.isFrozen(province('Ankara').districts)).toBe(true);
  });
});

describe('provinceByCode', () => {
  it('accepts the plate code as a number or as written on a plate', () => {
    expect(provinceByCode(6)?.name).toBe('Ankara');
    expect(provinceByCode('06')?.name).toBe('Ankara');
  });

  it('finds nothing for codes outside 1 to 81', () => {
    expect(provinceByCode(0)).toBeUndefined();
    expect(provinceByCode(82)).toBeUndefined();
    expect(provinceByCode('6a')).toBeUndefined();
    expect(provinceByCode('')).toBeUndefined();
  });
});

describe('provinceByName', () => {
  it('ignores case with Turkish rules', () => {
    expect(provinceByName('istanbul')?.code).toBe(34);
    expect(provinceByName('İSTANBUL')?.code).toBe(34);
    expect(provinceByName('IĞDIR')?.code).toBe(76);
    expect(provinceByName('ığdır')?.code).toBe(76);
  });

  it('accepts names typed without Turkish letters, and surrounding spaces', () => {
    expect(provinceByName('Istanbul')?.code).toBe(34);
    expect(provinceByName('sanliurfa')?.code).toBe(63);
    expect(provinceByName('  Çanakkale ')?.code).toBe(17);
  });

  it('finds nothing for a name that is not a province', () => {
    expect(provinceByName('Kadıköy')).toBeUndefined();
    expect(provinceByName('')).toBeUndefined();
  });
});

describe('isDistrictOf', () => {
  it('is true for a district of the province, matched like province names', () => {
    expect(isDistrictOf(34, 'Kadıköy')).toBe(true);
    expect(isDistrictOf(34, 'KADIKÖY')).toBe(true);
    expect(isDistrictOf(34, 'sile')).toBe(true);
    expect(isDistrictOf(6, 'Çankaya')).toBe(true);
  });

  it('is false for a district of another province', () => {
    expect(isDistrictOf(6, 'Kadıköy')).toBe(false);
    expect(isDistrictOf(35, 'Çankaya')).toBe(false);
  });

  it('knows that only non-metropolitan provinces have a district called Merkez', () => {
    expect(isDistrictOf(81, 'Merkez')).toBe(true);
    expect(isDistrictOf(34, 'Merkez')).toBe(false);
  });

  it('is false for an unknown province code', () => {
    expect(isDistrictOf(99, 'Merkez')).toBe(false);
  });
});

describe('districtByName', () => {
  it('returns the listed spelling of what the customer typed', () => {
    expect(districtByName(35, 'karsiyaka')).toBe('Karşıyaka');
    expect(districtByName(35, 'Kadıköy')).toBeUndefined();
  });
});
