import { z } from '../zod.ts';

/** Every API error body: `{ error: { code, message, fields } }`, message in Turkish. */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string().describe('Stable machine-readable code, e.g. GECERSIZ_ISTEK'),
    message: z.string().describe('Turkish message for the user'),
    fields: z.record(z.string(), z.string()).optional().describe('Turkish message per invalid field'),
  }),
});

export type { ApiErrorBody } from './error-body.ts';
