/**
 * Product reviews in the staff panel (`/api/admin/reviews`): the list's filters, the moderation's requests
 * with their Turkish field messages, and the answers' schemas. Approving and rejecting need
 * `reviews.moderate`; the shop's public answer `reviews.answer`. Brings zod: imported by path.
 */
import { lineText, multilineText, z } from '../../zod.ts';
import { pageNumber } from '../page-number.ts';
import { loadedVersionField } from './record-version.ts';

export const ADMIN_REVIEWS_PER_PAGE = 25;
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdminReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The tabs' labels in the panel. */
export const REVIEW_STATUS_LABELS: Record<AdminReviewStatus, string> = {
  pending: 'Onay bekleyen',
  approved: 'Yayında',
  rejected: 'Yayımlanmayan',
};

export const REJECT_REASON_MIN = 3;
export const REJECT_REASON_MAX = 500;
export const REVIEW_ANSWER_MAX = 2000;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const adminReviewQuery = z.object({
  status: z.preprocess(
    blankToUndefined,
    z.enum(REVIEW_STATUSES, { error: 'Durum onay bekleyen, yayında ya da yayımlanmayan olmalı' }).optional(),
  ),
  rating: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Puan 1 ile 5 arasında bir tam sayı olmalı' })
      .int('Puan 1 ile 5 arasında bir tam sayı olmalı')
      .min(1, 'Puan 1 ile 5 arasında bir tam sayı olmalı')
      .max(5, 'Puan 1 ile 5 arasında bir tam sayı olmalı')
      .optional(),
  ),
  /** A part of the product's name or address (slug). */
  q: z.preprocess(
    blankToUndefined,
    lineText({ error: 'Arama metin olmalı' })
      .trim()
      .max(100, 'Arama en fazla 100 karakter olabilir')
      .optional(),
  ),
  /** `1`/`true`: only reviews with photos. */
  photos: z.preprocess(
    (v) =>
      v === '1' || v === 'true' || v === true
        ? true
        : v === '' || v === undefined || v === '0' || v === 'false'
          ? undefined
          : v,
    z.literal(true, { error: 'Fotoğraflı filtresi 1 ya da boş olmalı' }).optional(),
  ),
  page: pageNumber,
});
export type AdminReviewQuery = z.output<typeof adminReviewQuery>;

export const reviewIdParam = z.coerce
  .number({ error: 'Değerlendirme numarası geçersiz' })
  .int('Değerlendirme numarası geçersiz')
  .min(1, 'Değerlendirme numarası geçersiz')
  .max(2_147_483_647, 'Değerlendirme numarası geçersiz');

/** Approving: the review's `updatedAt` as the panel showed it (a review moderated meanwhile is 409). */
export const reviewApproveRequest = z.object({ loadedUpdatedAt: loadedVersionField });
export type ReviewApproveRequest = z.input<typeof reviewApproveRequest>;

export const reviewRejectRequest = z.object({
  loadedUpdatedAt: loadedVersionField,
  reason: multilineText({ error: 'Yayımlamama nedenini yazın' })
    .trim()
    .min(REJECT_REASON_MIN, `Neden en az ${REJECT_REASON_MIN} karakter olmalı`)
    .max(REJECT_REASON_MAX, `Neden en fazla ${REJECT_REASON_MAX} karakter olabilir`),
});
export type ReviewRejectRequest = z.input<typeof reviewRejectRequest>;

export const reviewAnswerRequest = z.object({
  loadedUpdatedAt: loadedVersionField,
  answer: multilineText({ error: 'Yanıtı yazın' })
    .trim()
    .min(1, 'Yanıtı yazın')
    .max(REVIEW_ANSWER_MAX, `Yanıt en fazla ${REVIEW_ANSWER_MAX} karakter olabilir`),
});
export type ReviewAnswerRequest = z.input<typeof reviewAnswerRequest>;

const iso = () => z.string().describe('ISO 8601');

export const adminReviewSchema = z.object({
  id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  rating: z.number().int().describe('1-5'),
  title: z.string(),
  body: z.string().describe('Plain text, as the customer wrote it'),
  photos: z.array(z.string()).describe("The photos' addresses (`/uploads/reviews/…`)"),
  authorName: z.string().describe('The name shown under the review ("Ayşe Y.")'),
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  orderNo: z.string().nullable().describe('The delivered order that made the writer a verified buyer'),
  rejectReason: z.string().nullable(),
  moderatedAt: iso().nullable(),
  answer: z.string().nullable().describe("The shop's public answer, plain text"),
  answeredAt: iso().nullable(),
  createdAt: iso(),
  updatedAt: iso().describe('The version: a change made meanwhile by someone else is refused (409)'),
});
export type AdminReview = z.output<typeof adminReviewSchema>;

export const adminReviewListAnswer = z.object({
  items: z.array(adminReviewSchema),
  counts: z.object({
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  }),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminReviewList = z.output<typeof adminReviewListAnswer>;

export const adminReviewAnswer = z.object({ review: adminReviewSchema });
