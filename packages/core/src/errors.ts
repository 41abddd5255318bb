import type { z } from '@vitrin/shared/zod';

/**
 * The one error of the domain: why a request or a command was refused. `status` is the HTTP status the API
 * answers with, `code` a stable code (each domain keeps its table of codes and the functions that make
 * them), `message` Turkish and shown as is, `fields` the form fields to mark with a Turkish message each.
 * The HTTP layer's error handler, the page actions' results and the CLI all read these; anything that is not
 * a DomainError is a bug or an outage, never the caller's mistake. Errors that never reach HTTP (a backup,
 * a command, start-up) carry 500.
 */
export class DomainError<Code extends string = string, Details = unknown> extends Error {
  /** When the same request may come again (a lock, a throttle): the answer's Retry-After. */
  readonly retryAt?: Date;
  /** What a refusal carries beyond its fields (an import's row by row answer, say). */
  readonly details?: Details;

  constructor(
    readonly status: number,
    readonly code: Code,
    message: string,
    readonly fields?: Record<string, string>,
    options: { cause?: unknown; retryAt?: Date; details?: Details } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DomainError';
    if (options.retryAt) this.retryAt = options.retryAt;
    if (options.details !== undefined) this.details = options.details;
  }
}

/** Whether `err` is a domain error, with `code` (one of `codes`) when given. */
export function isDomainError(err: unknown, ...codes: string[]): err is DomainError {
  return err instanceof DomainError && (codes.length === 0 || codes.includes(err.code));
}

/** Seconds until `retryAt` (at least 1, rounded up as Retry-After counts). */
export const secondsUntil = (retryAt: Date, now = Date.now()) =>
  Math.max(1, Math.ceil((retryAt.getTime() - now) / 1000));

export const INVALID_REQUEST_MESSAGE = 'Gönderilen bilgilerde hata var; lütfen işaretli alanları düzeltin.';

/** 400 GECERSIZ_ISTEK naming each bad field in Turkish. */
export const invalidRequest = (fields: Record<string, string>) =>
  new DomainError(400, 'GECERSIZ_ISTEK', INVALID_REQUEST_MESSAGE, fields);

/**
 * Parses input with a shared schema; a failure becomes GECERSIZ_ISTEK with the first message per field
 * (`prefix` before each field's path).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw invalidRequest(fields);
}
