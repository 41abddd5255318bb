import type { Services } from '@vitrin/core';
import type { FastifyInstance } from 'fastify';

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers too). */
export function registerHealthRoutes(app: FastifyInstance, services: Services) {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await services.database.ping();
      return reply.send({ status: 'ok', database: services.database.kind });
    } catch (err) {
      request.log.error({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', database: services.database.kind });
    }
  });
}
