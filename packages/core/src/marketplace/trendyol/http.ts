import { ChannelError, type ChannelErrorCode } from '../channel.ts';
import type { TrendyolErrors } from './models.ts';

/** Trendyol's production gateway (stage: `https://stageapigw.trendyol.com/integration`). */
export const TRENDYOL_BASE_URL = 'https://apigw.trendyol.com/integration';

/** When a 429 names no Retry-After: a minute (Trendyol's limits are per minute). */
const DEFAULT_RETRY_AFTER_MS = 60_000;

export interface TrendyolHttpOptions {
  sellerId: string;
  apiKey: string;
  apiSecret: string;
  baseUrl?: string;
  /**
   * The integrator named in the User-Agent (`{sellerId} - {integrator}`, alphanumeric, at most 30): the shop's
   * own integration, `SelfIntegration`, unless a partner firm runs it.
   */
  integrator?: string;
  /** Node's global fetch unless given. */
  fetch?: typeof fetch;
  /** One call's limit, ms (30 s). */
  timeoutMs?: number;
  now?: () => number;
}

type Query = Record<string, string | number | boolean | undefined>;
export type TrendyolMethod = 'GET' | 'POST' | 'PUT';

/**
 * Trendyol's partner API as the adapter calls it: HTTP Basic with the API key and secret, the mandatory
 * `User-Agent: {sellerId} - SelfIntegration`, JSON in and out. Nothing is repeated here: a failed call becomes
 * the `ChannelError` its answer means (see `ChannelErrorCode`), and the shop's round decides when to try again.
 * The keys are never in a message.
 */
export interface TrendyolHttp {
  readonly sellerId: string;
  call<T>(method: TrendyolMethod, path: string, options?: { query?: Query; body?: unknown }): Promise<T>;
}

const UNREACHABLE =
  "Trendyol'a şu an ulaşılamıyor; değişiklikler kaybolmadı, Trendyol yanıt verince gönderilecek.";
const TOO_SLOW = 'Trendyol zamanında yanıt vermedi; istek bir sonraki turda yeniden denenecek.';
const BAD_KEYS =
  "Trendyol API bilgilerini kabul etmedi (401): TRENDYOL_SELLER_ID, TRENDYOL_API_KEY ve TRENDYOL_API_SECRET değerlerini Trendyol satıcı panelinde Hesap Bilgilerim › Entegrasyon Bilgileri'nden denetleyip sunucuyu yeniden başlatın (canlı ve test ortamının anahtarları ayrıdır).";
const FORBIDDEN =
  'Trendyol isteği geri çevirdi (403): satıcı numarası (TRENDYOL_SELLER_ID) anahtarlarla uyuşmuyor ya da bu ortama erişim izni yok (test ortamı IP izni ister); değerleri ve TRENDYOL_BASE_URL adresini denetleyin.';

/** Trendyol's answer to the same price-and-inventory body within 15 minutes. */
const DUPLICATE = /15\s*dakika|aynı isteği tekrar|same request/i;

/** Seconds or an HTTP date, as Retry-After comes; a minute when it is missing or unreadable. */
export function trendyolRetryAt(header: string | null, now: number): Date {
  const text = header?.trim() ?? '';
  const seconds = /^\d+$/.test(text) ? Number(text) : null;
  if (seconds !== null) return new Date(now + seconds * 1000);
  const date = Date.parse(text);
  if (!text || Number.isNaN(date)) return new Date(now + DEFAULT_RETRY_AFTER_MS);
  return new Date(Math.max(date, now));
}

/** Trendyol's own words of a refusal: each error's message (or key), joined. */
export function trendyolWords(body: TrendyolErrors | null, fallback: string): string {
  const words = (body?.errors ?? [])
    .map((e) => (e.message ?? e.key ?? '').trim())
    .filter((w) => w.length > 0);
  if (words.length > 0) return [...new Set(words)].join('; ');
  return body?.message?.trim() || fallback;
}

const fail = (code: ChannelErrorCode, message: string, status?: number, retryAt?: Date) =>
  new ChannelError(message, code === 'KANAL_ULASILAMIYOR' || code === 'KANAL_YOGUN', status, retryAt, code);

export function refusalOf(
  status: number,
  body: TrendyolErrors | null,
  retryAfter: string | null,
  now: number,
): ChannelError {
  if (status === 429) {
    const retryAt = trendyolRetryAt(retryAfter, now);
    const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now) / 1000));
    return fail(
      'KANAL_YOGUN',
      `Trendyol istek sınırına ulaşıldı; ${seconds} saniye sonra yeniden denenecek.`,
      status,
      retryAt,
    );
  }
  if (status === 401) return fail('KANAL_YETKI_YOK', BAD_KEYS, status);
  if (status === 403) return fail('KANAL_YETKI_YOK', FORBIDDEN, status);
  if (status >= 500 || status === 408) return fail('KANAL_ULASILAMIYOR', UNREACHABLE, status);
  const words = trendyolWords(body, `HTTP ${status}`);
  if (status === 404) return fail('KANAL_BULUNAMADI', `Trendyol'da böyle bir kayıt yok (${words}).`, status);
  if (DUPLICATE.test(words))
    return fail(
      'KANAL_AYNI_ISTEK',
      `Trendyol aynı stok ve fiyat isteğini 15 dakika içinde ikinci kez almıyor; bu değerler Trendyol'da zaten var (${words}).`,
      status,
    );
  return fail('KANAL_REDDETTI', `Trendyol isteği kabul etmedi: ${words}`, status);
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

export function trendyolHttp(options: TrendyolHttpOptions): TrendyolHttp {
  const base = (options.baseUrl ?? TRENDYOL_BASE_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString('base64')}`;
  // Trendyol takes the integrator's name alphanumeric, at most 30 characters (and a header is Latin-1 only).
  const integrator =
    (options.integrator ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 30) || 'SelfIntegration';
  const userAgent = `${options.sellerId} - ${integrator}`;

  async function exchange(url: string, init: RequestInit): Promise<{ res: Response; text: string }> {
    try {
      const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      return { res, text: await res.text() };
    } catch (err) {
      throw fail('KANAL_ULASILAMIYOR', isTimeout(err) ? TOO_SLOW : UNREACHABLE);
    }
  }

  return {
    sellerId: options.sellerId,
    async call<T>(
      method: TrendyolMethod,
      path: string,
      { query, body }: { query?: Query; body?: unknown } = {},
    ): Promise<T> {
      const url = new URL(base + path);
      for (const [name, value] of Object.entries(query ?? {}))
        if (value !== undefined) url.searchParams.set(name, String(value));
      const headers: Record<string, string> = {
        authorization,
        'user-agent': userAgent,
        accept: 'application/json',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const { res, text } = await exchange(url.toString(), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      if (!res.ok) {
        const errors = typeof parsed === 'object' ? (parsed as TrendyolErrors | null) : null;
        throw refusalOf(res.status, errors, res.headers.get('retry-after'), now());
      }
      // A 2xx whose body is not JSON (an HTML page of a proxy): not Trendyol's answer.
      if (text && parsed === null) throw fail('KANAL_ULASILAMIYOR', UNREACHABLE, res.status);
      return parsed as T;
    },
  };
}
