import type { FastifyInstance } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { bodyOf, sendResult } from './replies.ts';

/** The answer to "forgot password", the same whether or not the address has an account. */
export const FORGOT_MESSAGE =
  'Bu e-posta adresiyle kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderildi. Gelen kutunuzu (ve istenmeyen e-postalar klasörünü) kontrol edin.';

/**
 * Registration, login, logout and password reset. Browsers get the session as an httpOnly cookie; API
 * clients log in with `bearer: true` and get the token in the body, to send as `Authorization: Bearer`.
 */
export function registerAuthRoutes(app: FastifyInstance, accountOf: AccountOf) {
  app.post('/api/front/auth/register', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).register(bodyOf(request.body)), (customer) => ({
      status: 201,
      body: { customer },
    })),
  );

  app.post('/api/front/auth/login', async (request, reply) => {
    const { bearer, ...fields } = bodyOf(request.body);
    const account = accountOf(request, reply);
    if (bearer === true) {
      return sendResult(reply, await account.loginWithBearer(fields), (login) => ({
        status: 200,
        body: login,
      }));
    }
    return sendResult(reply, await account.login(fields), (customer) => ({
      status: 200,
      body: { customer },
    }));
  });

  app.post('/api/front/auth/logout', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).logout(), () => ({ status: 204 })),
  );

  app.post('/api/front/auth/forgot', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).forgot(bodyOf(request.body)), () => ({
      status: 202,
      body: { message: FORGOT_MESSAGE },
    })),
  );

  app.post('/api/front/auth/reset', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).resetPassword(bodyOf(request.body)), () => ({
      status: 204,
    })),
  );

  app.get('/api/front/auth/me', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).profile(), (customer) => ({
      status: 200,
      body: { customer },
    })),
  );
}
