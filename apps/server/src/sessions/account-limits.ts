import type { Failure } from '@vitrin/shared/api/account-context';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Attempts per IP address and minute; the REST routes and the page forms share one count each. */
export const ACCOUNT_LIMITS = { login: 10, register: 5, forgot: 5, reset: 10 } as const;
export type LimitedAction = keyof typeof ACCOUNT_LIMITS;

export const RATE_LIMIT_CODE = 'COK_FAZLA_ISTEK';

export const rateLimitMessage = (seconds: number) =>
  `Kısa sürede çok fazla deneme yapıldı. Lütfen ${seconds} saniye sonra yeniden deneyin.`;

/** Counts one attempt; answers the refusal when the address is over its limit (Retry-After is set). */
export type AccountLimiter = (
  action: LimitedAction,
  request: FastifyRequest,
  reply: FastifyReply | undefined,
) => Promise<Failure | null>;

/**
 * The limits of login, registration and password reset. They are counted where the account operation runs
 * (the account context), so a REST call and a page form post (`POST /login`, or `/login.data` when
 * JavaScript submits it) spend the same allowance, whatever path the page's form posts to. A refused page
 * post renders the form with the message instead of an error screen. Counts live in this process (one
 * node's share when several run behind a load balancer).
 */
export function createAccountLimiter(app: FastifyInstance): AccountLimiter {
  const limiters = Object.fromEntries(
    Object.entries(ACCOUNT_LIMITS).map(([action, max]) => [
      action,
      app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (request) => request.ip }),
    ]),
  ) as Record<LimitedAction, ReturnType<FastifyInstance['createRateLimit']>>;

  return async (action, request, reply) => {
    const result = await limiters[action](request);
    if (result.isAllowed || !result.isExceeded) return null;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply?.header('retry-after', String(seconds));
    return {
      ok: false,
      status: 429,
      error: { code: RATE_LIMIT_CODE, message: rateLimitMessage(seconds) },
    };
  };
}
