import type { Services } from '@vitrin/core';
import { ContentAdminError } from '@vitrin/core/content/admin';
import {
  contentIdParam,
  pageAnswer,
  pageListAnswer,
  pageListQuery,
  pageRequest,
} from '@vitrin/shared/api/admin/pages';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../../http/errors.ts';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { refusalsAs, signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: içerik sayfaları';

/** A refusal of the page or blog admin as its answer. */
export const contentRefusal = (err: unknown) =>
  err instanceof ContentAdminError ? new HttpError(err.status, err.code, err.message, err.fields) : undefined;

export const slugTaken = {
  409: errorAnswer('SLUG_KAYITLI: the typed slug is taken (`fields.slug` offers a free one, e.g. `-2`)'),
};

/**
 * Content pages of the four page types (owners and managers: `content.write`). The body is sanitized before
 * it is stored (`html/sanitize.ts`); a blank slug is made from the title. Every change is audited and in the
 * storefront at once.
 */
export function registerAdminPageRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const admin = services.pageAdmin;
  const actorOf = async (request: Parameters<typeof signedIn>[1]) =>
    staffActor(await signedIn(staffOf, request));
  const notFound = { 404: errorAnswer('SAYFA_BULUNAMADI') };

  route({
    method: 'GET',
    url: '/api/admin/pages',
    summary: 'Content pages, by type and position (`type` 1–4: only that type)',
    tag: TAG,
    permission: 'content.write',
    querystring: pageListQuery,
    responses: { 200: { description: 'The pages', schema: pageListAnswer }, ...invalid, ...staffRefusals },
    handler: async (request) => ({ items: await admin.list(request.query.type) }),
  });

  route({
    method: 'GET',
    url: '/api/admin/pages/:id',
    summary: 'A page with its body, for the form',
    tag: TAG,
    permission: 'content.write',
    params: { id: contentIdParam },
    responses: {
      200: { description: 'The page', schema: pageAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => ({
      page: await refusalsAs(contentRefusal, () => admin.get(request.params.id)),
    }),
  });

  route({
    method: 'POST',
    url: '/api/admin/pages',
    summary: 'Adds a page (its body sanitized; a blank slug made from the title)',
    tag: TAG,
    permission: 'content.write',
    body: pageRequest,
    responses: {
      201: { description: 'Added', schema: pageAnswer },
      ...invalid,
      ...staffRefusals,
      ...slugTaken,
    },
    handler: async (request, reply) => {
      const page = await refusalsAs(contentRefusal, async () =>
        admin.create(await actorOf(request), request.body),
      );
      return reply.status(201).send({ page });
    },
  });

  route({
    method: 'PUT',
    url: '/api/admin/pages/:id',
    summary: 'Changes a page: every field given, as the form sends it',
    tag: TAG,
    permission: 'content.write',
    params: { id: contentIdParam },
    body: pageRequest,
    responses: {
      200: { description: 'Changed', schema: pageAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...slugTaken,
    },
    handler: async (request) => ({
      page: await refusalsAs(contentRefusal, async () =>
        admin.update(await actorOf(request), request.params.id, request.body),
      ),
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/admin/pages/:id',
    summary: 'Removes a page',
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
