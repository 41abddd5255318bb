import type { z } from '@vitrin/shared/zod';

/** One documented route; `openapi.ts` and the per-area `openapi-*.ts` lists are made of these. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  /** Query parameters: the schema's top-level properties become `in: query` parameters. */
  query?: z.ZodType | z.ZodType[];
  /** Status → schema (or undefined for an empty body). */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  /** Needs a logged-in customer: the session cookie, or `Authorization: Bearer`. */
  auth?: boolean;
}
