import { ApiError } from '@vitrin/shared/api/api-error';
import { isApiErrorBody } from '@vitrin/shared/api/error-body';

export { ApiError };

type Listener = (error: ApiError) => void;
let onSessionStale: Listener = () => {};

/**
 * What happens when an answer says the session is not what the panel thinks: gone (401: expired, revoked)
 * or allowed less (403: a role changed, TOTP set-up due). The router reads the session again.
 */
export function whenSessionStale(listener: Listener) {
  onSessionStale = listener;
}

interface RequestOptions {
  body?: unknown;
  /** A 401 is an expected answer here (the session check, the login itself): no redirect. */
  quiet401?: boolean;
}

async function request<T>(method: string, path: string, { body, quiet401 }: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/admin${path}`, {
      method,
      credentials: 'include',
      // A form with a file goes as multipart: the browser writes its content type with the boundary.
      headers: body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'BAGLANTI_YOK', 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.');
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => undefined);
  if (response.ok) return data as T;

  const retryAfter = Number(response.headers.get('retry-after')) || undefined;
  const error = isApiErrorBody(data)
    ? new ApiError(response.status, data.error.code, data.error.message, data.error.fields, retryAfter)
    : new ApiError(
        response.status,
        'BEKLENMEYEN_YANIT',
        `Sunucu beklenmeyen bir yanıt verdi (${response.status}). Biraz sonra tekrar deneyin.`,
        {},
        retryAfter,
      );
  if ((error.status === 401 && !quiet401) || error.status === 403) onSessionStale(error);
  throw error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  delete: (path: string) => request<void>('DELETE', path),
};

/** "3 dakika", "45 saniye": the wait of a 429 in words. */
export function waitText(seconds: number) {
  return seconds >= 60 ? `${Math.ceil(seconds / 60)} dakika` : `${seconds} saniye`;
}

/** The message to show for any failure: the API's own, else a general one. */
export function messageOf(error: unknown) {
  if (!(error instanceof ApiError)) return 'Beklenmeyen bir hata oluştu. Sayfayı yenileyip tekrar deneyin.';
  if (error.status === 429 && error.retryAfter) {
    return `${error.message} (Kalan süre: ${waitText(error.retryAfter)}.)`;
  }
  return error.message;
}
