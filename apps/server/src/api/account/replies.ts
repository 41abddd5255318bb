import type { Result } from '@vitrin/shared/api/account-context';
import type { FastifyReply } from 'fastify';
import { errorBody } from '../../http/errors.ts';

/**
 * Sends an account result as the API answer: a failure as the error body with its status (the account
 * context decided it, as it does for the pages), a success with `success`'s status and body and the
 * result's cookies. Account answers are never cached anywhere.
 */
export function sendResult<T>(
  reply: FastifyReply,
  result: Result<T>,
  success: (value: T) => { status: number; body?: unknown },
) {
  reply.header('cache-control', 'no-store');
  if (!result.ok) {
    const { code, message, fields } = result.error;
    if (result.retryAfter) reply.header('retry-after', String(result.retryAfter));
    return reply.status(result.status).send(errorBody(code, message, fields));
  }
  if (result.setCookie.length) reply.header('set-cookie', result.setCookie);
  const { status, body } = success(result.value);
  reply.status(status);
  return body === undefined ? reply.send() : reply.send(body);
}

/** A request body as the account context takes it (it validates; a missing body is an empty form). */
export const bodyOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
