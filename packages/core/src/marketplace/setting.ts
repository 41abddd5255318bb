import { DomainError } from '../errors.ts';

/**
 * The Trendyol settings' checks (issue 43): `trendyol_sync` may be turned on only with the seller's keys in the
 * environment (they never come from the database or a page).
 */

/** The environment the marketplace's keys come from. */
export type MarketplaceEnv = Readonly<Record<string, string | undefined>>;

/** What `trendyol_sync = on` needs; `TRENDYOL_BASE_URL` is optional (production by default). */
export const TRENDYOL_REQUIRED_KEYS = [
  'TRENDYOL_SELLER_ID',
  'TRENDYOL_API_KEY',
  'TRENDYOL_API_SECRET',
] as const;

/** The required TRENDYOL_* variables that are not set. */
export function missingTrendyolKeys(env: MarketplaceEnv): string[] {
  return TRENDYOL_REQUIRED_KEYS.filter((k) => !env[k]?.trim());
}

/** Why `trendyol_sync` may not be `on` now (null: it may). */
export function trendyolSettingRefusal(env: MarketplaceEnv): DomainError | null {
  const missing = missingTrendyolKeys(env);
  if (!missing.length) return null;
  return new DomainError(
    409,
    'TRENDYOL_ACILAMAZ',
    `Trendyol eşitlemesi açılamadı: ${missing.join(', ')} ortam değişken${missing.length > 1 ? 'leri' : 'i'} eksik. Anahtarları Trendyol satıcı panelinin Entegrasyon Bilgileri sayfasından alıp ortama girin ve sunucuyu yeniden başlatın.`,
  );
}
