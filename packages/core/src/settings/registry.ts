import type { GlobalSetting } from '@vitrin/shared/api/home';
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
  contact_address: define({
    schema: optionalText(300),
    default: '',
    public: true,
    description: 'Adres',
  }),
  usd_rate: define({ schema: rate, default: '1', public: true, description: '1 USD kaç TL' }),
  eur_rate: define({ schema: rate, default: '1', public: true, description: '1 EUR kaç TL' }),
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
  maintenance_retry_after: define({
    schema: seconds,
    default: 3600,
    public: false,
    description: 'Bakımda Retry-After başlığı (saniye)',
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
