/**
 * The shop's settings in the panel (`/api/admin/settings`, owners: `settings.write`): what the panel shows
 * and changes, by the settings registry's keys, with the panel's field messages. E-mail fields answer
 * `Invalid email address` as the specification's dialog validators do. Brings zod: imported by path.
 */
import { EMAIL_PATTERN, VALIDATION_MESSAGES } from '../../email.ts';
import { lineText, multilineText, z } from '../../zod.ts';
import { parseLira } from './lira.ts';

export const BANK_ACCOUNTS_MAX = 10;

/** The nightly backup's time, SS:DD in Turkey; empty: none. */
const BACKUP_TIME = /^(([01]\d|2[0-3]):[0-5]\d)?$/;
const BACKUP_KEEP_MESSAGE = 'Saklanacak yedek sayısı 1 ile 365 arasında bir tam sayı olmalı';

/** A Turkish IBAN's check digits (ISO 13616, mod 97) are right. `iban` is `TR` and 24 digits. */
export function ibanChecksumHolds(iban: string): boolean {
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of moved) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/** A T.C. kimlik no's two check digits (the 10th and 11th) are right. */
export function tcknChecksumHolds(tckn: string): boolean {
  const d = [...tckn].map(Number);
  if (d.length !== 11 || d[0] === 0) return false;
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return d[9] === tenth && d[10] === eleventh;
}

const text = (label: string, max: number) =>
  lineText({ error: `${label} metin olmalı` })
    .trim()
    .max(max, `${label} en fazla ${max} karakter olabilir`);
const required = (label: string, max: number, empty: string) => text(label, max).min(1, empty);

const email = lineText({ error: VALIDATION_MESSAGES.invalidEmail })
  .trim()
  .regex(EMAIL_PATTERN, VALIDATION_MESSAGES.invalidEmail);

const IBAN_FORMAT = 'IBAN TR ile başlamalı ve ardından 24 rakam gelmeli';
export const bankAccountSchema = z.object({
  bank: required('Banka adı', 80, 'Banka adını girin'),
  holder: required('Hesap sahibi', 120, 'Hesap sahibini girin'),
  iban: z
    .string({ error: IBAN_FORMAT })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^TR\d{24}$/, IBAN_FORMAT)
        .refine(ibanChecksumHolds, 'IBAN geçersiz: kontrol basamakları tutmuyor, numarayı kontrol edin'),
    ),
});
export type BankAccountInput = z.input<typeof bankAccountSchema>;

const MONEY = 'Kuruş olarak 0 ya da daha büyük bir tam sayı girin (ör. 4990 = 49,90 TL)';
const kurus = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
  z.number({ error: MONEY }).int(MONEY).min(0, MONEY).max(999_999_999, MONEY),
);

const RATE = 'Kur sıfırdan büyük bir sayı olmalı, en çok 4 ondalık (ör. 41,25)';

/**
 * An exchange rate typed the Turkish way (`34,5678`; `34.5678` and `1.234,5` too) read as text, never through
 * a float, into what the registry keeps (`34.5678`), or the Turkish message saying what is wrong.
 */
export function parseRate(text: string): { rate: string } | { error: string } {
  const typed = text.trim().replace(/\s+/g, '');
  // A comma is the decimal point; dots before it (or more than one alone) group thousands.
  const grouped = typed.includes(',') || (typed.match(/\./g)?.length ?? 0) > 1;
  const plain = grouped ? typed.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.') : typed;
  const match = /^(\d{1,6})(?:\.(\d{1,4}))?$/.exec(plain);
  if (!match || !/[1-9]/.test(plain)) return { error: RATE };
  const [, whole = '', fraction] = match;
  return { rate: `${whole.replace(/^0+(?=\d)/, '')}${fraction ? `.${fraction}` : ''}` };
}

/** A stored rate as the panel shows and takes it: `34.5678` → `34,5678`. */
export const rateInput = (stored: string) => stored.replace('.', ',');

/** A rate as the registry keeps it (`41.25`), typed with a Turkish comma or a point. */
const rate = z.string({ error: RATE }).transform((typed, ctx) => {
  const read = parseRate(typed);
  if ('error' in read) {
    ctx.addIssue({ code: 'custom', message: read.error });
    return z.NEVER;
  }
  return read.rate;
});

