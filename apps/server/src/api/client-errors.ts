import { clientErrorReportSchema } from '@vitrin/shared/api/client-errors';
import type { FastifyInstance } from 'fastify';
import { parseInput } from './validation.ts';

/** Browsers report their errors here so they show up in the server log with a request id. */
export function registerClientErrorRoutes(app: FastifyInstance) {
  app.post(
    '/api/front/client-errors',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const report = parseInput(clientErrorReportSchema, request.body);
      request.log.warn({ clientError: report }, 'client error report');
      return reply.status(204).send();
    },
  );
}
