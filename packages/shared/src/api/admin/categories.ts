/**
 * The category tree as a flat list for the panel's pickers (`GET /api/admin/categories`, any staff member):
 * depth-first in the storefront's order, each with its depth so a select can indent it. Brings zod.
 */
import { z } from '../../zod.ts';

export const adminCategoryOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parentId: z.number().int().nullable(),
  depth: z.number().int().describe('0 for a top-level category'),
  isActive: z.boolean().describe('false: hidden in the storefront (with everything under it)'),
});
export type AdminCategoryOption = z.output<typeof adminCategoryOptionSchema>;

export const categoryOptionsAnswer = z.object({ items: z.array(adminCategoryOptionSchema) });
