import {
  type OwnReview,
  type PublicReview,
  REVIEWS_PER_PAGE,
  type ReviewFormData,
  type ReviewPage,
  type ReviewStatusCode,
  type ReviewSummary,
  reviewListQuery,
  reviewRequest,
} from '@vitrin/shared/api/reviews';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { isSlug } from '@vitrin/shared/slug';
import { fieldMessages } from '@vitrin/shared/zod';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { customers, orderItems, orders, products, reviews } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.ts';
import { alreadyReviewed, invalidReviewInput, notVerifiedBuyer, productNotFound } from './errors.ts';
import { createReviewPhotos, photoUrl, type ReviewPhotoUpload } from './photos.ts';
import { averageRating } from './rating.ts';

export interface ReviewServiceOptions {
  /** The shop's files: photos go to its public uploads (`uploads/reviews/…`). */
  files: FileStore;
}

const STATUS_LABELS: Record<ReviewStatusCode, string> = {
  pending: 'Onay bekliyor',
  approved: 'Yayında',
  rejected: 'Yayımlanmadı',
};

/** The name a review is shown under: the first name and the surname's initial ("Ayşe Y."). */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toLocaleUpperCase('tr-TR');
  const first = firstName.trim();
  return initial ? `${first} ${initial}.` : first;
}

type ReviewRow = typeof reviews.$inferSelect;

const answerOf = (row: Pick<ReviewRow, 'answer' | 'answeredAt'>) =>
  row.answer && row.answeredAt ? { text: row.answer, answeredAt: row.answeredAt.toISOString() } : null;

const toOwn = (row: ReviewRow, product: { name: string; slug: string }): OwnReview => ({
  id: row.id,
  product,
  rating: row.rating,
  title: row.title,
  body: row.body,
  photos: row.photos.map(photoUrl),
  status: row.status,
  statusLabel: STATUS_LABELS[row.status],
  rejectReason: row.status === 'rejected' ? row.rejectReason : null,
  answer: answerOf(row),
  createdAt: row.createdAt.toISOString(),
});

/** A customer's reviews with their products, newest first (the account's list and its data export). */
export async function customerReviews(db: Db, customerId: number): Promise<OwnReview[]> {
  const rows = await db
    .select({ review: reviews, name: products.name, slug: products.slug })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.customerId, customerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((r) => toOwn(r.review, { name: r.name, slug: r.slug }));
}

/**
 * Product reviews, the shopper's side: a logged-in customer whose order with the product was delivered writes
 * one (rating, title, text, up to 3 photos), which waits for moderation; everyone reads the approved ones with
 * their summary; a customer reads their own with where each stands. Texts are plain text, stored as typed.
 */