/** The card payment providers the `payment_provider` setting names (`test`: the demo shop and development). */
export const PAYMENT_PROVIDER_NAMES = ['test', 'iyzico', 'paytr'] as const;

/** Where labels are bought (`shipping_provider`): `manual` is the carrier and tracking number typed by hand. */
export const SHIPPING_PROVIDER_NAMES = ['manual', 'geliver', 'yurtici'] as const;
export type ShippingProviderName = (typeof SHIPPING_PROVIDER_NAMES)[number];

/** Who issues the shop's e-Arşiv and e-Fatura (`einvoice_provider`): `none` is off. */
export const EINVOICE_PROVIDER_NAMES = ['none', 'parasut'] as const;
export type EInvoiceProviderSetting = (typeof EINVOICE_PROVIDER_NAMES)[number];

/** Trendyol (issue 43): `trendyol_sync` off or on, and the price rule of its sale price. */
export const TRENDYOL_SYNC_VALUES = ['off', 'on'] as const;
export const TRENDYOL_PRICE_RULES = ['none', 'percent', 'fixed'] as const;
const PRICE_ADJUST_MESSAGE =
  'Fiyat kuralının miktarı -90 ile 10000 arasında, en çok iki ondalıklı bir sayı olmalı';

const TAX_ID = 'VKN 10 rakam, TCKN 11 rakam olmalı';

/** The shop's sender address for carriers (`shipping_sender`): il, ilçe, the street line and posta kodu; null: none. */
export const shippingSenderSchema = z
  .object(
    {
      city: text('İl', 40).min(1, 'İli girin'),
      district: text('İlçe', 60).min(1, 'İlçeyi girin'),
      address: multilineText({ error: 'Adres metin olmalı' })
        .trim()
        .min(5, 'Adres en az 5 karakter olmalı')
        .max(300, 'Adres en fazla 300 karakter olabilir'),
      postalCode: z
        .string({ error: 'Posta kodu metin olmalı' })
        .trim()
        .regex(/^\d{5}$/, 'Posta kodu 5 rakam olmalı'),
      name: text('Gönderici adı', 120).min(1, 'Gönderici adını girin').optional(),
      phone: z
        .string({ error: 'Telefon metin olmalı' })
        .trim()
        .regex(
          /^[+\d\s()-]{10,20}$/,
          'Telefon 10-20 karakter; yalnızca rakam, boşluk, +, ( ) ve - içerebilir',
        )
        .optional(),
    },
    { error: 'Gönderici adresi il, ilçe, adres ve posta kodundan oluşmalı' },
  )
  .nullable();
export type ShippingSenderValue = z.output<typeof shippingSenderSchema>;

