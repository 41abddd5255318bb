import { AccountError, accountErrorStatus, ShopError } from '@vitrin/core';
import { CART_COOKIE, CART_TOKEN_HEADER } from '@vitrin/shared/api/cart';
import type { FastifyReply } from 'fastify';
import { errorBody } from '../../http/errors.ts';

/**
 * Runs a cart operation and answers: the value with `status`, or a shopper's mistake (ShopError, AccountError)
 * as the error body with its 4xx. Anything else is a bug or an outage and goes to the error handler (500).
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
    if ((err instanceof ShopError || err instanceof AccountError) && reply.hasHeader(CART_TOKEN_HEADER)) {
      const cookies = [reply.getHeader('set-cookie') ?? []].flat().map(String);
      reply.removeHeader('set-cookie');
      reply.removeHeader(CART_TOKEN_HEADER);
      const kept = cookies.filter((c) => !c.startsWith(`${CART_COOKIE}=`));
      if (kept.length) reply.header('set-cookie', kept);
    }
    if (err instanceof ShopError)
      return reply.status(err.status).send(errorBody(err.code, err.message, err.fields));
    if (err instanceof AccountError) {
      return reply.status(accountErrorStatus[err.code]).send(errorBody(err.code, err.message, err.fields));
    }
    throw err;
  }
}
