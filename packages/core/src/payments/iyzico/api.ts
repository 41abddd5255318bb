import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * iyzico's HTTP API as documented (docs.iyzico.com; the official SDKs do the same): JSON bodies, the
 * `IYZWSv2` authorization header, and HMAC-SHA256 signatures on the answers and on the 3-D Secure callback.
 * The official `iyzipay` npm SDK is callback-based and built on the long-deprecated `request` package, so
 * the few calls Vitrin needs are made here with `fetch`, a timeout each, and a retry for reads only.
 */

export interface IyzicoKeys {
  apiKey: string;
  secretKey: string;
  /** `https://sandbox-api.iyzipay.com` or `https://api.iyzipay.com` (or a contract server in tests). */
  baseUrl: string;
}

/**
 * `Authorization: IYZWSv2 base64("apiKey:<key>&randomKey:<rnd>&signature:<hex>")`, the signature being
 * HMAC-SHA256(secretKey, rnd + uri path + JSON body) in hex.
 */
export function authorizationHeader(
  keys: Pick<IyzicoKeys, 'apiKey' | 'secretKey'>,
  path: string,
  body: string,
  random: string,
) {
  const signature = createHmac('sha256', keys.secretKey)
    .update(random + path + body)
    .digest('hex');
  const params = `apiKey:${keys.apiKey}&randomKey:${random}&signature:${signature}`;
  return `IYZWSv2 ${Buffer.from(params).toString('base64')}`;
}

/** iyzico's response signature: HMAC-SHA256(secretKey, the listed fields joined with `:`), hex. */
export function responseSignature(
  secretKey: string,
  fields: ReadonlyArray<string | number | null | undefined>,
) {
  return createHmac('sha256', secretKey)
    .update(fields.map((f) => (f === null || f === undefined ? '' : String(f))).join(':'))
    .digest('hex');
}

export function sameHex(a: unknown, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The 3-D Secure callback's fields in the documented signing order. */
export const callbackSignature = (
  secretKey: string,
  f: {
    conversationData?: string;
    conversationId?: string;
    mdStatus?: string;
    paymentId?: string;
    status?: string;
  },
) => responseSignature(secretKey, [f.conversationData, f.conversationId, f.mdStatus, f.paymentId, f.status]);

/** Prices as iyzico writes them: decimal lira, at least one decimal (`12.0`, `12.5`, `12.34`). */
export function price(minor: number): string {
  const lira = (minor / 100).toFixed(2).replace(/0+$/, '');
  return lira.endsWith('.') ? `${lira}0` : lira;
}

/** A price of an answer (number or text) back to minor units. */
export function minorOf(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) throw new Error('iyzico: not a price');
  return Math.round(n * 100);
}

/** Prices in signatures as iyzico signs them: trailing zeros dropped (`12.50` → `12.5`, `12.0` → `12`). */
export const signedPrice = (value: unknown) => String(Number(value));

/** A failure answer: `status: failure` with iyzico's code, group and message. */
export interface IyzicoFailure {
  status: 'failure';
  errorCode: string;
  errorMessage?: string;
  errorGroup?: string;
}

/** iyzico did not answer: an outage (not a refusal), which the provider's callers turn into their answers. */
const unavailable = (path: string, cause: unknown) =>
  new Error(`iyzico ${path}: no answer (${cause instanceof Error ? cause.message : String(cause)})`, {
    cause,
  });

export interface IyzicoClientOptions {
  keys: IyzicoKeys;
  /** Per call; the bank's side of a 3-D Secure auth can take a while. Default 20 s. */
  timeoutMs?: number;
  /** Extra attempts for reads (BIN, instalments, payment detail) after a timeout or a 5xx. Default 2. */
  readRetries?: number;
  fetch?: typeof fetch;
}

export function createIyzicoClient(options: IyzicoClientOptions) {
  const { keys } = options;
  const base = keys.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const doFetch = options.fetch ?? fetch;

  /** A POST with a JSON body, or (`body` null) a GET of a report, whose signed path includes the query. */
  async function once<T>(path: string, body: Record<string, unknown> | null): Promise<T> {
    const json = body === null ? '' : JSON.stringify(body);
    const random = `${Date.now()}${randomBytes(6).toString('hex')}`;
    const res = await doFetch(base + path, {
      method: body === null ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-iyzi-rnd': random,
        authorization: authorizationHeader(keys, path, json, random),
      },
      ...(body === null ? {} : { body: json }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  /**
   * One call. `idempotent` calls (reads) are asked again after a timeout or a server error; a payment,
   * refund or cancel is asked once: its outcome after a lost answer is found by reading, never by repeating.
   */
  async function call<T>(path: string, body: Record<string, unknown> | null, idempotent = false): Promise<T> {
    const attempts = idempotent ? 1 + (options.readRetries ?? 2) : 1;
    let last: unknown;
    for (let i = 0; i < attempts; i++) {
      try {
        return await once<T>(path, body);
      } catch (err) {
        last = err;
      }
    }
    throw unavailable(path, last);
  }

  return { call, keys };
}

export type IyzicoClient = ReturnType<typeof createIyzicoClient>;
