import { DomainError, isDomainError } from '../errors.ts';

export const STORE_UNAVAILABLE = 'DEPOLAMA_KULLANILAMIYOR';

/** How long a refused request is told to wait before it comes again (its Retry-After). */
const RETRY_AFTER_MS = 30_000;

/**
 * 503 DEPOLAMA_KULLANILAMIYOR: the bucket refused a write or could not be reached. Nothing was stored (an
 * object appears only once its upload completed, a multipart upload that failed is aborted), so the same
 * request may simply come again; `retryAt` makes the answer carry a Retry-After. The SDK's error is kept as
 * the cause for the log: it names the operation and the bucket's answer, never the keys.
 */
export const storeUnavailable = (cause: unknown) =>
  new DomainError(
    503,
    STORE_UNAVAILABLE,
    'Dosya deposuna şu anda ulaşılamıyor; dosya kaydedilmedi. Lütfen biraz sonra yeniden deneyin.',
    undefined,
    { cause, retryAt: new Date(Date.now() + RETRY_AFTER_MS) },
  );

/** Whether `err` is the bucket refusing or being away (a 503 to answer, not a bug). */
export const isStoreUnavailable = (err: unknown): err is DomainError => isDomainError(err, STORE_UNAVAILABLE);
