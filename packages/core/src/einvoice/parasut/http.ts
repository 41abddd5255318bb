import type { DomainError } from '../../errors.ts';
import { type EInvoiceErrorCode, einvoiceError } from '../einvoice.ts';
import type { ParasutErrors, ParasutToken } from './models.ts';

/** Paraşüt's production API. */
export const PARASUT_BASE_URL = 'https://api.parasut.com';

/** When a 429 names no Retry-After: try again after this long. */
const DEFAULT_RETRY_AFTER_MS = 10_000;
/** A token is renewed this long before it ends. */
const TOKEN_MARGIN_MS = 60_000;

export interface ParasutHttpOptions {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  companyId: string;
  baseUrl?: string;
  /** Node's global fetch unless given. */
  fetch?: typeof fetch;
  /** One call's limit, ms (30 s). */
  timeoutMs?: number;
  /** A 429 whose Retry-After is at most this long is waited out here (10 s); a longer one is the job's. */
  maxRetryWaitMs?: number;
  /** How many 429s in a row are waited out before FATURA_YOGUN (3). */
  maxRetries?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

type Query = Record<string, string | number | undefined>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Paraşüt's API as the adapter calls it: an OAuth2 token from the password grant, renewed with the refresh
 * token a minute before it ends (and by a new password grant when the refresh is refused); JSON:API in and
 * out under `/v4/{company_id}`. A 401 gets one new token and one more try, then FATURA_YETKI_YOK. A 429 is
 * waited out here when Retry-After is short, a few times; otherwise FATURA_YOGUN with `retryAt`. A timeout,
 * a dropped connection or a 5xx is FATURA_ULASILAMIYOR (retryable: nothing is repeated here, the job decides);
 * 404 FATURA_BULUNAMADI; 422 and other refusals FATURA_REDDEDILDI carrying Paraşüt's own `detail`s.
 */
export interface ParasutHttp {
  call<T>(method: Method, path: string, options?: { query?: Query; body?: unknown }): Promise<T>;
  /** The token in use (a new one when none or about to end). */
  token(): Promise<string>;
}

const UNREACHABLE =
  "Paraşüt'e şu an ulaşılamıyor; fatura işlemi kaldığı adımdan biraz sonra yeniden denenecek.";
const TOO_SLOW =
  'Paraşüt zamanında yanıt vermedi; işlem kaldığı adımdan yeniden denenecek (aynı fatura ikinci kez kesilmez).';
const NO_ACCESS =
  'Paraşüt kullanıcı bilgilerini kabul etmedi; PARASUT_CLIENT_ID, PARASUT_CLIENT_SECRET, PARASUT_USERNAME, PARASUT_PASSWORD ve PARASUT_COMPANY_ID değerlerini denetleyin.';

/** Seconds or an HTTP date, as Retry-After comes; the default when missing or unreadable. */
export function retryAtOf(header: string | null, now: number): Date {
  const text = header?.trim() ?? '';
  if (/^\d+$/.test(text)) return new Date(now + Number(text) * 1000);
  const at = text ? Date.parse(text) : Number.NaN;
  return new Date(Number.isNaN(at) ? now + DEFAULT_RETRY_AFTER_MS : Math.max(at, now));
}

/** Paraşüt's own words of a refusal: each error's detail (or title), joined. */
export function parasutWords(body: ParasutErrors | null, fallback: string): string {
  const words = (body?.errors ?? []).map((e) => (e.detail ?? e.title ?? '').trim()).filter(Boolean);
  if (words.length) return [...new Set(words)].join('; ');
  return body?.error_description?.trim() || body?.error?.trim() || fallback;
}

function refusalOf(status: number, body: ParasutErrors | null): DomainError<EInvoiceErrorCode> {
  if (status === 401 || status === 403) return einvoiceError('FATURA_YETKI_YOK', NO_ACCESS);
  if (status === 404)
    return einvoiceError(
      'FATURA_BULUNAMADI',
      `Paraşüt'te böyle bir kayıt yok (${parasutWords(body, '404')}).`,
    );
  if (status >= 500 || status === 408) return einvoiceError('FATURA_ULASILAMIYOR', UNREACHABLE);
  return einvoiceError(
    'FATURA_REDDEDILDI',
    `Paraşüt kaydı kabul etmedi: ${parasutWords(body, `HTTP ${status}`)}`,
  );
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

export function parasutHttp(options: ParasutHttpOptions): ParasutHttp {
  const base = (options.baseUrl ?? PARASUT_BASE_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxWait = options.maxRetryWaitMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 3;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let held: { access: string; refresh: string; endsAt: number } | null = null;
  let pending: Promise<string> | null = null;

  /** One request and its parsed body (null when empty or not JSON), errors of the wire as ours. */
  async function exchange(url: string, init: RequestInit): Promise<{ res: Response; body: unknown }> {
    try {
      const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { res, body };
    } catch (err) {
      throw einvoiceError('FATURA_ULASILAMIYOR', isTimeout(err) ? TOO_SLOW : UNREACHABLE, { cause: err });
    }
  }

  /** `send` again while Paraşüt answers 429 with a short Retry-After; a long one becomes FATURA_YOGUN. */
  async function withBackoff(send: () => Promise<{ res: Response; body: unknown }>) {
    for (let attempt = 0; ; attempt++) {
      const answer = await send();
      if (answer.res.status !== 429) return answer;
      const retryAt = retryAtOf(answer.res.headers.get('retry-after'), now());
      const wait = retryAt.getTime() - now();
      if (attempt >= maxRetries || wait > maxWait) {
        const seconds = Math.max(1, Math.ceil(wait / 1000));
        throw einvoiceError(
          'FATURA_YOGUN',
          `Paraşüt şu an çok yoğun; ${seconds} saniye sonra yeniden denenecek.`,
          {
            retryAt,
          },
        );
      }
      await sleep(Math.max(0, wait));
    }
  }

  async function grant(
    params: Record<string, string>,
  ): Promise<ParasutToken | { refused: ParasutErrors | null; status: number }> {
    const body = new URLSearchParams({
      client_id: options.clientId,
      client_secret: options.clientSecret,
      redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
      ...params,
    });
    const { res, body: answer } = await withBackoff(() =>
      exchange(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: body.toString(),
      }),
    );
    if (res.status >= 500) throw einvoiceError('FATURA_ULASILAMIYOR', UNREACHABLE);
    const token = answer as ParasutToken | null;
    if (!res.ok || typeof token?.access_token !== 'string')
      return { refused: answer as ParasutErrors | null, status: res.status };
    return token;
  }

  async function newToken(): Promise<string> {
    let token: Awaited<ReturnType<typeof grant>> | null = null;
    if (held?.refresh) {
      token = await grant({ grant_type: 'refresh_token', refresh_token: held.refresh });
      if ('refused' in token) token = null;
    }
    token ??= await grant({ grant_type: 'password', username: options.username, password: options.password });
    if ('refused' in token) {
      held = null;
      if (token.status === 400 || token.status === 401 || token.status === 403)
        throw einvoiceError(
          'FATURA_YETKI_YOK',
          `${NO_ACCESS} (${parasutWords(token.refused, `HTTP ${token.status}`)})`,
        );
      throw refusalOf(token.status, token.refused);
    }
    held = {
      access: token.access_token,
      refresh: token.refresh_token,
      endsAt: now() + Number(token.expires_in ?? 7200) * 1000,
    };
    return held.access;
  }

  /** One token renewal at a time, whoever asks. */
  function renew(): Promise<string> {
    pending ??= newToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function token(): Promise<string> {
    if (held && now() < held.endsAt - TOKEN_MARGIN_MS) return held.access;
    return renew();
  }

  return {
    token,
    async call<T>(
      method: Method,
      path: string,
      { query, body }: { query?: Query; body?: unknown } = {},
    ): Promise<T> {
      const url = new URL(`${base}/v4/${encodeURIComponent(options.companyId)}${path}`);
      for (const [name, value] of Object.entries(query ?? {}))
        if (value !== undefined) url.searchParams.set(name, String(value));
      const send = async (access: string) =>
        withBackoff(() =>
          exchange(url.toString(), {
            method,
            headers: {
              authorization: `Bearer ${access}`,
              accept: 'application/json',
              ...(body === undefined ? {} : { 'content-type': 'application/vnd.api+json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );
      let access = await token();
      let answer = await send(access);
      if (answer.res.status === 401) {
        // The token ended early or was revoked: one new token, one more try.
        if (held?.access === access) held = { ...held, endsAt: 0 };
        access = await renew();
        answer = await send(access);
      }
      if (!answer.res.ok) throw refusalOf(answer.res.status, answer.body as ParasutErrors | null);
      return answer.body as T;
    },
  };
}
