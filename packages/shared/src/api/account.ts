/**
 * Customer account forms and requests: register, login, password reset, the panel's information page and
 * the address book. Messages are what a shopper reads next to the field. Server-side and in forms that
 * validate on the client; it brings zod, so it is imported by path, not through the package index.
 *
 * Every schema is idempotent: parsing its own output again gives the same output (the service parses what
 * the HTTP layer already parsed).
 */
import { normalizeTurkishMobile } from '../address/phone.ts';
import { districtByName, provinceByCode } from '../address/turkey.ts';
import { isTcKimlikNo, isVergiNo } from '../address/turkish-ids.ts';
import { lineText, multilineText, z } from '../zod.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const MAX_ADDRESSES = 20;
export const BILLING_TYPES = ['individual', 'corporate'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/** Required text, trimmed; the same message for a missing and a blank value. */
const requiredText = (missing: string, max: number, tooLong: string) =>
  lineText({ error: missing }).trim().min(1, missing).max(max, tooLong);

/** Optional text: blank, null or absent becomes undefined, so "not given" has one spelling. */
const optionalText = (max: number, tooLong: string) =>
  lineText({ error: 'Geçersiz değer' })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : undefined));

type CheckboxValue = boolean | string | null | undefined;

/**
 * A checkbox as JSON (`true`/`false`) or as an HTML form sends it (`on`, or nothing when unticked).
 * Anything else is refused rather than guessed.
 */
const checkbox = (message: string) =>
  z
    .preprocess(
      (v: CheckboxValue) => {
        if (v === 'on' || v === 'true' || v === '1') return true;
        if (v === null || v === '' || v === 'false' || v === '0' || v === 'off') return false;
        return v;
      },
      z.boolean({ error: message }),
    )
    // An unticked box is absent from a form post.
    .default(false);

const email = z
  .string({ error: 'E-posta adresinizi girin' })
  .trim()
  .toLowerCase()
  .min(1, 'E-posta adresinizi girin')
  .max(254, 'E-posta adresi en fazla 254 karakter olabilir')
  .pipe(z.email({ error: 'Geçerli bir e-posta adresi girin' }));

const PHONE_FORMAT = 'Telefon numarası 05XX XXX XX XX biçiminde olmalı';

/** A Turkish mobile number in any common spelling, stored as E.164 (`+905321234567`). */
const mobile = z
  .string({ error: 'Cep telefonu numaranızı girin' })
  .trim()
  .min(1, 'Cep telefonu numaranızı girin')
  .max(30, PHONE_FORMAT)
  .transform((v, ctx) => {
    const e164 = normalizeTurkishMobile(v);
    if (e164 === null) {
      ctx.issues.push({ code: 'custom', message: PHONE_FORMAT, input: v });
      return z.NEVER;
    }
    return e164;
  });

/** A new password: not trimmed (spaces are characters like any other). */
const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .min(PASSWORD_MIN_LENGTH, `Şifre en az ${PASSWORD_MIN_LENGTH} karakter olmalı`)
    .max(PASSWORD_MAX_LENGTH, `Şifre en fazla ${PASSWORD_MAX_LENGTH} karakter olabilir`);

/** A password being checked, not chosen: no minimum, so an old short one still gets "wrong password". */
const currentPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .max(PASSWORD_MAX_LENGTH, `Şifre en fazla ${PASSWORD_MAX_LENGTH} karakter olabilir`);

const firstName = requiredText('Adınızı girin', 50, 'Ad en fazla 50 karakter olabilir');
const lastName = requiredText('Soyadınızı girin', 50, 'Soyad en fazla 50 karakter olabilir');

export const registerInput = z.object({
  firstName,
  lastName,
  email,
  phone: mobile,
  password: newPassword('Bir şifre belirleyin'),
  kvkk: z.preprocess(
    (v: CheckboxValue) => v === 'on' || v === 'true' || v === '1' || v === true,
    z.literal(true, { error: 'KVKK aydınlatma metnini onaylamanız gerekiyor' }),
  ),
  marketingConsent: checkbox('Ticari ileti izni evet ya da hayır olmalı'),
});
export type RegisterInput = z.input<typeof registerInput>;
export type RegisterData = z.output<typeof registerInput>;

