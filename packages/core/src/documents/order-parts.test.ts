import { describe, expect, it } from 'vitest';
import type { OrderAddress } from '../db/schema.ts';
import { addressLines, lineOptions, type OrderLine } from './order-parts.ts';

const address = {
  line: 'Caferağa Mah. Moda Cad. No: 1 D: 2',
  district: 'Kadıköy',
  province: 'İstanbul',
  postcode: '34710',
} as OrderAddress;

describe('an address on a document', () => {
  it('reads street, district / province, postcode', () => {
    expect(addressLines(address)).toEqual([
      'Caferağa Mah. Moda Cad. No: 1 D: 2',
      'Kadıköy / İstanbul',
      '34710',
    ]);
  });

  it('leaves out an empty postcode rather than printing a blank line', () => {
    expect(addressLines({ ...address, postcode: '' })).toEqual([
      'Caferağa Mah. Moda Cad. No: 1 D: 2',
      'Kadıköy / İstanbul',
    ]);
  });
});

describe("a line's options on a document", () => {
  it('lists the chosen variant options, then the personalization the customer typed', () => {
    const line = {
      options: { Renk: 'Mavi', Beden: 'M' },
      personalization: { fields: { İsim: 'Ayşe' } },
    } as unknown as OrderLine;
    expect(lineOptions(line)).toEqual(['Renk: Mavi', 'Beden: M', 'İsim: Ayşe']);
  });

  it('is empty for a plain product', () => {
    expect(lineOptions({ options: {}, personalization: null } as unknown as OrderLine)).toEqual([]);
  });
});
