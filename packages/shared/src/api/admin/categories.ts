/**
 * The category tree in the panel: the flat list (`GET /api/admin/categories`, any staff member: depth-first in
 * the storefront's order, each with its depth so a select can indent it) and the structure screen's writes
 * (`catalog.write`: owners and managers). Brings zod.
 */
import { isSlug, SLUG_MAX_LENGTH, slugify } from '../../slug.ts';
import { lineText, multilineText, z } from '../../zod.ts';

export const adminCategoryOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parentId: z.number().int().nullable(),
  depth: z.number().int().describe('0 for a top-level category'),
  isActive: z.boolean().describe('false: hidden in the storefront (with everything under it)'),
});
export type AdminCategoryOption = z.output<typeof adminCategoryOptionSchema>;

/** A category on the structure screen: the picker's fields and what its form edits. */
export const adminCategorySchema = adminCategoryOptionSchema.extend({
  description: z.string(),
  position: z.number().int().describe('Order among its siblings, from 0'),
  ownActive: z.boolean().describe('Its own switch; `isActive` is false too when a category above is hidden'),
  isFeatured: z.boolean(),
  productCount: z.number().int().describe('Products in this category itself (not below it)'),
});
export type AdminCategory = z.output<typeof adminCategorySchema>;

export const categoryOptionsAnswer = z.object({ items: z.array(adminCategorySchema) });
export const categoryAnswer = z.object({ category: adminCategorySchema });

const blank = (v: string) => v.trim() === '';

/**
 * A slug typed in a form is transliterated like a name (`Kış Ürünleri` → `kis-urunleri`); blank: made from
 * the name.
 */
export const slugInput = z.preprocess(
  (v) => (typeof v === 'string' ? (blank(v) ? '' : slugify(v) || v) : v),
  z
    .string({ error: 'Slug metin olmalı' })
    .refine(
      (s) => s === '' || isSlug(s),
      `Slug harf ya da rakam içermeli, en fazla ${SLUG_MAX_LENGTH} karakter`,
    ),
);

/** A row id in a path or a parent field (an int4). */
export const rowId = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

export const categoryIdParam = rowId('Kategori numarası geçersiz');

export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 1000;

export const categoryRequest = z.object({
  name: lineText({ error: 'Kategori adını girin' })
    .trim()
    .min(2, 'Kategori adı en az 2 karakter olmalı')
    .max(CATEGORY_NAME_MAX, `Kategori adı en fazla ${CATEGORY_NAME_MAX} karakter olabilir`),
  slug: slugInput.default(''),
  description: multilineText({ error: 'Açıklama metin olmalı' })
    .trim()
    .max(CATEGORY_DESCRIPTION_MAX, `Açıklama en fazla ${CATEGORY_DESCRIPTION_MAX} karakter olabilir`)
    .default(''),
  isActive: z.boolean({ error: 'Görünürlük evet ya da hayır olmalı' }).default(true),
  isFeatured: z.boolean({ error: 'Öne çıkarma evet ya da hayır olmalı' }).default(false),
  parentId: rowId('Üst kategoriyi listeden seçin').nullable().default(null),
});
export type CategoryRequest = z.input<typeof categoryRequest>;
export type CategoryInput = z.output<typeof categoryRequest>;

/**
 * Where a dragged (or moved by the buttons) node of a tree goes: under `parentId` (null: the top level), at
 * `index` among its new siblings (past the end: last). The categories' and the header menu's trees alike.
 */
export const treeMoveRequest = z.object({
  parentId: rowId('Yeni üst öğe geçersiz').nullable(),
  index: z
    .number({ error: 'Sıra bir tam sayı olmalı' })
    .int('Sıra bir tam sayı olmalı')
    .min(0, 'Sıra sıfır ya da pozitif olmalı')
    .max(100_000, 'Sıra çok büyük'),
});
export type TreeMove = z.output<typeof treeMoveRequest>;
