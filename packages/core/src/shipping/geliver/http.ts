import type { DomainError } from '../../errors.ts';
import { type CarrierErrorCode, carrierError } from '../carrier.ts';
import type { GeliverEnvelope } from './models.ts';

/** Geliver's production API (the SDK's default base URL). */
export const GELIVER_BASE_URL = 'https://api.geliver.io/api/v1';

/** When a 429 names no Retry-After: try again after this long. */
const DEFAULT_RETRY_AFTER_MS = 30_000;

export interface GeliverHttpOptions {
  token: string;
  baseUrl?: string;
  /** Node's global fetch unless given (tests, a proxy). */
  fetch?: typeof fetch;
  /** One call's limit, ms (30 s, as the SDK). */
  timeoutMs?: number;
  now?: () => number;
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * Geliver's REST API as the adapter calls it: Bearer token, JSON in and out, the `{ result, data }` envelope
 * unwrapped. Nothing is repeated here: a failed call becomes the carrier error its answer means
 * (`KARGO_ULASILAMIYOR` for a timeout, a dropped connection or a 5xx; `KARGO_YOGUN` with Retry-After for a
 * 429; `KARGO_YETKI_YOK` for 401/403; `KARGO_GONDERI_YOK` for 404; `KARGO_REDDETTI` with Geliver's own words
 * for any other refusal, also one inside a 200 with `result: false`), and the shop's durable job decides when
 * to try again.
 */
export interface GeliverHttp {
  call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options?: { query?: Query; body?: unknown },
  ): Promise<GeliverEnvelope<T>>;
  /** A label's bytes from the URL Geliver gave (the token only to Geliver's own API host). */
  download(url: string): Promise<Buffer>;
}

const UNREACHABLE = "Geliver'a şu an ulaşılamıyor; gönderi değişmedi, biraz sonra yeniden deneyin.";
const TOO_SLOW =
  'Geliver zamanında yanıt vermedi; biraz sonra yeniden deneyin (aynı gönderi ikinci kez alınmaz).';

/** Seconds or an HTTP date, as Retry-After comes; the default when it is missing or unreadable. */
export function retryAtOf(header: string | null, now: number): Date {
  const text = header?.trim() ?? '';
  if (/^\d+$/.test(text)) return new Date(now + Number(text) * 1000);
  const at = text ? Date.parse(text) : Number.NaN;
  return new Date(Number.isNaN(at) ? now + DEFAULT_RETRY_AFTER_MS : Math.max(at, now));
}

/** Geliver's own words of a refusal: its message and, when it gives one, the additional message. */
function geliverWords(body: GeliverEnvelope<unknown> | null, fallback: string): string {
  const message = typeof body?.message === 'string' ? body.message.trim() : '';
  const more = typeof body?.additionalMessage === 'string' ? body.additionalMessage.trim() : '';
  const words = [message, more].filter(Boolean).join(' — ');
  return words || fallback;
}

function refusalOf(
  status: number,
  body: GeliverEnvelope<unknown> | null,
  retryAfter: string | null,
  now: number,
): DomainError<CarrierErrorCode> {
  if (status === 429) {
    const retryAt = retryAtOf(retryAfter, now);
    const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now) / 1000));
    return carrierError('KARGO_YOGUN', `Geliver şu an çok yoğun; ${seconds} saniye sonra yeniden deneyin.`, {
      retryAt,
    });
  }
  if (status === 401 || status === 403)
    return carrierError(
      'KARGO_YETKI_YOK',
      'Geliver API anahtarını kabul etmedi; GELIVER_API_TOKEN değerini denetleyin.',
    );
  if (status === 404)
    return carrierError(
      'KARGO_GONDERI_YOK',
      `Geliver'da böyle bir gönderi yok (${geliverWords(body, '404')}).`,
    );
  if (status >= 500) return carrierError('KARGO_ULASILAMIYOR', UNREACHABLE);
  return carrierError(
    'KARGO_REDDETTI',
    `Geliver isteği kabul etmedi: ${geliverWords(body, `HTTP ${status}`)}`,
  );
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

export function geliverHttp(options: GeliverHttpOptions): GeliverHttp {
  const base = (options.baseUrl ?? GELIVER_BASE_URL).replace(/\/+$/, '');
  const baseOrigin = new URL(base).origin;
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw carrierError('KARGO_ULASILAMIYOR', isTimeout(err) ? TOO_SLOW : UNREACHABLE, { cause: err });
    }
  }

  async function readText(res: Response): Promise<string> {
    try {
      return await res.text();
    } catch (err) {
      throw carrierError('KARGO_ULASILAMIYOR', isTimeout(err) ? TOO_SLOW : UNREACHABLE, { cause: err });
    }
  }

  return {
    async call<T>(
      method: 'GET' | 'POST' | 'DELETE',
      path: string,
      { query, body }: { query?: Query; body?: unknown } = {},
    ): Promise<GeliverEnvelope<T>> {
      const url = new URL(base + path);
      for (const [name, value] of Object.entries(query ?? {}))
        if (value !== undefined) url.searchParams.set(name, String(value));
      const headers: Record<string, string> = {
        authorization: `Bearer ${options.token}`,
        accept: 'application/json',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await send(url.toString(), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await readText(res);
      let parsed: GeliverEnvelope<T> | null = null;
      try {
        const value: unknown = text ? JSON.parse(text) : null;
        if (typeof value === 'object' && value !== null) parsed = value as GeliverEnvelope<T>;
      } catch {
        parsed = null;
      }
      if (!res.ok) throw refusalOf(res.status, parsed, res.headers.get('retry-after'), now());
      if (!parsed) throw carrierError('KARGO_ULASILAMIYOR', UNREACHABLE);
      if (parsed.result === false) throw refusalOf(400, parsed, null, now());
      return parsed;
    },

    async download(target: string): Promise<Buffer> {
      const url = new URL(target, `${base}/`);
      const headers: Record<string, string> =
        url.origin === baseOrigin ? { authorization: `Bearer ${options.token}` } : {};
      const res = await send(url.toString(), { method: 'GET', headers });
      if (!res.ok) {
        await readText(res);
        throw refusalOf(res.status, null, res.headers.get('retry-after'), now());
      }
      try {
        return Buffer.from(await res.arrayBuffer());
      } catch (err) {
        throw carrierError('KARGO_ULASILAMIYOR', isTimeout(err) ? TOO_SLOW : UNREACHABLE, { cause: err });
      }
    },
  };
}
