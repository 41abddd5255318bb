import { z } from '../zod.ts';

/** `POST /api/front/client-errors`: a browser reports an error of its own. */
export const clientErrorReportSchema = z.object({
  kind: z.enum(['chunk-load', 'render', 'logout', 'unhandled']),
  message: z.string().trim().min(1).max(1000),
  url: z.string().max(2048),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
