/**
 * PayTR's API: form-encoded POSTs answered with JSON. A call that times out, cannot connect or gets a 5xx is
 * asked once more only when `retry` says the call is safe to repeat (a token, the rates, a BIN lookup);
 * a refund is never repeated here.
 */
export interface PaytrHttp {
  post(
    path: string,
    fields: Record<string, string>,
    options?: { retry?: boolean; timeoutMs?: number },
  ): Promise<Record<string, unknown>>;
}

export function paytrHttp(baseUrl: string, timeoutMs = 20_000): PaytrHttp {
  const base = baseUrl.replace(/\/+$/, '');

  async function once(path: string, fields: Record<string, string>, timeout: number) {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(timeout),
    });
    if (res.status >= 500) throw new Error(`PayTR answered ${res.status}`);
    const body: unknown = await res.json().catch(() => null);
    if (typeof body !== 'object' || body === null)
      throw new Error(`PayTR answered ${res.status} without JSON`);
    return body as Record<string, unknown>;
  }

  return {
    async post(path, fields, options = {}) {
      const timeout = options.timeoutMs ?? timeoutMs;
      try {
        return await once(path, fields, timeout);
      } catch (err) {
        if (!options.retry) throw err;
        return once(path, fields, timeout);
      }
    },
  };
}
