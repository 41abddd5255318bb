import type { Services } from '@vitrin/core';
import {
  blogCategoryListAnswer,
  blogListQuery,
  blogPostAnswer,
  blogPostListAnswer,
  blogPostRequest,
} from '@vitrin/shared/api/admin/blog';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, invalid, staffRefusals } from '../../route.ts';
import { registerRecordRoutes } from '../pages/record-routes.ts';

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
    summary: 'Blog posts newest first (`status`: draft, scheduled or published only)',
    tag: TAG,
    permission: 'content.write',
    querystring: blogListQuery,
    responses: {
      200: { description: 'The posts', schema: blogPostListAnswer },
      ...invalid,
      ...staffRefusals,
    },
    handler: async (request) => ({ items: await admin.list(request.query.status) }),
  });

  route({
    method: 'GET',
    url: '/api/admin/blog/categories',
    summary: 'The blog’s categories, for the post form',
    tag: TAG,
    permission: 'content.write',
    responses: { 200: { description: 'The categories', schema: blogCategoryListAnswer }, ...staffRefusals },
    handler: async () => ({ items: await admin.categories() }),
  });

  registerRecordRoutes(route, staffOf, {
    url: '/api/admin/blog/posts',
    tag: TAG,
    key: 'post',
    admin,
    request: blogPostRequest,
    answer: blogPostAnswer,
    notFound: 'YAZI_BULUNAMADI',
    summaries: {
      get: 'A post with its body and tags, for the form',
      create: 'Adds a post: a draft, published now, or scheduled (`publishedAt` to come)',
      update: 'Changes a post: every field given, as the form sends it',
      remove: 'Removes a post',
    },
  });
}
