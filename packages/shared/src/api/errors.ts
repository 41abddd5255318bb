import { z } from '../zod.ts';

/** Every API error body: `{ error: { code, message, fields } }`, message in Turkish. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string().describe('Stable machine-readable code, e.g. GECERSIZ_ISTEK'),
    message: z.string().describe('Turkish message for the user'),
    fields: z.record(z.string(), z.string()).optional().describe('Turkish message per invalid field'),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Checked by hand: the browser bundle should not carry zod just to read error bodies. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
