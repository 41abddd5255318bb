import type { CartOwner } from '@vitrin/core';
import type { Failure } from '@vitrin/shared/api/account-context';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RATE_LIMIT_CODE } from '../sessions/account-limits.ts';
import { refusal } from './results.ts';

/**
 * Coupon codes tried per client address and per cart in `COUPON_WINDOW_MS`: far more than a shopper types
 * (the client allowance leaves room for a household behind one address), far fewer than guessing needs.
 */
export const COUPON_LIMITS = { perClient: 30, perCart: 10 } as const;
export const COUPON_WINDOW_MS = 10 * 60_000;

const ownerKey = (owner: CartOwner) =>
  'customerId' in owner ? `kupon-musteri:${owner.customerId}` : `kupon-sepet:${owner.token}`;

/** Counts one coupon attempt of the request's client and cart: the 429 refusal when over, else null. */
export type CouponLimiter = (
  request: FastifyRequest,
  reply: FastifyReply,
  owner: CartOwner | null,
) => Promise<Failure | null>;

/**
 * One count for the REST route and the cart page's form. When the client or the cart is over its allowance,
 * Retry-After goes on the answer and the refusal comes back. A guest without a cart yet is counted by
 * address only (a new cart per guess is still one client). Counts live in this process: each app node
 * counts its own share.
 */
export function createCouponLimiter(app: FastifyInstance): CouponLimiter {
  const cartKeys = new WeakMap<FastifyRequest, string>();
  const byClient = app.createRateLimit({
    max: COUPON_LIMITS.perClient,
    timeWindow: COUPON_WINDOW_MS,
    keyGenerator: (request) => `kupon-ip:${request.ip}`,
  });
  const byCart = app.createRateLimit({
    max: COUPON_LIMITS.perCart,
    timeWindow: COUPON_WINDOW_MS,
    keyGenerator: (request) => cartKeys.get(request)!,
  });

  return async (request, reply, owner) => {
    const results = [await byClient(request)];
    if (owner) {
      cartKeys.set(request, ownerKey(owner));
      results.push(await byCart(request));
    }
    const waits = results.flatMap((r) => (!r.isAllowed && r.isExceeded ? [r.ttlInSeconds] : []));
    if (!waits.length) return null;
    const seconds = Math.max(1, ...waits);
    const minutes = Math.ceil(seconds / 60);
    reply.header('retry-after', String(seconds));
    return refusal(
      429,
      RATE_LIMIT_CODE,
      `Kısa sürede çok fazla kupon kodu denendi. Lütfen ${minutes} dakika sonra yeniden deneyin.`,
      { code: 'Çok fazla deneme yapıldı' },
    );
  };
}
