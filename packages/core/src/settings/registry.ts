import {
  EINVOICE_PROVIDER_NAMES,
  type EInvoiceProviderSetting,
  ibanChecksumHolds,
  SHIPPING_PROVIDER_NAMES,
  type ShippingProviderName,
  TRENDYOL_PRICE_RULES,
  TRENDYOL_SYNC_VALUES,
  tcknChecksumHolds,
} from '@vitrin/shared/api/admin/settings';
import type { GlobalSetting } from '@vitrin/shared/api/home';
import { PRICE_ROUNDINGS, type PriceRounding } from '@vitrin/shared/pricing';
import { z } from 'zod';

/**
 * Every global setting Vitrin knows. `public` settings are part of `global_setting` in the home response;
 * anything else (secrets, internal tuning) never leaves the server. Values are stored as text and parsed
 * by `schema` on the way in and out, so a bad value is refused before it is written.
 */
interface SettingDefinition<T, P extends boolean> {
  schema: z.ZodType<T, string>;
  default: T;
  public: P;
  description: string;
}

const text = (max: number) =>
  z.string().trim().min(1, 'Boş olamaz.').max(max, `En fazla ${max} karakter olabilir.`);
const optionalText = (max: number) => z.string().trim().max(max, `En fazla ${max} karakter olabilir.`);
const imagePath = z
  .string()
  .trim()
  .regex(/^[\w-]+(\/[\w.-]+)+$/, 'Görsel yolu "klasor/dosya.uzanti" biçiminde olmalıdır.')
  .refine((v) => !v.includes('..'), 'Görsel yolu ".." içeremez.');
const rate = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,4})?$/, 'Kur, nokta ile ayrılmış pozitif bir sayı olmalıdır (ör. 41.25).')
  .refine((v) => Number(v) > 0, 'Kur sıfırdan büyük olmalıdır.');
const flag = z
  .string()
  .trim()
  .regex(/^[01]$/, 'Değer 0 ya da 1 olmalıdır.')
  .transform(Number)
  .pipe(z.union([z.literal(0), z.literal(1)]));
const seconds = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, 'Saniye cinsinden bir tam sayı olmalıdır.')
  .transform(Number)
  .pipe(z.number().int().min(60, 'En az 60 saniye olmalıdır.'));

const minorUnits = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, 'Kuruş cinsinden bir tam sayı olmalıdır (ör. 4990 = 49,90 TL).')
  .transform(Number);
const minutes = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, 'Dakika cinsinden bir tam sayı olmalıdır.')
  .transform(Number)
  .pipe(z.number().int().min(5, 'En az 5 dakika olmalıdır.'));

/** The Trendyol price rule's amount: a percent or lira, may be negative, at most two decimals. */
const priceAdjust = z
  .string()
  .trim()
  .regex(
    /^-?\d{1,5}(\.\d{1,2})?$/,
    'Nokta ile ayrılmış bir sayı olmalıdır, en çok iki ondalık (ör. 12.5, -5 ya da 9.90).',
  )
  .transform(Number)
  .pipe(
    z.number().min(-90, 'En az -90 olabilir (fiyat sıfıra inemez).').max(10000, 'En fazla 10000 olabilir.'),
  );

/** A bank account shown for Havale / EFT payments. */
export interface BankAccount {
  bank: string;
  holder: string;
  /** `TR` and 24 digits, without spaces. */
  iban: string;
}
const bankAccounts = z
  .string()
  .trim()
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Banka hesapları JSON biçiminde olmalıdır.' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.object({
          bank: z.string().trim().min(1, 'Banka adı boş olamaz.').max(80),
          holder: z.string().trim().min(1, 'Hesap sahibi boş olamaz.').max(120),
          iban: z
            .string()
            .regex(/^TR\d{24}$/, 'IBAN "TR" ve 24 rakamdan oluşmalıdır (boşluksuz).')
            .refine(ibanChecksumHolds, 'IBAN geçersiz: kontrol basamakları tutmuyor.'),
        }),
      )
      .max(10, 'En fazla 10 banka hesabı olabilir.'),
  );

