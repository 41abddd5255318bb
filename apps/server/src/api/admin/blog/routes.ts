import type { Services } from '@vitrin/core';
import {
  blogCategoryListAnswer,
  blogCategoryMoveRequest,
  blogListQuery,
  blogPostAnswer,
  blogPostListAnswer,
  blogPostRequest,
  blogTagListAnswer,
  blogTermAnswer,
  blogTermRequest,
} from '@vitrin/shared/api/admin/blog';
import { contentIdParam } from '@vitrin/shared/api/admin/pages';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { registerRecordRoutes } from '../pages/record-routes.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: blog';

/**
 * Blog posts (owners and managers: `content.write`): drafts, scheduled and published posts. The body is
 * sanitized before it is stored and its reading time counted; a `publishedAt` to come schedules the post,
 * which the storefront, the feed and the sitemap show from that moment. Every change is audited.
 */
export function registerAdminBlogRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const admin = services.blogAdmin;

  route({
    method: 'GET',
    url: '/api/admin/blog/posts',
    summary:
      'A page of blog posts newest first (`status`: draft, scheduled or published only), with the total',
    tag: TAG,
    permission: 'content.write',
    querystring: blogListQuery,
    responses: {
      200: { description: 'The posts', schema: blogPostListAnswer },
      ...invalid,
      ...staffRefusals,
    },
    handler: async (request) => admin.list(request.query),
  });

  route({
    method: 'GET',
    url: '/api/admin/blog/categories',
    summary: 'The blog’s categories in the storefront’s order, each with its post count',
    tag: TAG,
    permission: 'content.write',
    responses: { 200: { description: 'The categories', schema: blogCategoryListAnswer }, ...staffRefusals },
    handler: async () => ({ items: await admin.terms.categories.list() }),
  });

  route({
    method: 'GET',
    url: '/api/admin/blog/tags',
    summary: 'The blog’s tags by name, each with its post count',
    tag: TAG,
    permission: 'content.write',
    responses: { 200: { description: 'The tags', schema: blogTagListAnswer }, ...staffRefusals },
    handler: async () => ({ items: await admin.terms.tags.list() }),
  });

  route({
    method: 'POST',
    url: '/api/admin/blog/categories/:id/move',
    summary: 'Puts a category at `index` of the list (0: first); answers the list in its new order',
    tag: TAG,
    permission: 'content.write',
    params: { id: contentIdParam },
    body: blogCategoryMoveRequest,
    responses: {
      200: { description: 'The categories', schema: blogCategoryListAnswer },
      ...invalid,
      ...staffRefusals,
      404: errorAnswer('BLOG_KATEGORISI_BULUNAMADI'),
    },
    handler: async (request) => ({
      items: await admin.terms.categories.move(
        staffActor(await signedIn(staffOf, request)),
        request.params.id,
        request.body,
      ),
    }),
  });

  for (const [kind, url, notFound, what] of [
    ['categories', '/api/admin/blog/categories', 'BLOG_KATEGORISI_BULUNAMADI', 'category'],
    ['tags', '/api/admin/blog/tags', 'BLOG_ETIKETI_BULUNAMADI', 'tag'],
  ] as const) {
    registerRecordRoutes(route, staffOf, {
      url,
      tag: TAG,
      key: 'term',
      admin: admin.terms[kind],
      request: blogTermRequest,
      answer: blogTermAnswer,
      notFound,
      summaries: {
        get: `A blog ${what} with its post count`,
        create: `Adds a blog ${what} (a blank slug is made from the name, \`-2\` when taken)`,
        update: `Renames a blog ${what} (a blank slug keeps the current one)`,
        remove:
          what === 'category'
            ? 'Removes a blog category; its posts keep no category'
            : 'Removes a blog tag from every post',
      },
    });
  }

  registerRecordRoutes(route, staffOf, {
    url: '/api/admin/blog/posts',
    tag: TAG,
    key: 'post',
    admin,
    request: blogPostRequest,
    answer: blogPostAnswer,
    notFound: 'YAZI_BULUNAMADI',
    versioned: true,
    summaries: {
      get: 'A post with its body and tags, for the form',
      create: 'Adds a post: a draft, published now, or scheduled (`publishedAt` to come)',
      update: 'Changes a post: every field given, as the form sends it',
      remove: 'Removes a post',
    },
  });
}
