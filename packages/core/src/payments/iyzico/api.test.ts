import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  callbackSignature,
  minorOf,
  price,
  responseSignature,
  signedPrice,
} from './api.ts';

describe('iyzico signatures', () => {
  it('signs the 3-D Secure callback as the documented sample (callbackUrl signature validation)', () => {
    // iyzipay-php samples/callbackUrl_Signature_Validation.php: its payload, key and signature.
    expect(
      callbackSignature('jLc7GQHD2pyJoqXDeEcTnGHYtP7Ai5jl', {
        conversationData: '',
        conversationId: '',
        mdStatus: '1',
        paymentId: '22484292',
        status: 'success',
      }),
    ).toBe('a4f73b80bb32a6ef8358090bbd8609a49a7b53f463048f8ef147496e236d04f0');
  });

  it('joins response fields with ":" in the given order, empty for missing ones', () => {
    const expected = createHmac('sha256', 'key').update('1:TRY::conv:1.2:1').digest('hex');
    expect(responseSignature('key', ['1', 'TRY', null, 'conv', '1.2', '1'])).toBe(expected);
  });

  it('builds the IYZWSv2 header from the random key, the path and the body', () => {
    const header = authorizationHeader(
      { apiKey: 'api', secretKey: 'secret' },
      '/payment/bin/check',
      '{"a":1}',
      'r1',
    );
    expect(header.startsWith('IYZWSv2 ')).toBe(true);
    const params = Buffer.from(header.slice(8), 'base64').toString('utf8');
    const signature = createHmac('sha256', 'secret').update('r1/payment/bin/check{"a":1}').digest('hex');
    expect(params).toBe(`apiKey:api&randomKey:r1&signature:${signature}`);
  });

  it('writes prices as iyzico does and reads them back in minor units', () => {
    expect([price(100), price(150), price(12_345), price(5)]).toEqual(['1.0', '1.5', '123.45', '0.05']);
    expect([minorOf(1.2), minorOf('123.45'), minorOf(0.1 + 0.2)]).toEqual([120, 12_345, 30]);
    expect([signedPrice(1.0), signedPrice('12.50'), signedPrice(12.34)]).toEqual(['1', '12.5', '12.34']);
  });
});
