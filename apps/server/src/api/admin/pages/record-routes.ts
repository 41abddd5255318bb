import type { AuditActor } from '@vitrin/core/audit/record';
import { contentIdParam } from '@vitrin/shared/api/admin/pages';
import type { z } from '@vitrin/shared/zod';
import type { FastifyRequest } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { type apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import type { ApiTag } from '../../tags.ts';
import { signedIn, staffActor } from '../replies.ts';

/** What the page and the blog admin both do to one record. */
export interface RecordAdmin<T> {
  get(id: number): Promise<T>;
  /** `body` as the route's `request` schema parsed it: each admin takes its schema's output type. */
  create(actor: AuditActor, body: unknown): Promise<T>;
  update(actor: AuditActor, id: number, body: unknown): Promise<T>;
  remove(actor: AuditActor, id: number): Promise<void>;
}

/**
 * The routes of one page or post (`content.write`): read it, add one, change it whole, remove it. Refusals
 * of the domain are their answers: 400 with fields, 404 `notFound`, 409 SLUG_KAYITLI, and for a `versioned`
 * record 409 KAYIT_DEGISTI when a change sends a `loadedUpdatedAt` that is no longer the record's.
 */
export function registerRecordRoutes<T>(
  route: ReturnType<typeof apiRoutes>,
  staffOf: StaffOf,
  spec: {
    url: `/api/admin/${string}`;
    tag: ApiTag;
    /** The answer's key: `{ page }`, `{ post }`. */
    key: string;
    admin: RecordAdmin<T>;
    request: z.ZodType;
    answer: z.ZodType;
    notFound: string;
    /** The request takes `loadedUpdatedAt` (pages, posts): a change on a changed record is 409 KAYIT_DEGISTI. */
    versioned?: boolean;
    summaries: { get: string; create: string; update: string; remove: string };
  },
) {
  const { url, tag, key, admin, summaries } = spec;
  const actorOf = async (request: FastifyRequest) => staffActor(await signedIn(staffOf, request));
  const notFound = { 404: errorAnswer(spec.notFound) };
  const slugTaken = {
    409: errorAnswer('SLUG_KAYITLI: the typed slug is taken (`fields.slug` offers a free one, e.g. `-2`)'),
  };
  const changeRefused = spec.versioned
    ? {
        409: errorAnswer(
          'SLUG_KAYITLI: the typed slug is taken (`fields.slug` offers a free one); KAYIT_DEGISTI: someone changed the record since its `loadedUpdatedAt` (load it again)',
        ),
      }
    : slugTaken;
  const params = { id: contentIdParam };
  const common = { tag, permission: 'content.write' } as const;

  route({
    ...common,
    method: 'GET',
    url: `${url}/:id`,
    summary: summaries.get,
    params,
    responses: {
      200: { description: 'Found', schema: spec.answer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => ({ [key]: await admin.get(request.params.id) }),
  });

  route({
    ...common,
    method: 'POST',
    url,
    summary: summaries.create,
    body: spec.request,
    responses: {
      201: { description: 'Added', schema: spec.answer },
      ...invalid,
      ...staffRefusals,
      ...slugTaken,
    },
    handler: async (request, reply) => {
      const stored = await admin.create(await actorOf(request), request.body);
      return reply.status(201).send({ [key]: stored });
    },
  });

  route({
    ...common,
    method: 'PUT',
    url: `${url}/:id`,
    summary: summaries.update,
    params,
    body: spec.request,
    responses: {
      200: { description: 'Changed', schema: spec.answer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
      ...changeRefused,
    },
    handler: async (request) => ({
      [key]: await admin.update(await actorOf(request), request.params.id, request.body),
    }),
  });

  route({
    ...common,
    method: 'DELETE',
    url: `${url}/:id`,
    summary: summaries.remove,
    params,
    responses: { 204: { description: 'Removed' }, ...invalid, ...staffRefusals, ...notFound },
    handler: async (request, reply) => {
      await admin.remove(await actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
