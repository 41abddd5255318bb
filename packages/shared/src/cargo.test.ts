import { describe, expect, it } from 'vitest';
import { CARRIERS, normalizeTrackingNo, TRACKING_NO_PATTERN, trackingUrl } from './cargo.ts';

describe('trackingUrl', () => {
  it("puts the tracking number into the carrier's page, normalised and escaped", () => {
    expect(trackingUrl('Yurtiçi Kargo', '123 456')).toBe(
      'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=123456',
    );
    expect(trackingUrl('Trendyol Express', '7340447182689&x=1')).toBe(
      'https://kargotakip.trendyol.com/?orderNumber=7340447182689%26X%3D1',
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

describe('normalizeTrackingNo', () => {
  it('drops the spaces and separators a person types, and upper-cases the letters', () => {
    expect(normalizeTrackingNo(' 1z 999 aa1 01 2345 6784 ')).toBe('1Z999AA10123456784');
    expect(normalizeTrackingNo('123-456-789\u00a0012')).toBe('123456789012');
    expect(normalizeTrackingNo('RR 123.456.789 TR')).toBe('RR123456789TR');
    expect(normalizeTrackingNo('7340/4471–82689')).toBe('7340447182689');
    // Full-width digits, as some Turkish keyboards' input methods give them.
    expect(normalizeTrackingNo('１２３４５')).toBe('12345');
  });

  it('leaves a number that holds anything but letters and digits for the check to refuse', () => {
    expect(TRACKING_NO_PATTERN.test(normalizeTrackingNo('12 34'))).toBe(true);
    expect(TRACKING_NO_PATTERN.test(normalizeTrackingNo('12&34'))).toBe(false);
    expect(TRACKING_NO_PATTERN.test(normalizeTrackingNo('ŞK123'))).toBe(false);
  });
});