/** The shop's sender address for carriers (il, ilçe, the street line, posta kodu); name and phone default to the shop's. */
export interface ShippingSender {
  city: string;
  district: string;
  address: string;
  postalCode: string;
  name?: string;
  phone?: string;
}
const shippingSender = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '' || v === 'null') return null;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Gönderici adresi JSON biçiminde olmalıdır.' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .object({
        city: z.string('İl metin olmalıdır.').trim().min(1, 'İl boş olamaz.').max(40),
        district: z.string('İlçe metin olmalıdır.').trim().min(1, 'İlçe boş olamaz.').max(60),
        address: z
          .string('Adres metin olmalıdır.')
          .trim()
          .min(5, 'Adres en az 5 karakter olmalıdır.')
          .max(300),
        postalCode: z
          .string('Posta kodu metin olmalıdır.')
          .trim()
          .regex(/^\d{5}$/, 'Posta kodu 5 rakam olmalıdır.'),
        name: z.string().trim().min(1).max(120).optional(),
        phone: z
          .string()
          .trim()
          .regex(/^[+\d\s()-]{10,20}$/, 'Telefon yalnızca rakam, boşluk, +, ( ) ve - içerebilir.')
          .optional(),
      })
      .nullable(),
  );

function define<T, const P extends boolean>(d: SettingDefinition<T, P>): SettingDefinition<T, P> {
  return d;
}

