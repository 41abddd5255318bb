import { DomainError, secondsUntil } from '@vitrin/core/errors';
import { DISK_FULL_CODE, DISK_FULL_WRITE_MESSAGE, isDiskFull } from '@vitrin/core/media/disk-full';
import type { Failure, Result } from '@vitrin/shared/api/account-context';

/** A refusal as a load-context result, with the HTTP status the page answers with. */
export const refusal = (
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): Failure => ({
  ok: false,
  status,
  error: { code, message, ...(fields ? { fields } : {}) },
});

/**
 * A form post's write that found the disk full: rolled back whole (nothing of it kept), so the page shows why
 * in Turkish with what was typed, and the same post works once there is room (503, as the API answers).
 */
export function diskFullRefusal(err: unknown): Failure | null {
  // The API routes that answer results send Retry-After as `http/errors.ts` does for a full disk; the pages
  // send it with their 503 (`ssr.ts`).
  return isDiskFull(err)
    ? { ...refusal(503, DISK_FULL_CODE, DISK_FULL_WRITE_MESSAGE), retryAfter: DISK_FULL_RETRY_AFTER }
    : null;
}

/** Seconds a client waits before posting again to a full disk. */
export const DISK_FULL_RETRY_AFTER = 60;

/**
 * A domain error as a page action's result, as the API's error handler answers it (`http/errors.ts`): its
 * status, code, message and fields (named by `fieldName`, when the form names them otherwise), and
 * `retryAfter` for one that says when to try again. A write the full disk refused is a refusal too; anything
 * else is a bug or an outage: null, and the caller lets it go up.
 */
export function refusalOf(err: unknown, fieldName?: (path: string) => string): Failure | null {
  if (!(err instanceof DomainError)) return diskFullRefusal(err);
  const fields =
    err.fields && fieldName
      ? Object.fromEntries(Object.entries(err.fields).map(([key, text]) => [fieldName(key), text]))
      : err.fields;
  return {
    ...refusal(err.status, err.code, err.message, fields),
    ...(err.retryAt ? { retryAfter: secondsUntil(err.retryAt) } : {}),
  };
}

/** `work`'s value as a result; a domain error or a full disk is a refusal, anything else goes up. */
export async function resultOf<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await work(), setCookie: [] };
  } catch (err) {
    const refused = refusalOf(err);
    if (refused) return refused;
    throw err;
  }
}
