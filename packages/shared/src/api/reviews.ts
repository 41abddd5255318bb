/**
 * Request schemas of the reviews API (`reviews-context.ts` has the answers' shapes). Messages are what a
 * customer reads next to the field. Plain text only: stored as typed, control characters refused, shown
 * escaped. Brings zod: imported by path.
 */
import { lineText, multilineText, z } from '../zod.ts';
import { pageNumber } from './page-number.ts';
import { REVIEW_LIMITS, REVIEW_SORTS, type ReviewSort } from './reviews-context.ts';

export * from './reviews-context.ts';

const RATING_MESSAGE = 'Puan 1 ile 5 yıldız arasında olmalı';

/** 1-5, a number in JSON or its digits in a form. */
const rating = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: 'Puan seçin' }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
);

export const reviewRequest = z.object({
  rating,
  title: lineText({ error: 'Başlık yazın' })
    .trim()
    .min(1, 'Başlık yazın')
    .min(REVIEW_LIMITS.titleMin, `Başlık en az ${REVIEW_LIMITS.titleMin} karakter olmalı`)
    .max(REVIEW_LIMITS.title, `Başlık en fazla ${REVIEW_LIMITS.title} karakter olabilir`),
  body: multilineText({ error: 'Değerlendirmenizi yazın' })
    .trim()
    .min(1, 'Değerlendirmenizi yazın')
    .min(REVIEW_LIMITS.bodyMin, `Değerlendirmeniz en az ${REVIEW_LIMITS.bodyMin} karakter olmalı`)
    .max(REVIEW_LIMITS.body, `Değerlendirmeniz en fazla ${REVIEW_LIMITS.body} karakter olabilir`),
});
export type ReviewRequest = z.input<typeof reviewRequest>;

/** `?page=&sort=` of a product's approved reviews (newest first when absent). */
export const reviewListQuery = z.object({
  page: pageNumber,
  sort: z
    .enum(REVIEW_SORTS as [ReviewSort, ...ReviewSort[]], {
      error: 'Sıralama newest, highest ya da lowest olmalı',
    })
    .default('newest'),
});