export function createReviewService(db: Db, options: ReviewServiceOptions) {
  const photos = createReviewPhotos(options.files);

  /** The active product at the address; a malformed one (a NUL byte, PostgreSQL refuses it) names none. */
  async function productBySlug(slug: string) {
    if (!isSlug(slug)) return null;
    const [row] = await db
      .select({ id: products.id, name: products.name, slug: products.slug, images: products.images })
      .from(products)
      .where(and(eq(products.slug, slug), eq(products.isActive, true)));
    return row ?? null;
  }

  /** The customer's latest delivered order with the product (any variant), or null. */
  async function deliveredOrder(customerId: number, productId: number): Promise<number | null> {
    const [row] = await db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.customerId, customerId),
          eq(orders.status, ORDER_STATE.Delivered),
          eq(orderItems.productId, productId),
        ),
      )
      .orderBy(desc(orders.id))
      .limit(1);
    return row?.id ?? null;
  }

  async function hasReviewed(customerId: number, productId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.customerId, customerId), eq(reviews.productId, productId)));
    return row !== undefined;
  }

  async function summaryOf(productId: number): Promise<ReviewSummary> {
    const rows = await db
      .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
      .groupBy(reviews.rating);
    const distribution: ReviewSummary['distribution'] = [0, 0, 0, 0, 0];
    let count = 0;
    let sum = 0;
    for (const { rating, n } of rows) {
      if (rating >= 1 && rating <= 5) distribution[rating - 1] = n;
      count += n;
      sum += rating * n;
    }
    return { count, average: averageRating(count, sum), distribution };
  }

  return {
    /**
     * Writes the customer's review of the product (pending moderation). 404 for an unknown product, 403
     * DEGERLENDIRME_YETKISI_YOK without a delivered order of theirs with it, 409 DEGERLENDIRME_VAR for a
     * second one, 400 for bad fields, 413/415 for a photo, 507 for a full disk (no file and no row kept).
     */
    async submit(
      customerId: number,
      slug: string,
      input: unknown,
      uploads: readonly ReviewPhotoUpload[] = [],
    ): Promise<OwnReview> {
      const product = await productBySlug(slug);
      if (!product) throw productNotFound();
      const orderId = await deliveredOrder(customerId, product.id);
      if (orderId === null) throw notVerifiedBuyer();
      if (await hasReviewed(customerId, product.id)) throw alreadyReviewed();
      const parsed = reviewRequest.safeParse(input ?? {});
      if (!parsed.success) throw invalidReviewInput(fieldMessages(parsed.error));
      photos.check(uploads);
      const [customer] = await db
        .select({ firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(eq(customers.id, customerId));
      if (!customer) throw notVerifiedBuyer();
      const keys = await photos.save(uploads);
      try {
        const [row] = await db
          .insert(reviews)
          .values({
            productId: product.id,
            customerId,
            orderId,
            rating: parsed.data.rating,
            title: parsed.data.title,
            body: parsed.data.body,
            photos: keys,
            authorName: reviewAuthorName(customer.firstName, customer.lastName),
            status: 'pending',
          })
          .returning();
        return toOwn(row!, { name: product.name, slug: product.slug });
      } catch (err) {
        await photos.remove(keys);
        if (isUniqueViolation(err)) throw alreadyReviewed();
        throw err;
      }
    },

    /** The product's approved reviews, a page of them sorted, with the summary; null for an unknown product. */
    async page(slug: string, query: unknown = {}): Promise<ReviewPage | null> {
      const parsed = reviewListQuery.safeParse(query ?? {});
      if (!parsed.success) throw invalidReviewInput(fieldMessages(parsed.error));
      const product = await productBySlug(slug);
      if (!product) return null;
      return this.pageOf(product.id, parsed.data);
    },

    async pageOf(
      productId: number,
      { page, sort }: { page: number; sort: ReviewPage['sort'] },
    ): Promise<ReviewPage> {
      const summary = await summaryOf(productId);
      const pageCount = Math.max(1, Math.ceil(summary.count / REVIEWS_PER_PAGE));
      const order =
        sort === 'highest'
          ? [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
          : sort === 'lowest'
            ? [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)]
            : [desc(reviews.createdAt), desc(reviews.id)];
      const rows =
        summary.count === 0
          ? []
          : await db
              .select()
              .from(reviews)
              .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
              .orderBy(...order)
              .limit(REVIEWS_PER_PAGE)
              .offset((page - 1) * REVIEWS_PER_PAGE);
      const list: PublicReview[] = rows.map((row) => ({
        id: row.id,
        rating: row.rating,
        title: row.title,
        body: row.body,
        author: row.authorName,
        photos: row.photos.map(photoUrl),
        createdAt: row.createdAt.toISOString(),
        answer: answerOf(row),
      }));
      return { summary, reviews: list, sort, page, perPage: REVIEWS_PER_PAGE, pageCount };
    },

    /** What the review form shows this visitor (null: not logged in); null for an unknown product. */
    async form(customerId: number | null, slug: string): Promise<ReviewFormData | null> {
      const product = await productBySlug(slug);
      if (!product) return null;
      const view = { name: product.name, slug: product.slug, image: product.images[0] ?? null };
      if (customerId === null) return { product: view, eligibility: 'login' };
      if ((await deliveredOrder(customerId, product.id)) === null) {
        return { product: view, eligibility: 'not-buyer' };
      }
      if (await hasReviewed(customerId, product.id)) return { product: view, eligibility: 'reviewed' };
      return { product: view, eligibility: 'allowed' };
    },

    /** The customer's own reviews, newest first, with status and the reason of a rejection. */
    own: (customerId: number) => customerReviews(db, customerId),
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
