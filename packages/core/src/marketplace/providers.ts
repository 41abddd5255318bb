import type { MarketplaceChannel } from './channel.ts';
import { createTrendyolChannel, TRENDYOL_BASE_URL, type TrendyolOptions } from './trendyol/trendyol.ts';

/** The process environment a channel's keys come from (never the database, never a page). */
export type ChannelEnv = Readonly<Record<string, string | undefined>>;

export type ChannelName = MarketplaceChannel['name'];

/** The environment variables each channel reads (the panel may say which are set, never their values). */
export const CHANNEL_KEYS: Record<ChannelName, readonly string[]> = {
  trendyol: ['TRENDYOL_SELLER_ID', 'TRENDYOL_API_KEY', 'TRENDYOL_API_SECRET', 'TRENDYOL_BASE_URL'],
};

/** What the shop adds to an adapter's options beyond its keys (tests: short timeouts, a clock). */
export type ChannelTuning = Partial<Omit<TrendyolOptions, 'sellerId' | 'apiKey' | 'apiSecret' | 'baseUrl'>>;

const isHttpUrl = (url: string) => /^https?:\/\/[^/\s]+/.test(url);

/** The channel built from its environment variables, or why it cannot be (in Turkish). */
export function channelFromEnv(
  name: ChannelName,
  env: ChannelEnv,
  tuning: ChannelTuning = {},
): MarketplaceChannel | { missing: string } {
  const value = (key: string) => env[key]?.trim() ?? '';
  const absent = CHANNEL_KEYS[name].filter((k) => k !== 'TRENDYOL_BASE_URL' && !value(k));
  if (absent.length)
    return {
      missing: `Trendyol anahtarları eksik: ${absent.join(', ')} ortam değişken${absent.length > 1 ? 'lerini' : 'ini'} Trendyol satıcı panelindeki Entegrasyon Bilgileri'nden girip sunucuyu yeniden başlatın (önce test ortamı: TRENDYOL_BASE_URL=https://stageapigw.trendyol.com/integration).`,
    };
  if (!/^\d+$/.test(value('TRENDYOL_SELLER_ID')))
    return {
      missing: `TRENDYOL_SELLER_ID Trendyol satıcı numarası olmalıdır (yalnız rakam): "${value('TRENDYOL_SELLER_ID')}"`,
    };
  const baseUrl = value('TRENDYOL_BASE_URL') || TRENDYOL_BASE_URL;
  if (!isHttpUrl(baseUrl)) return { missing: `TRENDYOL_BASE_URL bir http(s) adresi olmalıdır: "${baseUrl}"` };
  return createTrendyolChannel({
    ...tuning,
    sellerId: value('TRENDYOL_SELLER_ID'),
    apiKey: value('TRENDYOL_API_KEY'),
    apiSecret: value('TRENDYOL_API_SECRET'),
    baseUrl,
  });
}
