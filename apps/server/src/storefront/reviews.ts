import type { ReviewPhotoUpload, Services } from '@vitrin/core';
import { photoTooLarge, tooManyPhotos } from '@vitrin/core/reviews/errors';
import type { Failure, FormFields, Result } from '@vitrin/shared/api/account-context';
import {
  MAX_REVIEW_PHOTO_BYTES,
  MAX_REVIEW_PHOTOS,
  type OwnReview,
  type ReviewsContext,
} from '@vitrin/shared/api/reviews-context';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AccountOf, customerIdOf, SESSION_REQUIRED_MESSAGE } from '../sessions/account.ts';
import { RATE_LIMIT_CODE } from '../sessions/account-limits.ts';
import { refusal, resultOf } from './results.ts';

/** New reviews a customer may send in an hour, and an IP address (several customers behind one office line). */
export const REVIEW_LIMITS_PER_HOUR = { customer: 10, ip: 30 } as const;
const HOUR_MS = 60 * 60 * 1000;

export const reviewRateLimitMessage = (seconds: number) =>
  `Kısa sürede çok fazla değerlendirme gönderildi. Lütfen ${Math.ceil(seconds / 60)} dakika sonra yeniden deneyin.`;

/** Counts one review sent by this customer from this address; the refusal when either is over (Retry-After set). */
export type ReviewLimiter = (
  request: FastifyRequest,
  reply: FastifyReply,
  customerId: number,
) => Promise<Failure | null>;

/**
 * 10 review posts a customer and 30 an IP address in an hour (refused ones count too: a probe spends them); the
 * REST route and the page's form share the counts.
 * Counts live in this process (one node's share behind a load balancer), like the other limits.
 */
export function createReviewLimiter(app: FastifyInstance): ReviewLimiter {
  const customerOf = new WeakMap<FastifyRequest, number>();
  const byCustomer = app.createRateLimit({
    max: REVIEW_LIMITS_PER_HOUR.customer,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `review-customer:${customerOf.get(request) ?? 0}`,
  });
  const byIp = app.createRateLimit({
    max: REVIEW_LIMITS_PER_HOUR.ip,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `review-ip:${request.ip}`,
  });
  return async (request, reply, customerId) => {
    customerOf.set(request, customerId);
    for (const limiter of [byCustomer, byIp]) {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) continue;
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      return refusal(429, RATE_LIMIT_CODE, reviewRateLimitMessage(seconds));
    }
    return null;
  };
}

/**
 * Writes the logged-in customer's review: 401 without a session, 429 over the limit, then the domain's
 * answer. One path for the REST route and the page's form post.
 */
export async function submitReview(
  services: Services,
  accountOf: AccountOf,
  limit: ReviewLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  slug: string,
  read: () => Promise<{ fields: FormFields; photos: ReviewPhotoUpload[] }>,
): Promise<Result<OwnReview>> {
  const id = await customerIdOf(accountOf, request, reply);
  if (id === null) return refusal(401, 'OTURUM_GECERSIZ', SESSION_REQUIRED_MESSAGE);
  const refused = await limit(request, reply, id);
  if (refused) return refused;
  return resultOf(async () => {
    const { fields, photos } = await read();
    return services.reviews.submit(id, slug, fields, photos);
  });
}

/** The posted `photos` of a page's form (web `File`s; the empty one of a file input left alone is none). */
export async function photosOf(fields: FormFields): Promise<ReviewPhotoUpload[]> {
  const posted = fields.photos;
  const files = (Array.isArray(posted) ? posted : [posted]).filter(
    (f): f is Blob => f instanceof Blob && f.size > 0,
  );
  if (files.length > MAX_REVIEW_PHOTOS) throw tooManyPhotos();
  // Refused before reading: the page's action may hand over anything the browser sent.
  if (files.some((f) => f.size > MAX_REVIEW_PHOTO_BYTES)) throw photoTooLarge();
  return Promise.all(files.map(async (f) => ({ bytes: Buffer.from(await f.arrayBuffer()) })));
}

/** The review pages' part of the load context: the same calls as `api/reviews/routes.ts`. */
export function createReviewsContext(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  accountOf: AccountOf,
  limit: ReviewLimiter,
): ReviewsContext {
  const { reviews } = services;
  return {
    page: (slug, query) => reviews.page(slug, query),
    async form(slug) {
      return reviews.form(await customerIdOf(accountOf, request, reply), slug);
    },
    submit: (slug, fields) =>
      submitReview(services, accountOf, limit, request, reply, slug, async () => {
        const { photos: _photos, ...text } = fields;
        return { fields: text, photos: await photosOf(fields) };
      }),
    async own() {
      const id = await customerIdOf(accountOf, request, reply);
      if (id === null) return refusal(401, 'OTURUM_GECERSIZ', SESSION_REQUIRED_MESSAGE);
      return resultOf(() => reviews.own(id));
    },
  };
}
