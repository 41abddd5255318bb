import fastifyMultipart from '@fastify/multipart';
import type { ReviewPhotoUpload, Services } from '@vitrin/core';
import {
  MAX_REVIEW_PHOTO_BYTES,
  MAX_REVIEW_PHOTOS,
  reviewListQuery,
  reviewRequest,
} from '@vitrin/shared/api/reviews';
import { z } from '@vitrin/shared/zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody, HttpError } from '../../http/errors.ts';
import type { AccountOf } from '../../sessions/account.ts';
import { forCustomer } from '../../storefront/customer.ts';
import { type ReviewLimiter, submitReview } from '../../storefront/reviews.ts';
import { bodyOf, sendResult } from '../account/replies.ts';
import { apiRoutes, errorAnswer, invalid, maintenance, noSession, tooMany } from '../route.ts';
import { ownReviews, photoErrors, productNotFound, reviewAnswer, reviewPage, withPhotos } from './schemas.ts';

const MB = MAX_REVIEW_PHOTO_BYTES / (1024 * 1024);

const tooLarge = () =>
  new HttpError(413, 'DOSYA_COK_BUYUK', `Bir fotoğraf en fazla ${MB} MB olabilir.`, {
    photos: 'Fotoğraf çok büyük',
  });

/** Multipart failures of the client's making, in Turkish with our codes. */
const PART_ERRORS: Record<string, () => HttpError> = {
  FST_REQ_FILE_TOO_LARGE: tooLarge,
  FST_FILES_LIMIT: () =>
    new HttpError(
      400,
      'GECERSIZ_ISTEK',
      `Bir değerlendirmeye en fazla ${MAX_REVIEW_PHOTOS} fotoğraf eklenebilir.`,
      {
        photos: `En fazla ${MAX_REVIEW_PHOTOS} fotoğraf seçin`,
      },
    ),
  FST_PARTS_LIMIT: () => new HttpError(400, 'GECERSIZ_ISTEK', 'İstekte çok fazla alan var.'),
  FST_FIELDS_LIMIT: () => new HttpError(400, 'GECERSIZ_ISTEK', 'İstekte çok fazla alan var.'),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new HttpError(400, 'GECERSIZ_ISTEK', 'Çok parçalı form okunamadı.'),
};

/** The text fields and the `photos` parts of a multipart body, or the JSON body (no photos). */
async function reviewFormOf(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; photos: ReviewPhotoUpload[] }> {
  if (!request.isMultipart()) return { fields: bodyOf(request.body), photos: [] };
  const fields: Record<string, unknown> = {};
  const photos: ReviewPhotoUpload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        if (part.fieldname === 'photos' && bytes.length > 0) photos.push({ bytes });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const known = PART_ERRORS[(err as { code?: string }).code ?? ''];
    if (known) throw known();
    throw err;
  }
  return { fields, photos };
}

/**
 * Product reviews: the approved ones of a product (public, paged, sorted), a verified buyer's new review
 * (JSON, or multipart with up to 3 `photos`), and the logged-in customer's own reviews with their status.
 */
export async function registerReviewRoutes(
  app: FastifyInstance,
  services: Services,
  accountOf: AccountOf,
  limit: ReviewLimiter,
) {
  const { reviews } = services;
  const route = apiRoutes(app, accountOf);
  const tag = 'Mağaza: değerlendirmeler';
  const slug = { slug: z.string().describe('The product’s address (`/product/{slug}`)') };

  route({
    method: 'GET',
    url: '/api/front/products/:slug/reviews',
    summary:
      'The product’s approved reviews, a page of them (newest, highest or lowest first), with the summary',
    tag,
    params: slug,
    querystring: reviewListQuery,
    responses: { 200: { description: 'Reviews', schema: reviewPage }, ...invalid, ...productNotFound },
    handler: async (request, reply) => {
      const page = await reviews.page(request.params.slug, request.query);
      if (!page) {
        return reply.status(404).send(errorBody('URUN_BULUNAMADI', 'Ürün bulunamadı.'));
      }
      return reply.status(200).send(page);
    },
  });

  route({
    method: 'GET',
    url: '/api/front/account/reviews',
    summary: "The customer's reviews, newest first, each with its status and the reason it was not published",
    tag,
    auth: true,
    responses: { 200: { description: 'Reviews', schema: ownReviews }, ...noSession },
    handler: async (request, reply) =>
      sendResult(reply, await forCustomer(accountOf, request, reply, (id) => reviews.own(id)), (list) => ({
        status: 200,
        body: { reviews: list },
      })),
  });

  // Multipart is parsed only here (its own plugin scope), like the support tickets' attachments.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_REVIEW_PHOTO_BYTES, files: MAX_REVIEW_PHOTOS, fields: 6, parts: 10 },
    });
    apiRoutes(
      scope,
      accountOf,
    )({
      method: 'POST',
      url: '/api/front/products/:slug/reviews',
      summary: `Writes a review (JSON, or multipart/form-data with up to ${MAX_REVIEW_PHOTOS} \`photos\`): a customer whose order with the product was delivered, once a product; it waits for moderation`,
      tag,
      auth: true,
      params: slug,
      body: withPhotos(reviewRequest),
      multipart: true,
      checkedByDomain: true,
      responses: {
        201: { description: 'The review, pending moderation', schema: reviewAnswer },
        ...invalid,
        ...noSession,
        403: errorAnswer(
          'DEGERLENDIRME_YETKISI_YOK: no delivered order of this customer has the product; KAYNAK_REDDEDILDI: a write from another site',
        ),
        ...productNotFound,
        409: errorAnswer('DEGERLENDIRME_VAR: the customer has reviewed this product'),
        ...tooMany,
        ...photoErrors,
        ...maintenance,
      },
      bodyLimit: MAX_REVIEW_PHOTOS * MAX_REVIEW_PHOTO_BYTES + 64 * 1024,
      handler: async (request, reply) =>
        sendResult(
          reply,
          await submitReview(services, accountOf, limit, request, reply, request.params.slug, () =>
            reviewFormOf(request),
          ),
          (review) => ({ status: 201, body: { review } }),
        ),
    });
  });
}
