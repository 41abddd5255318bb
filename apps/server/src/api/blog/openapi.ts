import {
  type BlogListing,
  type BlogPost,
  type BlogPostCard,
  type BlogPostPage,
  blogListQuerySchema,
} from '@vitrin/shared/api/blog';
import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import { z } from '@vitrin/shared/zod';
import type { Operation } from '../operation.ts';

/** The blog in the OpenAPI document (its answers as zod schemas; the shared module has them as types). */

const error = (description: string) => ({ description, schema: apiErrorBodySchema });
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

const listing = z.object({
  items: z.array(card),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
  category: ref.nullable(),
  tag: ref.nullable(),
}) satisfies z.ZodType<BlogListing>;

const postPage = z.object({
  post,
  related: z.array(card).describe('Posts sharing tags or the category, at most 3'),
  previous: card.nullable().describe('The older post'),
  next: card.nullable().describe('The newer post'),
}) satisfies z.ZodType<BlogPostPage>;

export const blogOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/front/blog',
    summary: 'Published blog posts, newest first, 6 a page; filtered by category and tag slugs',
    tag: 'blog',
    query: blogListQuerySchema,
    responses: {
      200: { description: 'A page of posts (a page past the last has no items)', schema: listing },
      400: error('GECERSIZ_ISTEK: a bad page number or slug; `fields` names it'),
      404: error('BULUNAMADI: no category or tag with this slug'),
    },
  },
  {
    method: 'get',
    path: '/api/front/blog/{id}',
    summary: 'A published post with related posts and its older and newer neighbours',
    tag: 'blog',
    responses: {
      200: { description: 'Post', schema: postPage },
      404: error('BULUNAMADI: no published post with this id (also for an id that is not a number)'),
    },
  },
];
