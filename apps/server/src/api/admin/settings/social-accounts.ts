import type { Services } from '@vitrin/core';
import {
  socialAccountAnswer,
  socialAccountIdParam,
  socialAccountListAnswer,
  socialAccountOrderRequest,
  socialAccountRequest,
} from '@vitrin/shared/api/admin/social-accounts';
import type { FastifyInstance } from 'fastify';
import type { StaffOf } from '../../../sessions/staff-session.ts';
import { apiRoutes, errorAnswer, invalid, staffRefusals } from '../../route.ts';
import { signedIn, staffActor } from '../replies.ts';

const TAG = 'Yönetim: sosyal medya hesapları';
const notFound = { 404: errorAnswer('SOSYAL_HESAP_BULUNAMADI') };

/**
 * The storefront footer's social media accounts (owners and managers: `content.write`, as the catalogue and
 * the content are theirs too). A URL that is not http(s) is 400 with `Invalid URL` on `url`; every change is in
 * the audit log and in the footer at once.
 */
export function registerSocialAccountRoutes(app: FastifyInstance, services: Services, staffOf: StaffOf) {
  const route = apiRoutes(app, undefined, staffOf);
  const admin = services.navigation.socialAccountAdmin;
  const actorOf = async (request: Parameters<typeof signedIn>[1]) =>
    staffActor(await signedIn(staffOf, request));

  route({
    method: 'GET',
    url: '/api/admin/social-accounts',
    summary: 'The social media accounts in the footer, in their order',
    tag: TAG,
    permission: 'content.write',
    responses: { 200: { description: 'The accounts', schema: socialAccountListAnswer }, ...staffRefusals },
    handler: async () => ({ items: await admin.list() }),
  });

  route({
    method: 'POST',
    url: '/api/admin/social-accounts',
    summary: 'Adds an account at the end of the footer’s list',
    tag: TAG,
    permission: 'content.write',
    body: socialAccountRequest,
    responses: {
      201: { description: 'Added', schema: socialAccountAnswer },
      ...invalid,
      ...staffRefusals,
      422: errorAnswer('SOSYAL_HESAP_SINIRI: 20 accounts at most'),
    },
    handler: async (request, reply) => {
      const account = await admin.create(await actorOf(request), request.body);
      return reply.status(201).send({ account });
    },
  });

  route({
    method: 'POST',
    url: '/api/admin/social-accounts/order',
    summary: 'Puts the accounts in a new order: every account’s id once, the first shown first',
    tag: TAG,
    permission: 'content.write',
    body: socialAccountOrderRequest,
    responses: {
      200: { description: 'The accounts in their new order', schema: socialAccountListAnswer },
      ...invalid,
      ...staffRefusals,
      409: errorAnswer('SOSYAL_HESAP_SIRASI_ESKI: the ids are not the accounts stored now'),
    },
    handler: async (request) => ({
      items: await admin.reorder(await actorOf(request), request.body),
    }),
  });

  route({
    method: 'PATCH',
    url: '/api/admin/social-accounts/:id',
    summary: 'Changes an account: its platform, name and URL, all three given',
    tag: TAG,
    permission: 'content.write',
    params: { id: socialAccountIdParam },
    body: socialAccountRequest,
    responses: {
      200: { description: 'Changed', schema: socialAccountAnswer },
      ...invalid,
      ...staffRefusals,
      ...notFound,
    },
    handler: async (request) => ({
      account: await admin.update(await actorOf(request), request.params.id, request.body),
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/admin/social-accounts/:id',
    summary: 'Removes an account from the footer',
    tag: TAG,
    permission: 'content.write',
    params: { id: socialAccountIdParam },
    responses: { 204: { description: 'Removed' }, ...invalid, ...staffRefusals, ...notFound },
    handler: async (request, reply) => {
      await admin.remove(await actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