const ABANDONED_MESSAGE = 'Dakika 0 ile 10080 arasında bir tam sayı olmalı (0: kapalı)';
const REVIEW_DAYS_MESSAGE = 'Gün 0 ile 29 arasında bir tam sayı olmalı (0: kapalı)';
export const settingsFields = {
  // Mağaza
  unvan: required('Ticari unvan', 200, 'Ticari unvanı girin'),
  brand_name: required('Mağaza adı', 80, 'Mağaza adını girin'),
  tax_id: text('VKN / TCKN', 11)
    .regex(/^(\d{10}|\d{11})?$/, TAX_ID)
    .refine((v) => v.length !== 11 || tcknChecksumHolds(v), 'TCKN geçersiz: kontrol basamakları tutmuyor'),
  tax_office: text('Vergi dairesi', 80),
  mersis_no: text('MERSİS numarası', 16).regex(/^(\d{16})?$/, 'MERSİS numarası 16 rakam olmalı'),
  contact_address: multilineText({ error: 'Adres metin olmalı' })
    .trim()
    .max(300, 'Adres en fazla 300 karakter olabilir'),
  // İletişim
  contact_phone: text('Telefon', 40).regex(
    /^[+\d\s()-]*$/,
    'Telefon yalnızca rakam, boşluk, +, ( ) ve - içerebilir',
  ),
  contact_email: email,
  /** Blank: new orders' notices go to the contact e-mail. */
  order_email: z.union([z.literal(''), email], { error: VALIDATION_MESSAGES.invalidEmail }),
  // Banka hesapları
  bank_accounts: z
    .array(bankAccountSchema, { error: 'Banka hesapları bir liste olmalı' })
    .max(BANK_ACCOUNTS_MAX, `En fazla ${BANK_ACCOUNTS_MAX} banka hesabı olabilir`),
  // Kargo ve ödeme
  shipping_fee: kurus,
  free_shipping_threshold: kurus,
  cod_fee: kurus,
  // Döviz kurları
  usd_rate: rate,
  eur_rate: rate,
  // Bakım modu
  is_online: z.boolean({ error: 'Mağaza açık (true) ya da bakımda (false) olmalı' }),
  maintenance_text: multilineText({ error: 'Bakım metni metin olmalı' })
    .trim()
    .min(1, 'Bakım ekranının metnini girin')
    .max(500, 'Bakım metni en fazla 500 karakter olabilir'),
  // Kart ödemesi (the providers' keys come from environment variables, never from here)
  payment_provider: z.enum(PAYMENT_PROVIDER_NAMES, 'Değer test, iyzico ya da paytr olmalıdır.'),
  // Kargo entegrasyonu (the carriers' keys come from environment variables, never from here)
  shipping_provider: z.enum(SHIPPING_PROVIDER_NAMES, 'Değer manual, geliver ya da yurtici olmalıdır.'),
  shipping_sender: shippingSenderSchema,
  // E-Arşiv ve e-Fatura (Paraşüt's keys come from environment variables; turning it on needs the legal details)
  einvoice_provider: z.enum(EINVOICE_PROVIDER_NAMES, 'Değer none ya da parasut olmalıdır.'),
  // Trendyol (the seller's keys come from environment variables; turning it on needs them)
  trendyol_sync: z.enum(TRENDYOL_SYNC_VALUES, 'Değer off ya da on olmalıdır.'),
  trendyol_price_rule: z.enum(TRENDYOL_PRICE_RULES, 'Değer none, percent ya da fixed olmalıdır.'),
  trendyol_price_adjust: z
    .number({ error: PRICE_ADJUST_MESSAGE })
    .min(-90, PRICE_ADJUST_MESSAGE)
    .max(10000, PRICE_ADJUST_MESSAGE)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, PRICE_ADJUST_MESSAGE),
  // Gece yedeği (the embedded database only; a PostgreSQL shop's backups are its database server's job)
  backup_time: z
    .string({ error: 'Saat metin olmalı' })
    .trim()
    .regex(BACKUP_TIME, 'Saat SS:DD biçiminde olmalı (ör. 03:30); boş bırakılırsa gece yedeği alınmaz'),
  backup_keep: z
    .number({ error: BACKUP_KEEP_MESSAGE })
    .int(BACKUP_KEEP_MESSAGE)
    .min(1, BACKUP_KEEP_MESSAGE)
    .max(365, BACKUP_KEEP_MESSAGE),
  // Pazarlama e-postaları (only to customers with marketing consent)
  abandoned_cart_minutes: z
    .number({ error: ABANDONED_MESSAGE })
    .int(ABANDONED_MESSAGE)
    .min(0, ABANDONED_MESSAGE)
    .max(10080, ABANDONED_MESSAGE),
  review_request_days: z
    .number({ error: REVIEW_DAYS_MESSAGE })
    .int(REVIEW_DAYS_MESSAGE)
    .min(0, REVIEW_DAYS_MESSAGE)
    .max(29, REVIEW_DAYS_MESSAGE),
};
export type SettingsFieldKey = keyof typeof settingsFields;

