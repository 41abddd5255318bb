import { z } from '@vitrin/shared/zod';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../validation.ts';

const clientErrorSchema = z.object({
  kind: z.enum(['chunk-load', 'render', 'logout', 'unhandled']),
  message: z.string().trim().min(1).max(1000),
  url: z.string().max(2048),
});

/** Browsers report their errors here so they show up in the server log with a request id. */
export function registerClientErrorRoutes(app: FastifyInstance) {
  app.post(
    '/api/front/client-errors',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const report = parseBody(clientErrorSchema, request.body);
      request.log.warn({ clientError: report }, 'client error report');
      return reply.status(204).send();
    },
  );
}
