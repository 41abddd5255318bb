import type { Services } from '@vitrin/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { type AccountOf, SESSION_REQUIRED_MESSAGE } from '../../sessions/account.ts';
import { answer, customerIdOf, tokenOf } from './replies.ts';

const orderNoOf = (request: FastifyRequest) => (request.params as { orderNo: string }).orderNo;

/**
 * The customer's orders (panel: Siparişlerim) and one order for its customer or for the holder of its guest
 * link (`?token=`). Another customer's order, an unknown one and a wrong token all answer 404
 * SIPARIS_BULUNAMADI: nobody learns which order numbers exist.
 */
export function registerOrderRoutes(app: FastifyInstance, services: Services, accountOf: AccountOf) {
  app.get('/api/front/orders', async (request, reply) =>
    answer(reply, async () => {
      const customerId = await customerIdOf(accountOf, request, reply);
      if (customerId === null) throw new HttpError(401, 'OTURUM_GECERSIZ', SESSION_REQUIRED_MESSAGE);
      return services.orders.list(customerId, request.query);
    }),
  );

  app.get('/api/front/orders/:orderNo', async (request, reply) =>
    answer(reply, async () =>
      services.orders.detail(orderNoOf(request), {
        customerId: await customerIdOf(accountOf, request, reply),
        token: tokenOf(request),
      }),
    ),
  );

  app.post('/api/front/orders/:orderNo/cancel', async (request, reply) =>
    answer(reply, async () =>
      services.orders.cancel(orderNoOf(request), {
        customerId: await customerIdOf(accountOf, request, reply),
        token: tokenOf(request),
      }),
    ),
  );
}
