import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, isNetworkError, type NetworkError } from './api-client.ts';

/** A real HTTP server whose answers the tests script, counting the calls per path. */
let server: http.Server;
let base = '';
const calls = new Map<string, number>();
const script = new Map<string, Array<{ status: number; body?: unknown; delayMs?: number }>>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const n = (calls.get(path) ?? 0) + 1;
    calls.set(path, n);
    const answers = script.get(path) ?? [{ status: 200, body: { ok: true } }];
    const answer = answers[Math.min(n, answers.length) - 1]!;
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body ?? {}));
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  calls.clear();
  script.clear();
});

describe('api client', () => {
  it('takes its base URL from the runtime configuration', async () => {
    const api = createApiClient({ baseURL: base });
    expect(await api('/ok')).toEqual({ ok: true });
  });

  it('retries a read once on 503 and succeeds', async () => {
    script.set('/flaky', [{ status: 503 }, { status: 200, body: { ok: 1 } }]);
    const api = createApiClient({ baseURL: base });
    expect(await api('/flaky')).toEqual({ ok: 1 });
    expect(calls.get('/flaky')).toBe(2);
  });

  it('retries a read only once', async () => {
    script.set('/down', [{ status: 502 }]);
    const api = createApiClient({ baseURL: base });
    await expect(api('/down')).rejects.toBeInstanceOf(ApiError);
    expect(calls.get('/down')).toBe(2);
  });

  it('never retries a write', async () => {
    script.set('/write', [{ status: 503 }]);
    const api = createApiClient({ baseURL: base });
    await expect(api('/write', { method: 'POST', body: { a: 1 } })).rejects.toBeInstanceOf(ApiError);
    expect(calls.get('/write')).toBe(1);
  });

  it('does not retry a 404', async () => {
    script.set('/missing', [{ status: 404 }]);
    const api = createApiClient({ baseURL: base });
    await expect(api('/missing')).rejects.toBeInstanceOf(ApiError);
    expect(calls.get('/missing')).toBe(1);
  });

  it('turns a 4xx answer into an ApiError with the server’s Turkish message, code and fields', async () => {
    script.set('/bad', [
      {
        status: 400,
        body: { error: { code: 'GECERSIZ_ISTEK', message: 'Alanlar hatalı.', fields: { ad: 'Boş' } } },
      },
    ]);
    const api = createApiClient({ baseURL: base });
    const error = await api('/bad', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'GECERSIZ_ISTEK',
      message: 'Alanlar hatalı.',
      fields: { ad: 'Boş' },
    });
  });

  it('reports a timeout as a network failure of kind "timeout"', async () => {
    script.set('/slow', [{ status: 200, delayMs: 300 }]);
    const seen: NetworkError[] = [];
    const api = createApiClient({ baseURL: base, timeoutMs: 50, onNetworkError: (e) => seen.push(e) });
    const error = await api('/slow', { method: 'POST' }).catch((e: unknown) => e);
    expect(isNetworkError(error)).toBe(true);
    expect((error as NetworkError).kind).toBe('timeout');
    expect((error as NetworkError).message).toBe('timeout exceeded');
    expect(seen).toHaveLength(1);
  });

  it('does not report the failures of quiet background requests', async () => {
    const seen: NetworkError[] = [];
    const api = createApiClient({ baseURL: 'http://127.0.0.1:1', onNetworkError: (e) => seen.push(e) });
    await expect(api('/x', { quiet: true })).rejects.toMatchObject({ name: 'NetworkError' });
    expect(seen).toEqual([]);
  });

  it('reports an aborted request as kind "aborted"', async () => {
    script.set('/slow2', [{ status: 200, delayMs: 300 }]);
    const api = createApiClient({ baseURL: base });
    const controller = new AbortController();
    const pending = api('/slow2', { method: 'POST', signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect((error as NetworkError).kind).toBe('aborted');
    expect((error as NetworkError).message).toBe('Request aborted');
  });

  it('reports an unreachable server as kind "network"', async () => {
    const api = createApiClient({ baseURL: 'http://127.0.0.1:1' });
    const error = await api('/x', { method: 'POST' }).catch((e: unknown) => e);
    expect((error as NetworkError).kind).toBe('network');
    expect((error as NetworkError).message).toBe('Network Error');
  });
});