export const settingDefinitions = {
  is_online: define({
    schema: flag,
    default: 1 as 0 | 1,
    public: true,
    description: '1: mağaza açık, 0: bakım modu',
  }),
  unvan: define({
    schema: text(200),
    default: 'Vitrin',
    public: true,
    description: 'Ticari unvan',
  }),
  tax_id: define({
    schema: optionalText(11)
      .regex(/^(\d{10}|\d{11})?$/, 'VKN 10, TCKN 11 rakam olmalıdır.')
      .refine((v) => v.length !== 11 || tcknChecksumHolds(v), 'TCKN geçersiz: kontrol basamakları tutmuyor.'),
    default: '',
    public: false,
    description: 'Vergi kimlik no (VKN, 10 hane) ya da şahıs şirketinde T.C. kimlik no (11 hane); faturada',
  }),
  tax_office: define({
    schema: optionalText(80),
    default: '',
    public: false,
    description: 'Vergi dairesi; faturada',
  }),
  mersis_no: define({
    schema: optionalText(16).regex(/^(\d{16})?$/, 'MERSİS numarası 16 rakam olmalıdır.'),
    default: '',
    public: false,
    description: 'MERSİS numarası (16 hane)',
  }),
  brand_name: define({
    schema: text(80),
    default: 'Vitrin',
    public: true,
    description: 'Mağaza adı',
  }),
  logo: define({ schema: imagePath, default: 'site/logo.svg', public: true, description: 'Logo görseli' }),
  contact_phone: define({
    schema: optionalText(40),
    default: '',
    public: true,
    description: 'İletişim telefonu',
  }),
  contact_email: define({
    schema: z
      .string()
      .trim()
      .regex(/^\S+@\S+\.\S+$/, 'Geçerli bir e-posta adresi girin.'),
    default: 'info@example.com',
    public: true,
    description: 'İletişim e-postası',
  }),
  order_email: define({
    schema: z
      .string()
      .trim()
      .regex(/^(\S+@\S+\.\S+)?$/, 'Geçerli bir e-posta adresi girin (boş: iletişim e-postası).'),
    default: '',
    public: false,
    description: 'Yeni sipariş bildirimlerinin gittiği e-posta (boş: contact_email)',
  }),
  contact_address: define({
    schema: optionalText(300),
    default: '',
    public: true,
    description: 'Adres',
  }),
  usd_rate: define({ schema: rate, default: '1', public: true, description: '1 USD kaç TL' }),
  eur_rate: define({ schema: rate, default: '1', public: true, description: '1 EUR kaç TL' }),
  price_rounding: define({
    schema: z.enum(PRICE_ROUNDINGS, 'Değer none, lira ya da 90 olmalıdır.'),
    default: 'none' as PriceRounding,
    public: false,
    description: 'USD/EUR fiyatların TL karşılığı: none (kuruşuyla), lira (tam lira), 90 (,90 ile biten)',
  }),
  hero_title: define({
    schema: optionalText(120),
    default: '',
    public: true,
    description: 'Anasayfa başlığı',
  }),
  hero_text: define({
    schema: optionalText(300),
    default: '',
    public: true,
    description: 'Anasayfa alt başlığı',
  }),
  hero_image: define({
    schema: imagePath.or(z.literal('')),
    default: '',
    public: true,
    description: 'Anasayfa görseli (boş: görselsiz)',
  }),
  footer_text: define({
    schema: optionalText(300),
    default: '',
    public: true,
    description: 'Alt bilgi metni',
  }),
  maintenance_image: define({
    schema: imagePath,
    default: 'site/maintenance.svg',
    public: true,
    description: 'Bakım ekranı görseli',
  }),
  maintenance_text: define({
    schema: text(500),
    default:
      'Atölyemiz şu anda arka planda çalışıyor: mağazamızı sizin için yeniliyoruz. Kısa süre sonra yeniden buradayız.',
    public: true,
    description: 'Bakım ekranında ziyaretçilere gösterilen metin',
  }),
  maintenance_retry_after: define({
    schema: seconds,
    default: 3600,
    public: false,
    description: 'Bakımda Retry-After başlığı (saniye)',
  }),
  shipping_fee: define({
    schema: minorUnits,
    default: 4990,
    public: false,
    description: 'Kargo ücreti (kuruş, KDV dahil)',
  }),
  free_shipping_threshold: define({
    schema: minorUnits,
    default: 75000,
    public: false,
    description: 'Bu tutar ve üzerindeki sepetlerde kargo ücretsiz (kuruş; 0: hiç ücretsiz değil)',
  }),
  cod_fee: define({
    schema: minorUnits,
    default: 2990,
    public: false,
    description: 'Kapıda ödeme hizmet bedeli (kuruş, KDV dahil)',
  }),
  bank_accounts: define({
    schema: bankAccounts,
    default: [
      { bank: 'Türkiye İş Bankası', holder: 'Vitrin Atölye Ltd. Şti.', iban: 'TR330006100519786457841326' },
    ] as BankAccount[],
    public: false,
    description: 'Havale / EFT için banka hesapları (JSON listesi: bank, holder, iban)',
  }),
  card_payment_minutes: define({
    schema: minutes,
    default: 30,
    public: false,
    description: 'Ödenmeyen kart siparişlerinin stoku bırakmadan önce beklediği süre (dakika)',
  }),
  payment_provider: define({
    schema: z.enum(['test', 'iyzico', 'paytr'], 'Değer test, iyzico ya da paytr olmalıdır.'),
    default: 'test' as 'test' | 'iyzico' | 'paytr',
    public: false,
    description:
      'Kart ödemelerini alan sağlayıcı: iyzico, paytr ya da test (yalnızca demo mağaza ve geliştirme); anahtarlar ortam değişkenlerinden okunur',
  }),
  shipping_provider: define({
    schema: z.enum(SHIPPING_PROVIDER_NAMES, 'Değer manual, geliver ya da yurtici olmalıdır.'),
    default: 'manual' as ShippingProviderName,
    public: false,
    description:
      'Kargo etiketlerinin alındığı yer: manual (firma ve takip numarası elle), geliver ya da yurtici; anahtarlar ortam değişkenlerinden okunur',
  }),
  einvoice_provider: define({
    schema: z.enum(EINVOICE_PROVIDER_NAMES, 'Değer none ya da parasut olmalıdır.'),
    default: 'none' as EInvoiceProviderSetting,
    public: false,
    description:
      'E-Arşiv / e-Fatura: none (kapalı) ya da parasut (Kargoya Verildi olan her siparişe fatura); açmak için unvan, tax_id, tax_office, contact_address ve PARASUT_* ortam değişkenleri gerekir',
  }),
  trendyol_sync: define({
    schema: z.enum(TRENDYOL_SYNC_VALUES, 'Değer off ya da on olmalıdır.'),
    default: 'off' as (typeof TRENDYOL_SYNC_VALUES)[number],
    public: false,
    description:
      'Trendyol eşitlemesi: off (kapalı) ya da on (her dakika stok ve fiyat gönderilir, siparişler alınır); açmak için TRENDYOL_SELLER_ID, TRENDYOL_API_KEY, TRENDYOL_API_SECRET ortam değişkenleri gerekir',
  }),
  trendyol_price_rule: define({
    schema: z.enum(TRENDYOL_PRICE_RULES, 'Değer none, percent ya da fixed olmalıdır.'),
    default: 'none' as (typeof TRENDYOL_PRICE_RULES)[number],
    public: false,
    description:
      'Trendyol satış fiyatı: none (mağazanın satış fiyatı), percent (yüzde ekle/çıkar) ya da fixed (TL ekle/çıkar); miktar trendyol_price_adjust',
  }),
  trendyol_price_adjust: define({
    schema: priceAdjust,
    default: 0,
    public: false,
    description:
      'Trendyol fiyat kuralının miktarı: percent için yüzde (ör. 12.5 ya da -5), fixed için TL (ör. 20 ya da -9.90)',
  }),
  shipping_sender: define({
    schema: shippingSender,
    default: null as ShippingSender | null,
    public: false,
    description:
      'Kargo gönderici adresi (JSON: city, district, address, postalCode; isteğe bağlı name, phone; boş: yok)',
  }),
  backup_time: define({
    schema: z
      .string()
      .trim()
      .regex(
        /^(([01]\d|2[0-3]):[0-5]\d)?$/,
        'Saat SS:DD biçiminde olmalıdır (ör. 03:30); boş: gece yedeği kapalı.',
      ),
    default: '03:30',
    public: false,
    description: 'Gece yedeğinin saati (Türkiye saati, SS:DD; boş: kapalı)',
  }),
  backup_keep: define({
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, 'Saklanacak yedek sayısı 1 ile 365 arasında bir tam sayı olmalıdır.')
      .transform(Number)
      .pipe(z.number().int().min(1, 'En az 1 yedek saklanır.').max(365, 'En fazla 365 yedek saklanır.')),
    default: 7,
    public: false,
    description: 'Saklanan gece yedeği sayısı (eskileri silinir)',
  }),
  abandoned_cart_minutes: define({
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, 'Dakika 0 ile 10080 arasında bir tam sayı olmalıdır (0: kapalı).')
      .transform(Number)
      .pipe(z.number().int().min(0).max(10080, 'En fazla 10080 dakika (7 gün) olabilir.')),
    default: 60,
    public: false,
    description:
      'Terk edilen sepet hatırlatması: sepet bu kadar dakika dokunulmadan kalınca ticari ileti izni veren müşteriye bir e-posta gider (0: kapalı)',
  }),
  review_request_days: define({
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, 'Gün 0 ile 29 arasında bir tam sayı olmalıdır (0: kapalı).')
      .transform(Number)
      .pipe(z.number().int().min(0).max(29, 'En fazla 29 gün olabilir.')),
    default: 3,
    public: false,
    description:
      'Değerlendirme isteği: teslimattan bu kadar gün sonra ticari ileti izni veren müşteriye ürünlerini değerlendirmesi için bir e-posta gider (0: kapalı)',
  }),
};

export type SettingKey = keyof typeof settingDefinitions;
export type Settings = { [K in SettingKey]: (typeof settingDefinitions)[K]['default'] };
type PublicKey = {
  [K in SettingKey]: (typeof settingDefinitions)[K]['public'] extends true ? K : never;
}[SettingKey];
export type PublicSettings = Pick<Settings, PublicKey>;

// The public settings are exactly the API's `global_setting`; this fails to compile when they drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _publicMatchesApi: Same<keyof PublicSettings, keyof GlobalSetting> = true;
void _publicMatchesApi;

export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(settingDefinitions, key);
}
