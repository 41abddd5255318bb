import { randomBytes } from 'node:crypto';
import { isLuhnValid } from '@vitrin/shared/payment-card';
import { describe, expect, it } from 'vitest';
import type { Secret } from '../orders/secrets.ts';
import { createTestPaymentProvider, TEST_CARDS, TEST_VERIFICATION_CODE } from './test-provider.ts';

const secretOf = (key = randomBytes(32)): Secret => ({ ready: async () => key, current: () => key });
const now = () => new Date('2026-11-23T10:00:00Z');
const card = (cardNumber: string) => ({
  cardNumber,
  holder: 'AYSE YILMAZ',
  expiryMonth: 12,
  expiryYear: 2030,
  cvc: '123',
});
const attempt = { reference: 'ref-0123456789', amountMinor: 18_000 };

describe('test payment provider', () => {
  it('documents test cards that all pass the Luhn check', () => {
    expect(TEST_CARDS.map((c) => isLuhnValid(c.number))).toEqual(TEST_CARDS.map(() => true));
  });

  it('signs a success for the success card with the right code, and verifies its own signature', async () => {
    const provider = createTestPaymentProvider(secretOf(), now);
    const step = await provider.authorize(card('4242424242424242'), attempt);
    expect(step.cardLast4).toBe('4242');
    expect(step.challenge).not.toContain('4242424242424242');
    const result = await provider.completeChallenge(step.challenge, TEST_VERIFICATION_CODE);
    expect(result).toMatchObject({ reference: attempt.reference, status: 'succeeded', amountMinor: 18_000 });
    expect(await provider.complete(result)).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
  });

  it('answers each failure card with its code, and a wrong code with DOGRULAMA_BASARISIZ', async () => {
    const provider = createTestPaymentProvider(secretOf(), now);
    const codes: Record<string, string | null> = {};
    for (const c of TEST_CARDS) {
      const step = await provider.authorize(card(c.number), attempt);
      codes[c.number] = (
        await provider.completeChallenge(step.challenge, TEST_VERIFICATION_CODE)
      ).failureCode;
    }
    expect(codes).toEqual({
      '4242424242424242': null,
      '4000000000009995': 'YETERSIZ_BAKIYE',
      '4000000000000002': 'KART_REDDEDILDI',
      '4000000000003220': 'DOGRULAMA_BASARISIZ',
      '4000000000000069': 'KART_SURESI_DOLMUS',
    });
    const step = await provider.authorize(card('4242424242424242'), attempt);
    expect((await provider.completeChallenge(step.challenge, '000000')).failureCode).toBe(
      'DOGRULAMA_BASARISIZ',
    );
  });

  it('refuses a card whose expiry is past', async () => {
    const provider = createTestPaymentProvider(secretOf(), now);
    await expect(
      provider.authorize({ ...card('4242424242424242'), expiryMonth: 10, expiryYear: 2026 }, attempt),
    ).rejects.toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: { expiryMonth: 'Son kullanma tarihi geçmiş' },
    });
  });

  it('does not verify a result with a changed field or another key’s signature', async () => {
    const provider = createTestPaymentProvider(secretOf(), now);
    const step = await provider.authorize(card('4000000000000002'), attempt);
    const failed = await provider.completeChallenge(step.challenge, TEST_VERIFICATION_CODE);
    expect(await provider.complete({ ...failed, status: 'succeeded', failureCode: null })).toBeNull();
    expect(await provider.complete({ ...failed, amountMinor: 1 })).toBeNull();
    const other = createTestPaymentProvider(secretOf(), now);
    expect(await other.complete(failed)).toBeNull();
    expect(await provider.complete({ nonsense: true })).toBeNull();
  });

  it('refuses a tampered or expired 3-D Secure step', async () => {
    const provider = createTestPaymentProvider(secretOf(), now);
    const step = await provider.authorize(card('4000000000000002'), attempt);
    const [body, signature] = step.challenge.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...payload, o: 'success' })).toString('base64url')}.${signature}`;
    await expect(provider.completeChallenge(tampered, TEST_VERIFICATION_CODE)).rejects.toMatchObject({
      code: 'DOGRULAMA_ADIMI_GECERSIZ',
    });
    const later = createTestPaymentProvider(secretOf(), () => new Date(now().getTime() + 11 * 60_000));
    await expect(later.completeChallenge(step.challenge, TEST_VERIFICATION_CODE)).rejects.toMatchObject({
      code: 'DOGRULAMA_ADIMI_GECERSIZ',
    });
  });
});
