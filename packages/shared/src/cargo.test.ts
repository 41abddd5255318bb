import { describe, expect, it } from 'vitest';
import { CARRIERS, trackingUrl } from './cargo.ts';

describe('trackingUrl', () => {
  it("puts the tracking number into the carrier's page, escaped", () => {
    expect(trackingUrl('Yurtiçi Kargo', '123 456')).toBe(
      'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=123%20456',
    );
  });

  it('knows no page for a carrier outside the list', () => {
    expect(trackingUrl('Mahalle Kuryesi', '1')).toBeNull();
  });

  it('has an https page with the number in it for every carrier', () => {
    for (const carrier of Object.values(CARRIERS)) {
      expect(carrier.tracking).toMatch(/^https:\/\/[^{]+\{no\}/);
    }
  });
});
