import { describe, expect, it } from 'vitest';
import { invoiceBackoffMs } from './service.ts';
import { missingLegalDetails } from './setting.ts';

describe('e-invoice job', () => {
  it('retries the first time within 5 minutes, then doubling, never more than an hour apart', () => {
    expect([1, 2, 3, 4].map(invoiceBackoffMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(invoiceBackoffMs(1)).toBeLessThanOrEqual(5 * 60_000);
    expect(invoiceBackoffMs(20)).toBe(60 * 60_000);
  });

  it('names each missing legal detail of the shop in Turkish', () => {
    expect(
      missingLegalDetails({ unvan: 'Atölye', tax_id: '', tax_office: ' ', contact_address: 'Moda Cad. 1' }),
    ).toEqual(['vergi kimlik numarası (tax_id)', 'vergi dairesi (tax_office)']);
    expect(
      missingLegalDetails({ unvan: 'A', tax_id: '1234567890', tax_office: 'Kadıköy', contact_address: 'x' }),
    ).toEqual([]);
  });
});
