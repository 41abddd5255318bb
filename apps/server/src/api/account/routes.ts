import {
  consentInput,
  deleteAccountInput,
  emailChangeInput,
  passwordChangeInput,
  profileInput,
} from '@vitrin/shared/api/account';
import type { FastifyInstance } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { apiRoutes, errorAnswer, noSession } from '../route.ts';
import { bodyOf, sendResult } from './replies.ts';
import { customerAnswer, panelWrite, wrongPassword } from './schemas.ts';

/** The panel's information page: profile, e-mail, password, consent, data export and account deletion. */
export function registerAccountRoutes(app: FastifyInstance, accountOf: AccountOf) {
  const route = apiRoutes(app, accountOf);
  const profile = { status: 200 } as const;
  const tag = 'Mağaza: hesabım';
  const profileAnswer = { 200: { description: 'Profile', schema: customerAnswer } };

  route({
    method: 'GET',
    url: '/api/front/account',
    summary: 'The customer profile (panel: Bilgilerim)',
    tag,
    auth: true,
    responses: { ...profileAnswer, ...noSession },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).profile(), (customer) => ({
        ...profile,
        body: { customer },
      })),
  });

  route({
    method: 'PATCH',
    url: '/api/front/account',
    summary: 'Changes name and mobile phone',
    tag,
    auth: true,
    body: profileInput,
    responses: { ...profileAnswer, ...panelWrite },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).updateProfile(bodyOf(request.body)), (customer) => ({
        ...profile,
        body: { customer },
      })),
  });

  route({
    method: 'POST',
    url: '/api/front/account/email',
    summary: 'Changes the login e-mail address (password as proof)',
    tag,
    auth: true,
    body: emailChangeInput,
    responses: { ...profileAnswer, ...panelWrite, ...wrongPassword, 409: errorAnswer('EPOSTA_KAYITLI') },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).changeEmail(bodyOf(request.body)), (customer) => ({
        ...profile,
        body: { customer },
      })),
  });

  route({
    method: 'POST',
    url: '/api/front/account/password',
    summary: 'Changes the password (current one as proof); ends the other sessions and every device cookie',
    tag,
    auth: true,
    body: passwordChangeInput,
    responses: { 204: { description: 'Changed' }, ...panelWrite, ...wrongPassword },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).changePassword(bodyOf(request.body)), () => ({
        status: 204,
      })),
  });

  route({
    method: 'POST',
    url: '/api/front/account/consent',
    summary: 'Commercial electronic message consent on or off',
    tag,
    auth: true,
    body: consentInput,
    responses: { ...profileAnswer, ...panelWrite },
    handler: async (request, reply) =>
      sendResult(
        reply,
        await accountOf(request, reply).setMarketingConsent(bodyOf(request.body)),
        (customer) => ({ ...profile, body: { customer } }),
      ),
  });

  // KVKK's right of access: a file to keep, not a page to show.
  route({
    method: 'GET',
    url: '/api/front/account/export',
    summary: 'Everything stored about the customer as a JSON file (KVKK right of access)',
    tag,
    auth: true,
    responses: { 200: { description: 'JSON download (content-disposition: attachment)' }, ...noSession },
    handler: async (request, reply) => {
      const result = await accountOf(request, reply).exportData();
      if (result.ok) {
        const day = new Date().toISOString().slice(0, 10);
        reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="hesap-verilerim-${day}.json"`);
      }
      return sendResult(reply, result, (data) => ({ status: 200, body: JSON.stringify(data, null, 2) }));
    },
  });

  route({
    method: 'POST',
    url: '/api/front/account/delete',
    summary: 'Deletes the account (password as proof): personal data erased, session ended, cookies expired',
    tag,
    auth: true,
    body: deleteAccountInput,
    responses: { 204: { description: 'Deleted' }, ...panelWrite, ...wrongPassword },
    handler: async (request, reply) =>
      sendResult(reply, await accountOf(request, reply).deleteAccount(bodyOf(request.body)), () => ({
        status: 204,
      })),
  });
}
