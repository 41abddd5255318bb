import type { Services } from '@vitrin/core';
import type { FastifyInstance } from 'fastify';
import {
  createReadiness,
  NOT_READY_REASON,
  READINESS_STATUS,
  type Readiness,
  type ReadinessBody,
} from './readiness.ts';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the node has started, is not stopping
 * and its database answers; readiness.ts). Neither is ever stored by a cache on the way.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  services: Services,
  readiness: Readiness = createReadiness(),
) {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const database = services.database.kind;
    const notReady = readiness.notReady();
    if (notReady) return reply.status(503).send({ ...notReady, database } satisfies ReadinessBody);
    try {
      await services.database.ping();
      return reply.send({ status: READINESS_STATUS.Ready, database } satisfies ReadinessBody);
    } catch (err) {
      request.log.error({ err }, 'database not reachable');
      return reply.status(503).send({
        status: READINESS_STATUS.Unavailable,
        database,
        reason: NOT_READY_REASON.Database,
      } satisfies ReadinessBody);
    }
  });
}

/**
 * Once the node is told to stop, each answer closes its connection (`Connection: close`), those of requests
 * that came before too: a balancer or a browser holding a kept-alive connection opens its next one elsewhere,
 * and none is left idle to hold the node's close open or to be cut under a request when it stops listening.
 */
export function closeConnectionsWhenStopping(app: FastifyInstance, readiness: Readiness) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (readiness.stopping()) reply.header('connection', 'close');
    return payload;
  });
}
