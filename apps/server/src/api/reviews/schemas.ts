import {
  MAX_REVIEW_PHOTO_BYTES,
  MAX_REVIEW_PHOTOS,
  type OwnReview,
  REVIEWS_PER_PAGE,
  type ReviewPage,
} from '@vitrin/shared/api/reviews';
import { z } from '@vitrin/shared/zod';
import { errorAnswer } from '../route.ts';

/** What the review routes answer, as zod schemas (the shared module has them as types). */

const MB = MAX_REVIEW_PHOTO_BYTES / (1024 * 1024);

export const productNotFound = { 404: errorAnswer('URUN_BULUNAMADI: no active product has this address') };
export const photoErrors = {
  413: errorAnswer(`DOSYA_COK_BUYUK: a photo is over ${MB} MB`),
  415: errorAnswer('DOSYA_TURU_GECERSIZ: a photo is not a JPEG, PNG or WebP (by content)'),
  422: errorAnswer('GORSEL_OKUNAMADI: a photo cannot be read as the image its first bytes name'),
  503: errorAnswer(
    'DEPOLAMA_KULLANILAMIYOR: the file store (the bucket) refuses writes; neither the photos nor the review is saved',
  ),
  507: errorAnswer('DISK_DOLU: the server disk is full; neither the photos nor the review is saved'),
};

const answer = z
  .object({ text: z.string(), answeredAt: z.string().describe('ISO 8601') })
  .nullable()
  .describe("The shop's public answer");

const publicReview = z.object({
  id: z.number().int(),
  rating: z.number().int().describe('1-5'),
  title: z.string().describe('Plain text (show it escaped)'),
  body: z.string().describe('Plain text (show it escaped)'),
  author: z.string().describe('First name and the initial of the surname: "Ayşe Y."'),
  photos: z
    .array(z.string())
    .describe(
      '/uploads/reviews/….webp: orientation applied, no metadata, at most 1600 px (resized with ?w=&f=)',
    ),
  createdAt: z.string().describe('ISO 8601'),
  answer,
});

export const reviewPage = z.object({
  summary: z.object({
    count: z.number().int().describe('Approved reviews'),
    average: z.number().nullable().describe('One decimal; null without approved reviews'),
    distribution: z
      .tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int(), z.number().int()])
      .describe('Approved reviews with 1, 2, 3, 4 and 5 stars'),
  }),
  reviews: z.array(publicReview).describe(`One page, at most ${REVIEWS_PER_PAGE}`),
  sort: z.enum(['newest', 'highest', 'lowest']),
  page: z.number().int(),
  perPage: z.number().int(),
  pageCount: z.number().int().describe('At least 1'),
}) satisfies z.ZodType<ReviewPage>;

const ownReview = z.object({
  id: z.number().int(),
  product: z.object({ name: z.string(), slug: z.string() }),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  photos: z.array(z.string()),
  status: z.enum(['pending', 'approved', 'rejected']),
  statusLabel: z.string().describe('Onay bekliyor, Yayında or Yayımlanmadı'),
  rejectReason: z.string().nullable().describe('Why it was not published (rejected only)'),
  answer,
  createdAt: z.string().describe('ISO 8601'),
}) satisfies z.ZodType<OwnReview>;

export const reviewAnswer = z.object({ review: ownReview });
export const ownReviews = z.object({ reviews: z.array(ownReview) });

/** The review body, which may also come as multipart/form-data with `photos`. */
export const withPhotos = (schema: z.ZodObject) =>
  schema.extend({
    photos: z
      .string()
      .optional()
      .describe(
        `multipart/form-data only: up to ${MAX_REVIEW_PHOTOS} files, JPEG, PNG or WebP, ≤ ${MB} MB each`,
      ),
  });
