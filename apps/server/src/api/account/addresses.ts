import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountOf } from '../../sessions/account.ts';
import { bodyOf, sendResult } from './replies.ts';

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/**
 * The address book. Another customer's address answers 404 ADRES_BULUNAMADI, exactly like one that does
 * not exist (the domain scopes every look-up to the logged-in customer).
 */
export function registerAddressRoutes(app: FastifyInstance, accountOf: AccountOf) {
  app.get('/api/front/addresses', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).addresses.list(), (addresses) => ({
      status: 200,
      body: { addresses },
    })),
  );

  app.post('/api/front/addresses', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).addresses.create(bodyOf(request.body)), (address) => ({
      status: 201,
      body: { address },
    })),
  );

  app.get('/api/front/addresses/:id', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).addresses.get(idOf(request)), (address) => ({
      status: 200,
      body: { address },
    })),
  );

  app.put('/api/front/addresses/:id', async (request, reply) =>
    sendResult(
      reply,
      await accountOf(request, reply).addresses.update(idOf(request), bodyOf(request.body)),
      (address) => ({ status: 200, body: { address } }),
    ),
  );

  app.delete('/api/front/addresses/:id', async (request, reply) =>
    sendResult(reply, await accountOf(request, reply).addresses.remove(idOf(request)), () => ({
      status: 204,
    })),
  );

  app.post('/api/front/addresses/:id/default/:kind', async (request, reply) => {
    const { kind } = request.params as { kind: 'shipping' | 'billing' };
    return sendResult(
      reply,
      await accountOf(request, reply).addresses.setDefault(idOf(request), kind),
      (address) => ({ status: 200, body: { address } }),
    );
  });
}
