/**
 * Content pages in the panel (`/api/admin/pages…`, `content.write`: owners and managers): the four page types
 * of `PAGE_TYPES`, each page with its slug, summary, rich-text body (sanitized by the server before it is
 * stored), position among its type and whether it is published. Brings zod: imported by path.
 */
import { PAGE_TYPES } from '../../constants.ts';
import { lineText, multilineText, z } from '../../zod.ts';
import { slugField } from './products.ts';
import { loadedVersionField } from './record-version.ts';

export const PAGE_TITLE_MAX = 200;
export const SUMMARY_MAX = 500;
/** A body's HTML, before sanitizing: a long article with images fits many times over. */
export const BODY_MAX = 200_000;

export const pageTypeField = z.coerce
  .number({ error: 'Sayfa türünü seçin' })
  .refine((n): n is keyof typeof PAGE_TYPES => Object.hasOwn(PAGE_TYPES, n), 'Sayfa türünü seçin');

export const titleField = (what: string) =>
  lineText({ error: `${what} girin` })
    .trim()
    .min(2, `${what} en az 2 karakter olmalı`)
    .max(PAGE_TITLE_MAX, `${what} en fazla ${PAGE_TITLE_MAX} karakter olabilir`);

export const bodyField = z
  .string({ error: 'İçerik metin olmalı' })
  .max(BODY_MAX, `İçerik en fazla ${BODY_MAX.toLocaleString('tr-TR')} karakter olabilir`);

export const pageRequest = z.object({
  type: pageTypeField,
  title: titleField('Sayfa başlığını'),
  /** Blank: made from the title. */
  slug: slugField.default(''),
  summary: multilineText({ error: 'Özet metin olmalı' })
    .trim()
    .max(SUMMARY_MAX, `Özet en fazla ${SUMMARY_MAX} karakter olabilir`)
    .default(''),
  body: bodyField,
  position: z.coerce
    .number({ error: 'Sıra bir tam sayı olmalı' })
    .int('Sıra bir tam sayı olmalı')
    .min(0, 'Sıra 0 ya da daha büyük olmalı')
    .max(9999, 'Sıra en fazla 9999 olabilir')
    .default(0),
  isPublished: z.boolean({ error: 'Yayın durumu evet ya da hayır olmalı' }).default(false),
  loadedUpdatedAt: loadedVersionField,
});
export type PageRequest = z.input<typeof pageRequest>;
export type PageInput = z.output<typeof pageRequest>;

export const contentIdParam = z.coerce
  .number({ error: 'Numara geçersiz' })
  .int('Numara geçersiz')
  .min(1, 'Numara geçersiz')
  .max(2_147_483_647, 'Numara geçersiz');

export const pageListQuery = z.object({
  type: pageTypeField.optional(),
});

export const adminPageSummarySchema = z.object({
  id: z.number().int(),
  type: z.number().int().describe('1 corporate, 2 help, 3 static, 4 blog'),
  slug: z.string(),
  title: z.string(),
  position: z.number().int(),
  isPublished: z.boolean(),
  updatedAt: z.string().describe('ISO 8601'),
});
export type AdminPageSummary = z.output<typeof adminPageSummarySchema>;

export const adminPageSchema = adminPageSummarySchema.extend({
  summary: z.string(),
  body: z.string().describe('Sanitized HTML'),
});
export type AdminPage = z.output<typeof adminPageSchema>;

export const pageListAnswer = z.object({ items: z.array(adminPageSummarySchema) });
export const pageAnswer = z.object({ page: adminPageSchema });
