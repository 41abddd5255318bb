import { OrderError } from '@vitrin/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { AccountOf } from '../../sessions/account.ts';

/**
 * Shared by the order and payment routes: every answer is one shopper's (`private, no-store`), a domain
 * refusal becomes the API error body with its status, and the viewer is the logged-in customer (if any)
 * (the guest link's `token` is the query's).
 */
export async function answer<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  reply.header('cache-control', 'private, no-store');
  try {
    return await work();
  } catch (err) {
    if (err instanceof OrderError) throw new HttpError(err.status, err.code, err.message, err.fields);
    throw err;
  }
}

export async function customerIdOf(accountOf: AccountOf, request: FastifyRequest, reply: FastifyReply) {
  const account = accountOf(request, reply);
  // No session token, no look-up: a guest with a link costs no session query.
  return account.hasSession() ? ((await account.customer())?.id ?? null) : null;
}
