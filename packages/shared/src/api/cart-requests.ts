/**
 * Server-side validation of the cart, coupon and checkout requests of `cart.ts`, with the Turkish message a
 * shopper reads next to each field. Imported by path (it brings zod), never from the browser bundle.
 *
 * Nothing money-like is read from a request: unknown keys (a `price`, a `total`, a `discount`) are dropped
 * by the object schemas, and the server computes every amount from the catalogue.
 */

import { lineText, multilineText, z } from '../zod.ts';
import {
  addressInput,
  loginInput,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  profileInput,
} from './account.ts';
import { INSTALMENT_CHOICES, MAX_LINE_QUANTITY, type PaymentMethod } from './cart.ts';

const MAX_ID = 2_147_483_647;

/** A database id as JSON sends it; strings of digits are accepted too (form posts). */
const id = (message: string) =>
  z.preprocess(
    (v: unknown) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message),
  );

const QUANTITY_RANGE = `Adet 1 ile ${MAX_LINE_QUANTITY} arasında bir tam sayı olmalı`;

/** 1..999, whole; `"3"` from a form is 3, `"abc"`, `1.5`, `0`, `-1` and `1000` are refused. */
export const quantitySchema = z.preprocess(
  (v: unknown) => (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: QUANTITY_RANGE })
    .int(QUANTITY_RANGE)
    .min(1, QUANTITY_RANGE)
    .max(MAX_LINE_QUANTITY, QUANTITY_RANGE),
);

/** Most text fields a personalization may carry, and the longest text (the product sets tighter bounds). */
const MAX_PERSONALIZATION_FIELDS = 20;
const MAX_PERSONALIZATION_TEXT = 500;

export const personalizationSchema = z.object({
  fields: z
    .record(
      lineText().max(40, 'Geçersiz kişiselleştirme alanı'),
      multilineText({ error: 'Kişiselleştirme metni yazı olmalı' }).max(
        MAX_PERSONALIZATION_TEXT,
        `Metin en fazla ${MAX_PERSONALIZATION_TEXT} karakter olabilir`,
      ),
    )
    .default({})
    .refine(
      (f) => Object.keys(f).length <= MAX_PERSONALIZATION_FIELDS,
      'Çok fazla kişiselleştirme alanı gönderildi',
    ),
  image: lineText({ error: 'Geçersiz görsel' })
    .max(200, 'Geçersiz görsel')
    .nullish()
    .transform((v) => v || undefined),
});

export const addToCartInput = z.object({
  productId: id('Geçersiz ürün'),
  variantId: id('Geçersiz seçenek').nullish(),
  quantity: quantitySchema,
  personalization: personalizationSchema.nullish(),
});
export type AddToCartData = z.output<typeof addToCartInput>;

export const updateQuantityInput = z.object({ quantity: quantitySchema });

/** A cart line id as the URL carries it; anything else is "not found", never a database error. */
export const lineIdSchema = id('Sepet satırı bulunamadı');

export const couponInput = z.object({
  code: lineText({ error: 'Kupon kodunu girin' })
    .trim()
    .min(1, 'Kupon kodunu girin')
    .max(40, 'Kupon kodu en fazla 40 karakter olabilir'),
});

const PAYMENT_METHODS = ['card', 'transfer', 'cod'] as const satisfies readonly PaymentMethod[];
const paymentMethod = z.enum(PAYMENT_METHODS, {
  error: 'Ödeme yöntemini seçin (kart, havale / EFT ya da kapıda ödeme)',
});
const INSTALMENTS = `Taksit sayısı şunlardan biri olmalı: ${INSTALMENT_CHOICES.join(', ')}`;
const instalments = z.preprocess(
  (v: unknown) => (typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : v),
  z
    .number({ error: INSTALMENTS })
    .refine((n) => (INSTALMENT_CHOICES as readonly number[]).includes(n), INSTALMENTS)
    .optional(),
);

export const checkoutQuoteInput = z.object({ paymentMethod, instalments });
export type CheckoutQuoteData = z.output<typeof checkoutQuoteInput>;

/**
 * An address typed at checkout: the address book's rules exactly (`addressInput`: district of the province,
 * postcode, T.C. kimlik no / VKN checksums), without its title and default flags.
 */
export const checkoutAddressInput = z.preprocess(
  (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, title: 'Sipariş' } : v),
  addressInput.transform(({ title: _t, isDefaultShipping: _s, isDefaultBilling: _b, ...address }) => address),
);
export type CheckoutAddressData = z.output<typeof checkoutAddressInput>;

const checkbox = z.preprocess(
  (v: unknown) => (v === 'on' || v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'Evet ya da hayır olmalı' }).default(false),
);

/**
 * The checkout form. Which of the address fields are required depends on who buys (a guest types both, a
 * customer may name saved ones); the checkout service checks that with field messages of its own.
 */
export const checkoutInput = z.object({
  email: loginInput.shape.email.optional(),
  phone: profileInput.shape.phone.optional(),
  shippingAddress: checkoutAddressInput.optional(),
  shippingAddressId: id('Adres bulunamadı').optional(),
  billingSameAsShipping: checkbox,
  billingAddress: checkoutAddressInput.optional(),
  billingAddressId: id('Adres bulunamadı').optional(),
  paymentMethod,
  instalments,
  acceptTerms: z.preprocess(
    (v: unknown) => v === true || v === 'on' || v === 'true' || v === '1',
    z.literal(true, {
      error: 'Ön bilgilendirme formunu ve mesafeli satış sözleşmesini onaylamanız gerekiyor',
    }),
  ),
  note: multilineText({ error: 'Sipariş notu yazı olmalı' })
    .trim()
    .max(500, 'Sipariş notu en fazla 500 karakter olabilir')
    .optional()
    .transform((v) => v ?? ''),
  createAccountPassword: z
    .string({ error: 'Şifre yazı olmalı' })
    .min(PASSWORD_MIN_LENGTH, `Şifre en az ${PASSWORD_MIN_LENGTH} karakter olmalı`)
    .max(PASSWORD_MAX_LENGTH, `Şifre en fazla ${PASSWORD_MAX_LENGTH} karakter olabilir`)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type CheckoutData = z.output<typeof checkoutInput>;

/** `Idempotency-Key`: printable ASCII, 1..100 characters (a UUID fits). */
export const idempotencyKeySchema = z
  .string({ error: 'Idempotency-Key başlığı gerekli' })
  .trim()
  .min(1, 'Idempotency-Key başlığı gerekli')
  .max(100, 'Idempotency-Key en fazla 100 karakter olabilir')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key yalnızca harf, rakam ve işaretlerden oluşmalı');
