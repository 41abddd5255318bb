import { DomainError } from '@vitrin/core';
import { CART_COOKIE, CART_TOKEN_HEADER } from '@vitrin/shared/api/cart';
import type { FastifyReply } from 'fastify';

/**
 * Runs a cart operation and answers: the value with `status`; a shopper's mistake (a DomainError) goes to the
 * error handler, which answers its error body, as anything else (a bug or an outage, 500) does.
 * Cart answers belong to one shopper: never cached.
 */
export async function answer<T>(reply: FastifyReply, status: number, work: () => Promise<T>) {
  reply.header('cache-control', 'private, no-store');
  try {
    const value = await work();
    return reply.status(status).send(value);
  } catch (err) {
    // A cookie set for a new guest cart that was never written would point at nothing: drop it (and only
    // it: a renewed session cookie on the same answer stays).
    if (err instanceof DomainError && reply.hasHeader(CART_TOKEN_HEADER)) {
      const cookies = [reply.getHeader('set-cookie') ?? []].flat().map(String);
      reply.removeHeader('set-cookie');
      reply.removeHeader(CART_TOKEN_HEADER);
      const kept = cookies.filter((c) => !c.startsWith(`${CART_COOKIE}=`));
      if (kept.length) reply.header('set-cookie', kept);
    }
    throw err;
  }
}
