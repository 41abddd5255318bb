import { createHmac, timingSafeEqual } from 'node:crypto';
import { INSTALMENT_CHOICES } from '@vitrin/shared/api/cart';
import { signedPaymentResult } from '@vitrin/shared/api/order-requests';
import type { CardChallenge, SignedPaymentResult, TestCardInfo } from '@vitrin/shared/api/orders';
import { cardLast4, isExpiryPast } from '@vitrin/shared/payment-card';
import { orderError } from '../orders/errors.ts';
import type { Secret } from '../orders/secrets.ts';
import {
  type CardInput,
  failureMessageOf,
  type InstalmentOption,
  type PaymentProvider,
  type PaymentStart,
  type RefundRequest,
  type RefundResult,
  type StartResult,
  type VerifiedPayment,
} from './provider.ts';

/**
 * The built-in test provider: it behaves like a bank's hosted 3-D Secure page, served by us at
 * `/secure-pay`. The shopper types a card (checked: Luhn, expiry not past, 3-digit CVC, holder name), the
 * "bank" asks for a verification code, and answers with a result signed with HMAC-SHA256 under its own
 * secret, which the shop verifies before marking anything.
 *
 * It keeps no state, so any app node can answer any step: the 3-D Secure step id (`challenge`) is itself
 * signed and carries the attempt's reference, amount, the card's last four digits and what the bank will
 * answer for that card. The card number is used for that decision and dropped: never stored, never logged.
 *
 * Test cards (any holder name, any future expiry, any 3-digit CVC; verification code 123456):
 */
export const TEST_VERIFICATION_CODE = '123456';

type Outcome = 'success' | FailureCode;
type FailureCode = 'YETERSIZ_BAKIYE' | 'KART_REDDEDILDI' | 'DOGRULAMA_BASARISIZ' | 'KART_SURESI_DOLMUS';

export const TEST_CARDS: ReadonlyArray<{ number: string; outcome: Outcome; description: string }> = [
  { number: '4242424242424242', outcome: 'success', description: 'Başarılı ödeme' },
  { number: '4000000000009995', outcome: 'YETERSIZ_BAKIYE', description: 'Yetersiz bakiye' },
  { number: '4000000000000002', outcome: 'KART_REDDEDILDI', description: 'Kart reddedildi' },
  {
    number: '4000000000003220',
    outcome: 'DOGRULAMA_BASARISIZ',
    description: '3-D Secure doğrulaması başarısız (her kod reddedilir)',
  },
  {
    number: '4000000000000069',
    outcome: 'KART_SURESI_DOLMUS',
    description: 'Süresi dolmuş kart (banka reddeder)',
  },
];

/** How long the verification-code step stays open. */
const CHALLENGE_MS = 10 * 60_000;

export type { CardInput };

/** The test bank's instalments carry no interest: the total is the amount for every count the shop offers. */
export function interestFreeOptions(amountMinor: number): InstalmentOption[] {
  return INSTALMENT_CHOICES.map((count) => ({
    count,
    totalMinor: amountMinor,
    monthlyMinor: Math.floor(amountMinor / count),
  }));
}

interface ChallengePayload {
  /** payments.reference */
  r: string;
  /** amount, minor units */
  a: number;
  /** last four digits */
  l: string;
  /** what the bank answers */
  o: Outcome;
  /** expiry, epoch ms */
  e: number;
}

const signWith = (key: Buffer, purpose: string, text: string) =>
  createHmac('sha256', key).update(`${purpose}\n${text}`).digest('base64url');

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The fields of a result in one fixed order: what the signature covers. */
const resultText = (r: Omit<SignedPaymentResult, 'signature'>) =>
  [r.reference, r.status, r.failureCode ?? '', r.amountMinor, r.cardLast4, r.issuedAt].join('|');

