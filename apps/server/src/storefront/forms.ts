import { INVALID_REQUEST_MESSAGE } from '@vitrin/core/errors';
import type { Failure, FormFields } from '@vitrin/shared/api/account-context';
import { fieldMessages, type z } from '@vitrin/shared/zod';
import { refusal } from './results.ts';

/** A form's value as its shared schema parsed it, or the refusal a page action answers with. */
export type Parsed<T> = { ok: true; value: T } | Failure;

/** Fields as a plain object: a form post or a JSON body may be anything, the schema says what is wrong. */
const fieldsOf = (fields: unknown): FormFields =>
  typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? (fields as FormFields) : {};

/**
 * A page action's (or the account context's) input parsed with the same shared schema as the REST route's:
 * the value, typed by the schema, or 400 GECERSIZ_ISTEK with the first message of each field, the refusal
 * the API answers for the same input.
 */
export function parseForm<S extends z.ZodType>(schema: S, fields: unknown): Parsed<z.output<S>> {
  const parsed = schema.safeParse(fieldsOf(fields));
  if (parsed.success) return { ok: true, value: parsed.data };
  return refusal(400, 'GECERSIZ_ISTEK', INVALID_REQUEST_MESSAGE, fieldMessages(parsed.error));
}
