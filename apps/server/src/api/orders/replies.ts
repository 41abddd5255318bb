import type { FastifyReply } from 'fastify';

/**
 * Shared by the order and payment routes: every answer is one shopper's (`private, no-store`); a domain
 * refusal goes on to the error handler, which answers it with its status (the viewer, `customerIdOf`, is
 * the account's).
 */
export async function answer<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  reply.header('cache-control', 'private, no-store');
  return await work();
}
