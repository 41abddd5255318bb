import { DISK_FULL_CODE, DISK_FULL_WRITE_MESSAGE, isDiskFull } from '@vitrin/core/media/disk-full';
import type { Failure, Result } from '@vitrin/shared/api/account-context';

/** What the core's domain errors carry: the HTTP status, a code, a Turkish message, field messages. */
interface DomainError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string> | undefined;
}

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
 * `work`'s value as a result; an error of one of `kinds` or a full disk is a refusal, anything else is a bug and
 * goes up.
 */
export async function resultOf<T>(
  kinds: ReadonlyArray<abstract new (...args: never[]) => DomainError>,
  work: () => Promise<T>,
): Promise<Result<T>> {
  try {
    return { ok: true, value: await work(), setCookie: [] };
  } catch (err) {
    const known = kinds.find((kind) => err instanceof kind) && (err as DomainError);
    if (known) return refusal(known.status, known.code, known.message, known.fields);
    const full = diskFullRefusal(err);
    if (full) return full;
    throw err;
  }
}
