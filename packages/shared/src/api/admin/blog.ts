/**
 * Blog posts in the panel (`/api/admin/blog…`, `content.write`: owners and managers). A post is a draft, or
 * published from `publishedAt` on: a time to come schedules it (the storefront, its feed and sitemap show it
 * from then). The body is sanitized by the server before it is stored; the reading time is counted from it.
 * Brings zod: imported by path.
 */
import { lineText, multilineText, z } from '../../zod.ts';
import { whole } from './form-numbers.ts';
import { bodyField, SUMMARY_MAX, titleField } from './pages.ts';
import { slugField } from './products.ts';
import { loadedVersionField } from './record-version.ts';

export const BLOG_TAGS_MAX = 20;
export const BLOG_TAG_MAX = 40;
export const BLOG_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type BlogPostStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_STATUS_LABELS: Record<BlogPostStatus, string> = {
  draft: 'Taslak',
  scheduled: 'Zamanlanmış',
  published: 'Yayında',
};

/** An image under our uploads, as `folder/file` (what the storefront's image URLs are made of). */
const uploadPath = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_.-]*\.(?:jpe?g|png|webp|avif)$/i;

export const blogPostRequest = z.object({
  title: titleField('Yazı başlığını'),
  /** Blank: made from the title. */
  slug: slugField.default(''),
  excerpt: multilineText({ error: 'Özet metin olmalı' })
    .trim()
    .max(SUMMARY_MAX, `Özet en fazla ${SUMMARY_MAX} karakter olabilir`)
    .default(''),
  coverImage: z
    .string({ error: 'Kapak görseli bir dosya yolu olmalı' })
    .trim()
    .refine((v) => v === '' || (uploadPath.test(v) && !v.includes('..')), 'Kapak görseli geçersiz')
    .nullable()
    .default(null)
    .transform((v) => v || null),
  body: bodyField,
  author: lineText({ error: 'Yazarı girin' })
    .trim()
    .min(2, 'Yazar adı en az 2 karakter olmalı')
    .max(100, 'Yazar adı en fazla 100 karakter olabilir'),
  categoryId: z
    .number({ error: 'Kategoriyi listeden seçin' })
    .int('Kategoriyi listeden seçin')
    .min(1, 'Kategoriyi listeden seçin')
    .max(2_147_483_647, 'Kategoriyi listeden seçin')
    .nullable()
    .default(null),
  tags: z
    .array(
      lineText({ error: 'Etiket metin olmalı' })
        .trim()
        .min(1, 'Boş etiket olamaz')
        .max(BLOG_TAG_MAX, `Bir etiket en fazla ${BLOG_TAG_MAX} karakter olabilir`),
      { error: 'Etiketler bir liste olmalı' },
    )
    .max(BLOG_TAGS_MAX, `En fazla ${BLOG_TAGS_MAX} etiket eklenebilir`)
    .default([]),
  /** false: a draft, shown nowhere. */
  isPublished: z.boolean({ error: 'Yayın durumu evet ya da hayır olmalı' }).default(false),
  /** When it appears; null: now (when published). A time to come schedules it. */
  publishedAt: z.iso.datetime({ offset: true, error: 'Yayın zamanı geçersiz' }).nullable().default(null),
  loadedUpdatedAt: loadedVersionField,
});
export type BlogPostRequest = z.input<typeof blogPostRequest>;
export type BlogPostInput = z.output<typeof blogPostRequest>;

export const BLOG_POSTS_PER_PAGE = 20;

export const blogListQuery = z.object({
  status: z.enum(BLOG_STATUSES, { error: 'Durum taslak, zamanlanmış ya da yayında olmalı' }).optional(),
  page: whole('Sayfa numarası geçersiz', 1, 100_000).default(1),
  perPage: whole('Sayfa başına 10 ile 100 arasında olmalı', 10, 100).default(BLOG_POSTS_PER_PAGE),
});
export type BlogListFilter = z.output<typeof blogListQuery>;

export const adminBlogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  categoryName: z.string().nullable(),
  status: z.enum(BLOG_STATUSES),
  publishedAt: z.string().describe('ISO 8601: when it appears (or appeared)'),
  updatedAt: z.string().describe('ISO 8601'),
});
export type AdminBlogPostSummary = z.output<typeof adminBlogPostSummarySchema>;

export const adminBlogPostSchema = adminBlogPostSummarySchema.extend({
  excerpt: z.string(),
  coverImage: z.string().nullable().describe('`folder/file` under the uploads'),
  body: z.string().describe('Sanitized HTML'),
  categoryId: z.number().int().nullable(),
  tags: z.array(z.string()),
  readingMinutes: z.number().int(),
  isPublished: z.boolean(),
});
export type AdminBlogPost = z.output<typeof adminBlogPostSchema>;

export const blogPostListAnswer = z.object({
  items: z.array(adminBlogPostSummarySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int().describe('Posts matching the filter, on every page'),
});
export type BlogPostList = z.output<typeof blogPostListAnswer>;
export const blogPostAnswer = z.object({ post: adminBlogPostSchema });
export const BLOG_TERM_NAME_MAX = 60;

/** A blog category or tag as the panel adds or renames it; a blank slug is made from the name. */
export const blogTermRequest = z.object({
  name: lineText({ error: 'Adı girin' })
    .trim()
    .min(2, 'Ad en az 2 karakter olmalı')
    .max(BLOG_TERM_NAME_MAX, `Ad en fazla ${BLOG_TERM_NAME_MAX} karakter olabilir`),
  slug: slugField.default(''),
});
export type BlogTermInput = z.output<typeof blogTermRequest>;

export const blogTermSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  postCount: z.number().int().describe('Posts in it (any status)'),
});
export type BlogTerm = z.output<typeof blogTermSchema>;

export const blogCategoryListAnswer = z.object({
  items: z.array(blogTermSchema).describe('In the storefront’s order'),
});
export const blogTermAnswer = z.object({ term: blogTermSchema });
export const blogTagListAnswer = z.object({ items: z.array(blogTermSchema).describe('By name') });

/** A category moved to this place (0: first) in the list. */
export const blogCategoryMoveRequest = z.object({
  index: z
    .number({ error: 'Yeni sıra bir sayı olmalı' })
    .int('Yeni sıra bir tam sayı olmalı')
    .min(0, 'Yeni sıra 0 ya da büyük olmalı')
    .max(10_000, 'Yeni sıra çok büyük'),
});
export type BlogCategoryMove = z.output<typeof blogCategoryMoveRequest>;
