import { OrderError } from '@vitrin/core';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http/errors.ts';

/**
 * Shared by the order and payment routes: every answer is one shopper's (`private, no-store`), a domain
 * refusal becomes the API error body with its status (the viewer, `customerIdOf`, is the account's).
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
