import { clientErrorReportSchema } from '@vitrin/shared/api/client-errors';
import type { FastifyInstance } from 'fastify';
import { apiRoutes, invalid } from './route.ts';

/** Browsers report their errors here so they show up in the server log with a request id. */
export function registerClientErrorRoutes(app: FastifyInstance) {
  apiRoutes(app)({
    method: 'POST',
    url: '/api/front/client-errors',
    summary: 'A browser reports one of its errors to the server log',
    tag: 'Mağaza: genel',
    body: clientErrorReportSchema,
    responses: { 204: { description: 'Logged' }, ...invalid, 429: { description: 'Too many reports' } },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      // Logged as the route's schema parsed it: unknown keys dropped, texts cut to their limits.
      request.log.warn({ clientError: request.body }, 'client error report');
      return reply.status(204).send();
    },
  });
}
