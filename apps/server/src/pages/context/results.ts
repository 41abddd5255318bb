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

/** `work`'s value as a result; an error of one of `kinds` is a refusal, anything else is a bug and goes up. */
export async function resultOf<T>(
  kinds: ReadonlyArray<abstract new (...args: never[]) => DomainError>,
  work: () => Promise<T>,
): Promise<Result<T>> {
  try {
    return { ok: true, value: await work(), setCookie: [] };
  } catch (err) {
    const known = kinds.find((kind) => err instanceof kind) && (err as DomainError);
    if (known) return refusal(known.status, known.code, known.message, known.fields);
    throw err;
  }
}
