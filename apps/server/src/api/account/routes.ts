import type { FastifyInstance } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { bodyOf, sendResult } from './replies.ts';

/** The panel's information page: profile, e-mail, password, consent, data export and account deletion. */
export function registerAccountRoutes(app: FastifyInstance, accountOf: AccountOf) {
  const profile = { status: 200 } as const;

  app.get('/api/front/account', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).profile(), (customer) => ({
      ...profile,
      body: { customer },
    })),
  );

  app.patch('/api/front/account', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).updateProfile(bodyOf(request.body)), (customer) => ({
      ...profile,
      body: { customer },
    })),
  );

  app.post('/api/front/account/email', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).changeEmail(bodyOf(request.body)), (customer) => ({
      ...profile,
      body: { customer },
    })),
  );

  app.post('/api/front/account/password', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).changePassword(bodyOf(request.body)), () => ({
      status: 204,
    })),
  );

  app.post('/api/front/account/consent', async (request, reply) =>
    sendResult(
      reply,
      await accountOf(request, reply).setMarketingConsent(bodyOf(request.body)),
      (customer) => ({ ...profile, body: { customer } }),
    ),
  );

  // KVKK's right of access: a file to keep, not a page to show.
  app.get('/api/front/account/export', async (request, reply) => {
    const result = await accountOf(request, reply).exportData();
    if (result.ok) {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="hesap-verilerim-${day}.json"`);
    }
    return sendResult(reply, result, (data) => ({ status: 200, body: JSON.stringify(data, null, 2) }));
  });

  app.post('/api/front/account/delete', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).deleteAccount(bodyOf(request.body)), () => ({
      status: 204,
    })),
  );
}