/** The fees the API takes in kuruş and the panel's form in lira. */
export const LIRA_SETTINGS = ['shipping_fee', 'free_shipping_threshold', 'cod_fee'] as const;
/** The exchange rates, kept as `41.25` and shown and typed as `41,25`. */
export const RATE_SETTINGS = ['usd_rate', 'eur_rate'] as const;
const LIRA_MAX = 'Tutar en fazla 9.999.999,99 TL olabilir';
const liraFee = z.string().transform((typed, ctx) => {
  const read = parseLira(typed);
  const message = 'error' in read ? read.error : read.minor > 999_999_999 ? LIRA_MAX : null;
  if (message) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return (read as { minor: number }).minor;
});
/** The panel's settings form: the fees typed in lira (`49,90`) and sent as kuruş, the rest as the API's. */
export const settingsFormFields = {
  ...settingsFields,
  backup_keep: z.coerce
    .number({ error: BACKUP_KEEP_MESSAGE })
    .int(BACKUP_KEEP_MESSAGE)
    .min(1, BACKUP_KEEP_MESSAGE)
    .max(365, BACKUP_KEEP_MESSAGE),
  abandoned_cart_minutes: z.coerce
    .number({ error: ABANDONED_MESSAGE })
    .int(ABANDONED_MESSAGE)
    .min(0, ABANDONED_MESSAGE)
    .max(10080, ABANDONED_MESSAGE),
  review_request_days: z.coerce
    .number({ error: REVIEW_DAYS_MESSAGE })
    .int(REVIEW_DAYS_MESSAGE)
    .min(0, REVIEW_DAYS_MESSAGE)
    .max(29, REVIEW_DAYS_MESSAGE),
  /** Typed with a comma or a dot (`-2,5`); blank is no number (its message). */
  trendyol_price_adjust: z.preprocess(
    (v) =>
      typeof v === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(v) ? Number(v.trim().replace(',', '.')) : v,
    settingsFields.trendyol_price_adjust,
  ),
  shipping_fee: liraFee,
  free_shipping_threshold: liraFee,
  cod_fee: liraFee,
  /** Four blank fields: no sender address (null). */
  shipping_sender: z.preprocess(
    (v) =>
      v &&
      typeof v === 'object' &&
      ['city', 'district', 'address', 'postalCode'].every(
        (k) => !String((v as Record<string, unknown>)[k] ?? '').trim(),
      )
        ? null
        : v,
    shippingSenderSchema,
  ),
};
export const SETTINGS_FIELD_KEYS = Object.keys(settingsFields) as SettingsFieldKey[];

/** A save of one section: any of the fields, written together or not at all. */
export const settingsUpdateRequest = z
  .object(settingsFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Değiştirilecek bir ayar gönderin',
  });
export type SettingsUpdateRequest = z.input<typeof settingsUpdateRequest>;
export type SettingsUpdate = z.output<typeof settingsUpdateRequest>;

export const adminSettingsSchema = z.object({
  unvan: z.string(),
  brand_name: z.string(),
  tax_id: z.string(),
  tax_office: z.string(),
  mersis_no: z.string(),
  contact_address: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  order_email: z.string(),
  bank_accounts: z.array(z.object({ bank: z.string(), holder: z.string(), iban: z.string() })),
  shipping_fee: z.number().int().describe('kuruş'),
  free_shipping_threshold: z.number().int().describe('kuruş; 0: never free'),
  cod_fee: z.number().int().describe('kuruş'),
  usd_rate: z.string(),
  eur_rate: z.string(),
  is_online: z.boolean(),
  maintenance_text: z.string().describe('What the maintenance screen says to visitors'),
  payment_provider: z.enum(PAYMENT_PROVIDER_NAMES),
  shipping_provider: z.enum(SHIPPING_PROVIDER_NAMES),
  einvoice_provider: z.enum(EINVOICE_PROVIDER_NAMES),
  trendyol_sync: z.enum(TRENDYOL_SYNC_VALUES),
  trendyol_price_rule: z.enum(TRENDYOL_PRICE_RULES),
  trendyol_price_adjust: z
    .number()
    .describe('Percent (percent) or lira (fixed) added to the sale price; may be negative'),
  shipping_sender: z
    .object({
      city: z.string(),
      district: z.string(),
      address: z.string(),
      postalCode: z.string(),
      name: z.string().optional(),
      phone: z.string().optional(),
    })
    .nullable()
    .describe("The carriers' sender address; null: none yet"),
  backup_time: z.string().describe('HH:MM Turkey time; empty: no nightly backup'),
  backup_keep: z.number().int().describe('Nightly backups kept'),
  abandoned_cart_minutes: z
    .number()
    .int()
    .describe('Minutes a cart waits untouched before its one reminder e-mail; 0: off'),
  review_request_days: z
    .number()
    .int()
    .describe('Days after delivery before the one review request e-mail; 0: off'),
});
export type AdminSettings = z.output<typeof adminSettingsSchema>;

export const settingsAnswer = z.object({
  settings: adminSettingsSchema,
  maintenance: z.object({
    bypassKeySet: z
      .boolean()
      .describe('Whether MAINTENANCE_BYPASS_KEY is set on the server (its value never leaves it)'),
  }),
});
export type SettingsAnswer = z.output<typeof settingsAnswer>;
