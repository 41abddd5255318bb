/** The product tags in the panel (`/api/admin/tags`; reading `catalog.read`, changing `catalog.write`). Brings zod. */
import { lineText, z } from '../../zod.ts';
import { rowId, slugInput } from './categories.ts';

export const TAG_NAME_MAX = 60;

export const tagRequest = z.object({
  name: lineText({ error: 'Etiket adını girin' })
    .trim()
    .min(1, 'Etiket adını girin')
    .max(TAG_NAME_MAX, `Etiket adı en fazla ${TAG_NAME_MAX} karakter olabilir`),
  slug: slugInput.default(''),
});
export type TagRequest = z.input<typeof tagRequest>;
export type TagInput = z.output<typeof tagRequest>;

export const tagIdParam = rowId('Etiket numarası geçersiz');

export const adminTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  productCount: z.number().int(),
});
export type AdminTag = z.output<typeof adminTagSchema>;

export const tagListAnswer = z.object({ items: z.array(adminTagSchema) });
export const tagAnswer = z.object({ tag: adminTagSchema });
