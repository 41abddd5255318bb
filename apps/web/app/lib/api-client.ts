import { ApiError } from '@vitrin/shared/api/api-error';
import { isApiErrorBody } from '@vitrin/shared/api/error-body';
import { RETRY_STATUS_CODES } from '@vitrin/shared/constants';
import { FetchError, type FetchOptions, ofetch } from 'ofetch';

/** A 400-599 answer of our API (the class both browsers' API clients share). */
export { ApiError };

/** Failures without an HTTP answer, in the spec's three kinds. */
export type NetworkFailure = 'network' | 'aborted' | 'timeout';

/** A failure without an HTTP answer: a plain error named NetworkError, with its kind. */
export type NetworkError = Error & { readonly name: 'NetworkError'; readonly kind: NetworkFailure };

export const networkError = (kind: NetworkFailure, cause: unknown): NetworkError =>
  Object.assign(
    new Error(
      kind === 'network' ? 'Network Error' : kind === 'aborted' ? 'Request aborted' : 'timeout exceeded',
      {
        cause,
      },
    ),
    { name: 'NetworkError' as const, kind },
  );

export const isNetworkError = (error: unknown): error is NetworkError =>
  error instanceof Error && error.name === 'NetworkError' && 'kind' in error;

export interface RequestOptions extends FetchOptions<'json'> {
  /** Background requests (polling) fail silently instead of showing the network toast. */
  quiet?: boolean;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function classifyFetchError(error: unknown): ApiError | NetworkError {
  if (error instanceof FetchError && error.response) {
    const body: unknown = error.data;
    if (isApiErrorBody(body)) {
      return new ApiError(error.response.status, body.error.code, body.error.message, body.error.fields);
    }
    return new ApiError(
      error.response.status,
      'HTTP_HATASI',
      `Sunucu ${error.response.status} hatası döndü.`,
    );
  }
  const cause = error instanceof FetchError ? error.cause : error;
  const name = cause instanceof Error ? cause.name : '';
  if (name === 'TimeoutError') return networkError('timeout', error);
  if (name === 'AbortError') return networkError('aborted', error);
  return networkError('network', error);
}

export interface ApiClientOptions {
  baseURL: string;
  timeoutMs?: number;
  /** Called for failures without an HTTP answer (the storefront shows a Turkish toast). */
  onNetworkError?: (error: NetworkError) => void;
  fetch?: typeof globalThis.fetch;
}

/**
 * The browser's HTTP layer (spec section 7): retries 408/409/425/429/500/502/503/504 once for reads and
 * never for writes; 400-599 become `ApiError`s with the server's Turkish message.
 */
export function createApiClient({ baseURL, timeoutMs = 15_000, onNetworkError, fetch }: ApiClientOptions) {
  const raw = ofetch.create({
    baseURL,
    timeout: timeoutMs,
    retryStatusCodes: [...RETRY_STATUS_CODES],
    credentials: 'include',
    ...(fetch ? { fetch } : {}),
  });
  return async function api<T>(path: string, { quiet = false, ...options }: RequestOptions = {}): Promise<T> {
    const method = (options.method ?? 'GET').toUpperCase();
    try {
      return await raw<T>(path, { ...options, method, retry: WRITE_METHODS.has(method) ? 0 : 1 });
    } catch (error) {
      const failure = classifyFetchError(error);
      if (isNetworkError(failure) && !quiet) onNetworkError?.(failure);
      throw failure;
    }
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
