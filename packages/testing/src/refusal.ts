import type { DomainError } from '@vitrin/core/errors';

/**
 * The error `work` was refused with, thrown at once or rejected, to look at its status, code, message and
 * fields; a test fails when nothing was refused.
 */
export async function refusal(work: () => unknown): Promise<DomainError> {
  try {
    await work();
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('expected a refusal');
}

/** The rejection of `promise`, to look at its status, code, message and fields. */
export const rejection = (promise: Promise<unknown>): Promise<DomainError> => refusal(() => promise);
