import { describe, expect, it } from 'vitest';
import { CARRIERS, trackingUrl } from './cargo.ts';

describe('trackingUrl', () => {
  it("puts the tracking number into the carrier's page, escaped", () => {
    expect(trackingUrl('Yurtiçi Kargo', '123 456')).toBe(
      'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=123%20456',
    );
    expect(trackingUrl('Trendyol Express', '7340447182689&x=1')).toBe(
      'https://kargotakip.trendyol.com/?orderNumber=7340447182689%26x%3D1',
    );
  });

  it('links each carrier to the page its own site follows one parcel on', () => {
    expect(trackingUrl('MNG Kargo', '123')).toBe(
      'https://service.mngkargo.com.tr/iactive/popup/kargotakip.asp?k=123',
    );
    expect(trackingUrl('Sürat Kargo', '123')).toBe(
      'https://www.suratkargo.com.tr/kargoweb/bireysel.aspx?no=123',
    );
    expect(trackingUrl('Kolay Gelsin', '123')).toBe('https://esube.kolaygelsin.com/shipments?trackingId=123');
    expect(trackingUrl('Aras Kargo', '123')).toBe(
      'https://kargotakip.araskargo.com.tr/mainpage.aspx?code=123',
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