export const loginInput = z.object({
  email,
  password: currentPassword('Şifrenizi girin'),
  rememberMe: checkbox('"Beni hatırla" evet ya da hayır olmalı'),
});
export type LoginInput = z.input<typeof loginInput>;
export type LoginData = z.output<typeof loginInput>;

export const forgotInput = z.object({ email });
export type ForgotInput = z.input<typeof forgotInput>;
export type ForgotData = z.output<typeof forgotInput>;

const INVALID_LINK = 'Şifre sıfırlama bağlantısı geçersiz; lütfen yeni bir bağlantı isteyin';

export const resetInput = z.object({
  token: z.string({ error: INVALID_LINK }).trim().min(1, INVALID_LINK).max(100, INVALID_LINK),
  password: newPassword('Yeni şifrenizi girin'),
});
export type ResetInput = z.input<typeof resetInput>;
export type ResetData = z.output<typeof resetInput>;

export const profileInput = z.object({ firstName, lastName, phone: mobile });
export type ProfileInput = z.input<typeof profileInput>;
export type ProfileData = z.output<typeof profileInput>;

export const emailChangeInput = z.object({
  email,
  password: currentPassword('E-posta adresinizi değiştirmek için şifrenizi girin'),
});
export type EmailChangeInput = z.input<typeof emailChangeInput>;
export type EmailChangeData = z.output<typeof emailChangeInput>;

export const passwordChangeInput = z
  .object({
    currentPassword: currentPassword('Mevcut şifrenizi girin'),
    newPassword: newPassword('Yeni şifrenizi girin'),
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'Yeni şifre mevcut şifrenizden farklı olmalı',
  });
export type PasswordChangeInput = z.input<typeof passwordChangeInput>;
export type PasswordChangeData = z.output<typeof passwordChangeInput>;

export const consentInput = z.object({
  marketingConsent: checkbox('Ticari ileti izni evet ya da hayır olmalı'),
});
export type ConsentInput = z.input<typeof consentInput>;
export type ConsentData = z.output<typeof consentInput>;

