/**
 * Request schemas of the orders and payments API (`orders.ts` has the shapes). Messages are what a shopper
 * reads next to the field. Brings zod: imported by path, by the server and by forms that check on the client.
 */
import { cardDigits, isLuhnValid } from '../payment-card.ts';
import { z } from '../zod.ts';
import { instalmentCount } from './instalments.ts';
import { pageNumber } from './page-number.ts';

/** Order numbers are short upper-case letters and digits (with dashes); anything else is not one. */
export const orderNoSchema = z
  .string({ error: 'Sipariş numarası gerekli' })
  .trim()
  .min(4, 'Sipariş numarası geçersiz')
  .max(40, 'Sipariş numarası geçersiz')
  .regex(/^[A-Za-z0-9-]+$/, 'Sipariş numarası geçersiz');

/** The signed access token of a guest link (base64url). */
export const accessTokenSchema = z
  .string({ error: 'Erişim anahtarı geçersiz' })
  .trim()
  .max(100, 'Erişim anahtarı geçersiz')
  .regex(/^[A-Za-z0-9_-]*$/, 'Erişim anahtarı geçersiz');

export const orderListQuery = z.object({
  page: pageNumber,
  perPage: z.coerce
    .number({ error: 'Sayfa boyutu bir sayı olmalı' })
    .int('Sayfa boyutu bir tam sayı olmalı')
    .min(1, 'Sayfa boyutu en az 1 olmalı')
    .max(50, 'Sayfa boyutu en fazla 50 olabilir')
    .default(10),
});

/** `?token=` of a guest link; absent for the customer's own order. */
export const orderAccessQuery = z.object({ token: accessTokenSchema.optional() });

export const paymentSessionQuery = z.object({
  order: orderNoSchema,
  token: accessTokenSchema.optional(),
});

const twoDigitMonth = z.coerce
  .number({ error: 'Son kullanma ayı gerekli' })
  .int('Son kullanma ayı 1-12 arasında olmalı')
  .min(1, 'Son kullanma ayı 1-12 arasında olmalı')
  .max(12, 'Son kullanma ayı 1-12 arasında olmalı');

/** `27` or `2027`: both mean 2027. */
const expiryYear = z.coerce
  .number({ error: 'Son kullanma yılı gerekli' })
  .int('Son kullanma yılı geçersiz')
  .min(0, 'Son kullanma yılı geçersiz')
  .max(2099, 'Son kullanma yılı geçersiz')
  .transform((y) => (y < 100 ? 2000 + y : y))
  .refine((y) => y >= 2000, 'Son kullanma yılı geçersiz');

export const cardPaymentRequest = z.object({
  order: orderNoSchema,
  token: accessTokenSchema.optional(),
  cardNumber: z
    .string({ error: 'Kart numarası gerekli' })
    .transform(cardDigits)
    .refine((v) => v.length > 0, 'Kart numarası gerekli')
    .refine((v) => /^\d{12,19}$/.test(v), 'Kart numarası 12-19 rakamdan oluşmalı')
    .refine(isLuhnValid, 'Kart numarası geçersiz; lütfen kontrol edin'),
  holder: z
    .string({ error: 'Kart üzerindeki isim gerekli' })
    .trim()
    .min(3, 'Kart üzerindeki ismi yazın')
    .max(60, 'Kart üzerindeki isim en fazla 60 karakter olabilir')
    .regex(/^[\p{L} .'-]+$/u, 'Kart üzerindeki isim yalnızca harf içermeli'),
  expiryMonth: twoDigitMonth,
  expiryYear,
  cvc: z
    .string({ error: 'Güvenlik kodu (CVC) gerekli' })
    .trim()
    .regex(/^\d{3}$/, 'Güvenlik kodu (CVC) 3 rakam olmalı'),
  /** The instalment count chosen for this card (its table from the provider); absent: the order's. */
  instalments: instalmentCount.optional(),
});
export type CardPaymentInput = z.input<typeof cardPaymentRequest>;

export const verifyPaymentRequest = z.object({
  challenge: z
    .string({ error: 'Doğrulama adımı bulunamadı' })
    .min(10, 'Doğrulama adımı geçersiz')
    .max(1000, 'Doğrulama adımı geçersiz'),
  code: z
    .string({ error: 'Doğrulama kodu gerekli' })
    .trim()
    .regex(/^\d{4,8}$/, 'Doğrulama kodu rakamlardan oluşmalı'),
});

export const signedPaymentResult = z.object({
  reference: z.string().min(8).max(100),
  status: z.enum(['succeeded', 'failed']),
  failureCode: z.string().max(60).nullable(),
  amountMinor: z.number().int().min(0),
  cardLast4: z.string().regex(/^\d{4}$/),
  issuedAt: z.string().max(40),
  signature: z.string().min(10).max(200),
});
