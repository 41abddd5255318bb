import type { BlogListing, BlogPost, BlogPostCard, BlogPostPage } from '@vitrin/shared/api/blog';
import { z } from '@vitrin/shared/zod';

/** What the blog API answers, as zod schemas (the shared module has them as types: the browser needs no zod). */

const ref = z.object({ slug: z.string(), name: z.string() });

const card = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverImage: z.string().nullable().describe('`folder/file` under /uploads; null: the default image'),
  author: z.string(),
  publishedAt: z.string().describe('ISO 8601'),
  readingMinutes: z.number().int().describe('Words / 200, at least 1'),
  category: ref.nullable(),
}) satisfies z.ZodType<BlogPostCard>;

const post = card.extend({
  body: z.string().describe('Sanitized HTML'),
  tags: z.array(ref),
  updatedAt: z.string().describe('ISO 8601'),
}) satisfies z.ZodType<BlogPost>;

export const listing = z.object({
  items: z.array(card),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
  category: ref.nullable(),
  tag: ref.nullable(),
}) satisfies z.ZodType<BlogListing>;

export const postPage = z.object({
  post,
  related: z.array(card).describe('Posts sharing tags or the category, at most 3'),
  previous: card.nullable().describe('The older post'),
  next: card.nullable().describe('The newer post'),
}) satisfies z.ZodType<BlogPostPage>;