export const deleteAccountInput = z.object({
  password: currentPassword('Hesabınızı silmek için şifrenizi girin'),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;
export type DeleteAccountData = z.output<typeof deleteAccountInput>;

// ---------------------------------------------------------------------------------------------------------
// Address book

/** Digits only: people type ID numbers with spaces or dashes in groups. Checksums are checked below. */
const idNumber = (invalid: string) =>
  z
    .string({ error: invalid })
    .max(20, invalid)
    .nullish()
    .transform((v) => v?.replace(/[\s-]/g, '') || undefined);

const INVALID_TCKN = 'Geçerli bir T.C. kimlik numarası girin';
const INVALID_VKN = 'Geçerli bir vergi kimlik numarası (VKN) girin';

const addressFields = z.object({
  title: requiredText(
    'Adrese bir başlık verin (ör. Ev, İş)',
    40,
    'Adres başlığı en fazla 40 karakter olabilir',
  ),
  firstName,
  lastName,
  phone: mobile,
  provinceCode: z.preprocess(
    (v: number | string) => (typeof v === 'string' && /^\s*\d{1,2}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'İl seçin' })
      .int('İl seçin')
      .refine((code) => provinceByCode(code) !== undefined, 'İl seçin'),
  ),
  district: requiredText('İlçe seçin', 60, 'İlçe seçin'),
  line: multilineText({ error: 'Mahalle, sokak ve bina bilgilerini girin' })
    .trim()
    .min(5, 'Mahalle, sokak ve bina bilgilerini girin')
    .max(250, 'Adres en fazla 250 karakter olabilir'),
  postcode: optionalText(5, 'Posta kodu 5 haneli olmalı').refine(
    (v) => v === undefined || /^\d{5}$/.test(v),
    'Posta kodu 5 haneli olmalı',
  ),
  billingType: z.enum(BILLING_TYPES, { error: 'Fatura türünü seçin (bireysel ya da kurumsal)' }),
  tcKimlikNo: idNumber(INVALID_TCKN),
  companyName: optionalText(200, 'Firma adı en fazla 200 karakter olabilir'),
  taxNumber: idNumber(INVALID_VKN),
  taxOffice: optionalText(100, 'Vergi dairesi en fazla 100 karakter olabilir'),
  isDefaultShipping: checkbox('Varsayılan teslimat adresi evet ya da hayır olmalı'),
  isDefaultBilling: checkbox('Varsayılan fatura adresi evet ya da hayır olmalı'),
});

type AddressFields = z.output<typeof addressFields>;
type AddressField = keyof AddressFields;

/**
 * Runs a cross-field check as soon as the fields it reads are valid on their own, so the form shows every
 * problem at once instead of the cross-field ones only after the rest is fixed.
 */
const whenValid =
  (...fields: AddressField[]) =>
  (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    payload.issues.every((issue) => {
      const field = issue.path?.[0];
      // An issue without a path is about the whole body (not an object at all): nothing to cross-check.
      return field !== undefined && !fields.includes(field as AddressField);
    });

/**
 * An address of the address book. The district must be one of the province's (stored with its official
 * spelling); a postcode starts with the province's plate code, as every Turkish postcode does. Invoice
 * details follow the billing type: a T.C. kimlik no for an individual, company name, VKN and tax office for a
 * company; the other type's fields are dropped (null). The default flags make this address the default
 * (they never unset one: an address book with addresses always has both defaults).
 */
export const addressInput = addressFields
  .refine((a) => districtByName(a.provinceCode, a.district) !== undefined, {
    path: ['district'],
    message: 'Seçtiğiniz ilçe bu ile ait değil',
    when: whenValid('provinceCode', 'district'),
  })
  .refine((a) => a.postcode === undefined || Number(a.postcode.slice(0, 2)) === a.provinceCode, {
    path: ['postcode'],
    message: 'Posta kodu seçtiğiniz ilin koduyla başlamalı (ör. İstanbul için 34…)',
    when: whenValid('provinceCode', 'postcode'),
  })
  .refine(
    (a) => a.billingType !== 'individual' || (a.tcKimlikNo !== undefined && isTcKimlikNo(a.tcKimlikNo)),
    {
      path: ['tcKimlikNo'],
      message: INVALID_TCKN,
      when: whenValid('billingType', 'tcKimlikNo'),
    },
  )
  .refine((a) => a.billingType !== 'corporate' || a.companyName !== undefined, {
    path: ['companyName'],
    message: 'Firma adını girin',
    when: whenValid('billingType', 'companyName'),
  })
  .refine((a) => a.billingType !== 'corporate' || (a.taxNumber !== undefined && isVergiNo(a.taxNumber)), {
    path: ['taxNumber'],
    message: INVALID_VKN,
    when: whenValid('billingType', 'taxNumber'),
  })
  .refine((a) => a.billingType !== 'corporate' || a.taxOffice !== undefined, {
    path: ['taxOffice'],
    message: 'Vergi dairesini girin',
    when: whenValid('billingType', 'taxOffice'),
  })
  .transform((a) => {
    const individual = a.billingType === 'individual';
    return {
      title: a.title,
      firstName: a.firstName,
      lastName: a.lastName,
      phone: a.phone,
      provinceCode: a.provinceCode,
      district: districtByName(a.provinceCode, a.district)!,
      line: a.line,
      postcode: a.postcode ?? null,
      billingType: a.billingType,
      tcKimlikNo: individual ? a.tcKimlikNo! : null,
      companyName: individual ? null : a.companyName!,
      taxNumber: individual ? null : a.taxNumber!,
      taxOffice: individual ? null : a.taxOffice!,
      isDefaultShipping: a.isDefaultShipping,
      isDefaultBilling: a.isDefaultBilling,
    };
  });
export type AddressInput = z.input<typeof addressInput>;
export type AddressData = z.output<typeof addressInput>;

// ---------------------------------------------------------------------------------------------------------
// What the API answers

/** The customer as the shop shows them to themselves: no hash, no lock state, no consent times. */
export interface CustomerProfile {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164, `+905321234567`. */
  phone: string;
  wholesale: boolean;
  marketingConsent: boolean;
}

export interface Address {
  id: number;
  title: string;
  firstName: string;
  lastName: string;
  /** E.164, `+905321234567`. */
  phone: string;
  provinceCode: number;
  /** The province's name for that code, e.g. `İstanbul`. */
  province: string;
  district: string;
  line: string;
  postcode: string | null;
  billingType: BillingType;
  tcKimlikNo: string | null;
  companyName: string | null;
  taxNumber: string | null;
  taxOffice: string | null;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
}
