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

/** The Trendyol keys as the environment gives them (trimmed; the production gateway unless another is set). */
function trendyolKeys(env: ChannelEnv) {
  const read = (key: string) => env[key]?.trim() ?? '';
  return {
    sellerId: read('TRENDYOL_SELLER_ID'),
    apiKey: read('TRENDYOL_API_KEY'),
    apiSecret: read('TRENDYOL_API_SECRET'),
    baseUrl: read('TRENDYOL_BASE_URL') || TRENDYOL_BASE_URL,
  };
}

/** What is wrong with the keys, in Turkish (the variables to set, never a value of a secret); null when nothing. */
function trendyolKeysProblem(keys: ReturnType<typeof trendyolKeys>): string | null {
  const absent = (
    [
      ['TRENDYOL_SELLER_ID', keys.sellerId],
      ['TRENDYOL_API_KEY', keys.apiKey],
      ['TRENDYOL_API_SECRET', keys.apiSecret],
    ] as const
  )
    .filter(([, given]) => !given)
    .map(([name]) => name);
  if (absent.length > 0) {
    const variables = absent.length > 1 ? 'ortam değişkenlerini' : 'ortam değişkenini';
    return `Trendyol anahtarları eksik: ${absent.join(', ')} ${variables} Trendyol satıcı panelindeki Entegrasyon Bilgileri'nden girip sunucuyu yeniden başlatın (önce test ortamı: TRENDYOL_BASE_URL=https://stageapigw.trendyol.com/integration).`;
  }
  if (!/^\d+$/.test(keys.sellerId))
    return `TRENDYOL_SELLER_ID Trendyol satıcı numarası olmalıdır (yalnız rakam): "${keys.sellerId}"`;
  if (!isHttpUrl(keys.baseUrl)) return `TRENDYOL_BASE_URL bir http(s) adresi olmalıdır: "${keys.baseUrl}"`;
  return null;
}

/** The channel built from its environment variables, or why it cannot be (in Turkish). */
export function channelFromEnv(
  _name: ChannelName,
  env: ChannelEnv,
  tuning: ChannelTuning = {},
): MarketplaceChannel | { missing: string } {
  const keys = trendyolKeys(env);
  const problem = trendyolKeysProblem(keys);
  if (problem) return { missing: problem };
  return createTrendyolChannel({ ...tuning, ...keys });
}
