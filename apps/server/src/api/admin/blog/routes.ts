import type { Services } from '@vitrin/core';
import {
  blogCategoryListAnswer,
  blogListQuery,
  blogPostAnswer,
  blogPostListAnswer,
  blogPostRequest,
} from '@vitrin/shared/api/admin/blog';
import { contentIdParam } from '@vitrin/shared/api/admin/pages';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { contentRefusal, slugTaken } from '../pages/routes.ts';
import { refusalsAs, signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: blog';

/**
 * Blog posts (owners and managers: `content.write`): drafts, scheduled and published posts. The body is
 * sanitized before it is stored and its reading time counted; a `publishedAt` to come schedules the post,
 * which the storefront, the feed and the sitemap show from that moment. Every change is audited.
 */
export function registerAdminBlogRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const admin = services.blogAdmin;
  const actorOf = async (request: Parameters<typeof signedIn>[1]) =>
    staffActor(await signedIn(staffOf, request));
  const notFound = { 404: errorAnswer('YAZI_BULUNAMADI') };

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

  route({
    method: 'GET',
    url: '/api/admin/blog/posts/:id',
    summary: 'A post with its body and tags, for the form',
    tag: TAG,
    permission: 'content.write',
    params: { id: contentIdParam },
    responses: {
      200: { description: 'The post', schema: blogPostAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => ({
      post: await refusalsAs(contentRefusal, () => admin.get(request.params.id)),
    }),
  });

  route({
    method: 'POST',
    url: '/api/admin/blog/posts',
    summary: 'Adds a post: a draft, published now, or scheduled (`publishedAt` to come)',
    tag: TAG,
    permission: 'content.write',
    body: blogPostRequest,
    responses: {
      201: { description: 'Added', schema: blogPostAnswer },
      ...invalid,
      ...staffRefusals,
      ...slugTaken,
    },
    handler: async (request, reply) => {
      const post = await refusalsAs(contentRefusal, async () =>
        admin.create(await actorOf(request), request.body),
      );
      return reply.status(201).send({ post });
    },
  });

  route({
    method: 'PUT',
    url: '/api/admin/blog/posts/:id',
    summary: 'Changes a post: every field given, as the form sends it',
    tag: TAG,
    permission: 'content.write',
    params: { id: contentIdParam },
    body: blogPostRequest,
    responses: {
      200: { description: 'Changed', schema: blogPostAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...slugTaken,
    },
    handler: async (request) => ({
      post: await refusalsAs(contentRefusal, async () =>
        admin.update(await actorOf(request), request.params.id, request.body),
      ),
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/admin/blog/posts/:id',
    summary: 'Removes a post',
    tag: TAG,
    permission: 'content.write',
    params: { id: contentIdParam },
    responses: { 204: { description: 'Removed' }, ...invalid, ...staffRefusals, ...notFound },
    handler: async (request, reply) => {
      await refusalsAs(contentRefusal, async () => admin.remove(await actorOf(request), request.params.id));
      return reply.status(204).send();
    },
  });
}