export function createTestPaymentProvider(secret: Secret, now: () => Date = () => new Date()) {
  const key = () => secret.current();

  /** Keys of the refunds made, as a provider's own records would list them. */
  const made = new Set<string>();
  const provider = {
    name: 'test',
    mode: 'test',
    form: 'card',
    testInfo: {
      cards: TEST_CARDS.map((c): TestCardInfo => ({ number: c.number, outcome: c.description })),
      verificationCode: TEST_VERIFICATION_CODE,
    },

    async instalmentOptions(query: { bin?: string; amountMinor: number }) {
      return interestFreeOptions(query.amountMinor);
    },

    /** The card form of our hosted page: the card is checked and the verification-code step opened. */
    async start(payment: PaymentStart): Promise<StartResult> {
      if (!payment.card) {
        throw orderError('GECERSIZ_ISTEK', 'Kart bilgileri eksik.');
      }
      const challenge = await provider.authorize(payment.card, {
        reference: payment.reference,
        amountMinor: payment.order.amountMinor,
      });
      return { kind: 'challenge', challenge };
    },

    /** The bank's card form: the card is checked and the 3-D Secure step opened. */
    async authorize(
      card: CardInput,
      attempt: { reference: string; amountMinor: number },
    ): Promise<CardChallenge> {
      await secret.ready();
      if (isExpiryPast(card.expiryMonth, card.expiryYear, now())) {
        throw orderError('GECERSIZ_ISTEK', 'Kartın son kullanma tarihi geçmiş.', {
          expiryMonth: 'Son kullanma tarihi geçmiş',
          expiryYear: 'Son kullanma tarihi geçmiş',
        });
      }
      // An unknown number is a real card: the test bank declines it rather than charging it.
      const outcome = TEST_CARDS.find((c) => c.number === card.cardNumber)?.outcome ?? 'KART_REDDEDILDI';
      const expiresAt = now().getTime() + CHALLENGE_MS;
      const payload: ChallengePayload = {
        r: attempt.reference,
        a: attempt.amountMinor,
        l: cardLast4(card.cardNumber),
        o: outcome,
        e: expiresAt,
      };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return {
        challenge: `${body}.${signWith(key(), 'challenge', body)}`,
        cardLast4: payload.l,
        amountMinor: attempt.amountMinor,
        expiresAt: new Date(expiresAt).toISOString(),
        prompt: `Telefonunuza gönderilen doğrulama kodunu girin (test ortamı: ${TEST_VERIFICATION_CODE}).`,
      };
    },

    /** The bank's code form: checks the step and the code, and signs the result. */
    async completeChallenge(challenge: string, code: string): Promise<SignedPaymentResult> {
      await secret.ready();
      const [body = '', signature = ''] = challenge.split('.');
      if (!body || !signature || !sameText(signature, signWith(key(), 'challenge', body))) {
        throw orderError(
          'DOGRULAMA_ADIMI_GECERSIZ',
          'Doğrulama adımı geçersiz. Lütfen ödemeyi yeniden başlatın.',
        );
      }
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ChallengePayload;
      if (payload.e <= now().getTime()) {
        throw orderError(
          'DOGRULAMA_ADIMI_GECERSIZ',
          'Doğrulama süresi doldu. Lütfen ödemeyi yeniden başlatın.',
        );
      }
      const failure: FailureCode | null =
        code !== TEST_VERIFICATION_CODE ? 'DOGRULAMA_BASARISIZ' : payload.o === 'success' ? null : payload.o;
      const result: Omit<SignedPaymentResult, 'signature'> = {
        reference: payload.r,
        status: failure ? 'failed' : 'succeeded',
        failureCode: failure,
        amountMinor: payload.a,
        cardLast4: payload.l,
        issuedAt: now().toISOString(),
      };
      return { ...result, signature: signWith(key(), 'result', resultText(result)) };
    },

    async answerChallenge(challenge: string, code: string): Promise<unknown> {
      return provider.completeChallenge(challenge, code);
    },

    async complete(result: unknown): Promise<VerifiedPayment | null> {
      await secret.ready();
      const parsed = signedPaymentResult.safeParse(result);
      if (!parsed.success) return null;
      const { signature, ...fields } = parsed.data;
      if (!sameText(signature, signWith(key(), 'result', resultText(fields)))) return null;
      return {
        reference: fields.reference,
        status: fields.status,
        failureCode: fields.failureCode,
        amountMinor: fields.amountMinor,
        cardLast4: fields.cardLast4,
      };
    },

    /** The test bank gives back whatever it took, and remembers (in this process) the refunds' keys. */
    async refund(request: RefundRequest): Promise<RefundResult> {
      await secret.ready();
      const key = request.refundKey ?? request.reference;
      made.add(key);
      return { refunded: true, providerRef: null };
    },

    async lookupRefunds() {
      return [...made];
    },

    failureMessage: failureMessageOf,
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}

export type TestPaymentProvider = ReturnType<typeof createTestPaymentProvider>;
