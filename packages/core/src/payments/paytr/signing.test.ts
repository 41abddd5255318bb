import { describe, expect, it } from 'vitest';
import {
  binDetailToken,
  encodeUserBasket,
  iframeToken,
  instalmentRatesToken,
  isNotifyHashValid,
  liraText,
  minorOfLira,
  notifyHash,
  parsePaytrOrderId,
  paytrOrderId,
  refundToken,
} from './signing.ts';

// The placeholder credentials of PayTR's sample codes. The expected values below were computed outside this
// code (openssl dgst -sha256 -hmac YYYYYYYYYYYYYY -binary | base64) over the concatenations the
// documentation gives, so a field in the wrong place fails here, not at PayTR.
const creds = { merchantId: 'XXXXXX', merchantKey: 'YYYYYYYYYYYYYY', merchantSalt: 'ZZZZZZZZZZZZZZ' };
const SAMPLE_BASKET =
  'W1siU2FtcGxlIFByb2R1Y3QgMSIsIjE4LjAwIiwxXSxbIlNhbXBsZSBQcm9kdWN0IDIiLCIzMy4yNSIsMl0sWyJTYW1wbGUgUHJvZHVjdCAzIiwiNDUuNDIiLDFdXQ==';

describe('PayTR user_basket', () => {
  it("encodes the documentation's sample basket: name, unit price in lira with a dot, quantity", () => {
    expect(
      encodeUserBasket([
        { name: 'Sample Product 1', unitPriceMinor: 1800, quantity: 1 },
        { name: 'Sample Product 2', unitPriceMinor: 3325, quantity: 2 },
        { name: 'Sample Product 3', unitPriceMinor: 4542, quantity: 1 },
      ]),
    ).toBe(SAMPLE_BASKET);
  });

  it('writes Turkish letters as \\u escapes, as PHP json_encode does', () => {
    const encoded = encodeUserBasket([{ name: 'Örnek ürün 1', unitPriceMinor: 1800, quantity: 1 }]);
    expect(encoded).toBe('W1siXHUwMGQ2cm5layBcdTAwZmNyXHUwMGZjbiAxIiwiMTguMDAiLDFdXQ==');
    expect(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))).toEqual([
      ['Örnek ürün 1', '18.00', 1],
    ]);
  });
});

describe('PayTR signatures', () => {
  it('signs get-token over merchant_id, user_ip, merchant_oid, email, amount, basket, instalments, currency, test mode and salt', () => {
    expect(
      iframeToken(creds, {
        user_ip: '203.0.113.7',
        merchant_oid: 'SIPARIS123',
        email: 'ayse@example.com',
        payment_amount: '13000',
        user_basket: SAMPLE_BASKET,
        no_installment: '0',
        max_installment: '12',
        currency: 'TL',
        test_mode: '1',
      }),
    ).toBe('5tYerNvAf2TTNrGK7ABXgl0/FovsOUAa5CdO935B7Cg=');
  });

  it('checks a notification hash over merchant_oid, salt, status and total_amount', () => {
    const ok = { merchant_oid: 'SIPARIS123', status: 'success', total_amount: '13000' };
    expect(notifyHash(creds, ok)).toBe('1RWsGpaA3Xo6ZztQrmT+Q3bZiGRkgfJSBU1ShmBUwGg=');
    expect(isNotifyHashValid(creds, ok, '1RWsGpaA3Xo6ZztQrmT+Q3bZiGRkgfJSBU1ShmBUwGg=')).toBe(true);
    const failed = { merchant_oid: 'SIPARIS123', status: 'failed', total_amount: '0' };
    expect(notifyHash(creds, failed)).toBe('1N7v0/1aTD9FaMcDuN2OW7bl8y3D+4mpLNHzfB47i5M=');
  });

  it('refuses a notification hash for another amount, status or key, and one of another length', () => {
    const hash = '1RWsGpaA3Xo6ZztQrmT+Q3bZiGRkgfJSBU1ShmBUwGg=';
    expect(
      isNotifyHashValid(creds, { merchant_oid: 'SIPARIS123', status: 'success', total_amount: '1300' }, hash),
    ).toBe(false);
    expect(
      isNotifyHashValid(creds, { merchant_oid: 'SIPARIS123', status: 'failed', total_amount: '13000' }, hash),
    ).toBe(false);
    const other = { ...creds, merchantKey: 'başka-anahtar' };
    expect(
      isNotifyHashValid(
        other,
        { merchant_oid: 'SIPARIS123', status: 'success', total_amount: '13000' },
        hash,
      ),
    ).toBe(false);
    expect(
      isNotifyHashValid(
        creds,
        { merchant_oid: 'SIPARIS123', status: 'success', total_amount: '13000' },
        'kısa',
      ),
    ).toBe(false);
  });

  it('signs a refund over merchant_id, merchant_oid, return_amount and salt', () => {
    expect(refundToken(creds, 'SIPARIS123', '11.97')).toBe('dSvdcos8eC/vHFPjB74/zX3YLKq7eZnOh1M8ZT6iAdE=');
  });

  it('signs the instalment rates request over merchant_id, request_id and salt', () => {
    expect(instalmentRatesToken(creds, 'REQ1')).toBe('P9ETcLU8xV52Jo5Rv0WWtZylw33jaFIsSDJT8IYrsK4=');
  });

  it('signs a BIN lookup over bin_number, merchant_id and salt', () => {
    expect(binDetailToken(creds, '54066754')).toBe('8kha6wbv/9hargqzVmV4xC6FgWEiIaK3SE4AHM00xn4=');
  });
});

describe('PayTR amounts and order ids', () => {
  it('writes kuruş as lira with a dot and reads it back without a float', () => {
    expect(liraText(1197)).toBe('11.97');
    expect(liraText(5)).toBe('0.05');
    expect(liraText(1_000_000)).toBe('10000.00');
    expect(minorOfLira('11.97')).toBe(1197);
    expect(minorOfLira('11.9')).toBe(1190);
    expect(minorOfLira('11')).toBe(1100);
    expect(minorOfLira('11,97')).toBeNull();
    expect(minorOfLira('-1')).toBeNull();
    expect(() => liraText(1.5)).toThrow(RangeError);
  });

  it('makes a merchant_oid of letters and digits only, at most 64, naming the attempt and its amount back', () => {
    const reference = 'a-B_9xQ2z8Lk_3pW-uV7mN0r';
    const oid = paytrOrderId(reference, 5_000_000_000);
    expect(oid).toMatch(/^[A-Za-z0-9]{1,64}$/);
    expect(parsePaytrOrderId(oid)).toEqual({ reference, amountMinor: 5_000_000_000 });
    expect(parsePaytrOrderId('SIPARIS123')).toBeNull();
    expect(parsePaytrOrderId('')).toBeNull();
    expect(parsePaytrOrderId('abcX12')).toBeNull();
    expect(() => paytrOrderId('x'.repeat(40), 100)).toThrow(RangeError);
  });
});
