import {
  ADMIN_REVIEWS_PER_PAGE,
  type AdminReview,
  type AdminReviewList,
  type AdminReviewQuery,
  type AdminReviewStatus,
  adminReviewQuery,
  reviewAnswerRequest,
  reviewApproveRequest,
  reviewRejectRequest,
} from '@vitrin/shared/api/admin/reviews';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { customers, orders, products, reviews } from '../db/schema.ts';
import { parseInput } from '../errors.ts';
import { enqueueMail, type MailQueue } from '../mail/queue.ts';
import { reviewRejectedEmail } from '../mail/review-templates.ts';
import type { Tx } from '../orders/stock.ts';
import type { FileStore } from '../storage/file-store.ts';
import {
  ALREADY_APPROVED,
  ALREADY_REJECTED,
  CHANGED_MEANWHILE,
  reviewChanged,
  reviewNotFound,
} from './moderation-errors.ts';
import { createReviewPhotos } from './photos.ts';
import { recountRatings } from './rating.ts';

export interface ReviewModerationOptions {
  cache: Cache;
  /** The durable e-mail queue: the rejection's e-mail is written in the transaction of the rejection. */
  mail: MailQueue;
  /** The storefront's public origin, for the product's link in the e-mail. */
  shopUrl: string;
  shopName: () => Promise<string>;
  /** The shop's files: a deleted review's photos are removed after the commit. */
  files: FileStore;
}

type ReviewRow = typeof reviews.$inferSelect;

const columns = {
  review: reviews,
  productName: products.name,
  productSlug: products.slug,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  orderNo: orders.orderNo,
};

type JoinedRow = {
  review: ReviewRow;
  productName: string;
  productSlug: string;
  firstName: string;
  lastName: string;
  email: string;
  orderNo: string | null;
};

/** A file store key `uploads/reviews/…` is served at `/uploads/reviews/…`. */
const photoUrl = (key: string) => `/${key.replace(/^\/+/, '')}`;

const toAdminReview = (r: JoinedRow): AdminReview => ({
  id: r.review.id,
  status: r.review.status,
  rating: r.review.rating,
  title: r.review.title,
  body: r.review.body,
  photos: r.review.photos.map(photoUrl),
  authorName: r.review.authorName,
  product: { id: r.review.productId, name: r.productName, slug: r.productSlug },
  customer: {
    id: r.review.customerId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
  },
  orderNo: r.orderNo,
  rejectReason: r.review.rejectReason,
  moderatedAt: r.review.moderatedAt?.toISOString() ?? null,
  answer: r.review.answer,
  answeredAt: r.review.answeredAt?.toISOString() ?? null,
  createdAt: r.review.createdAt.toISOString(),
  updatedAt: r.review.updatedAt.toISOString(),
});

/** `%` and `_` typed in the search are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the audit log keeps of a review's moderation. */
const audited = (r: ReviewRow) => ({
  status: r.status,
  rejectReason: r.rejectReason,
  answer: r.answer,
});

/**
 * Product reviews in the panel: the list with its filters and counts, one review, approving, rejecting
 * (its writer gets an e-mail with the reason), the shop's public answer and deleting. Each change is made
 * with its audit row in one transaction; one that changes what counts in the products' ratings recounts them
 * there and drops the caches of those products after the commit (the catalogue index of every node follows).
 * A change of a review someone else changed since the panel showed it (`updatedAt`) is refused (409).
 */
export function createReviewModeration(
  db: Db,
  { cache, mail, shopUrl, shopName, files }: ReviewModerationOptions,
) {
  const photos = createReviewPhotos(files);
  const joined = (tx: Db) =>
    tx
      .select(columns)
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(customers, eq(customers.id, reviews.customerId))
      .leftJoin(orders, eq(orders.id, reviews.orderId));

  async function readOne(tx: Db, id: number): Promise<AdminReview> {
    const [row] = await joined(tx).where(eq(reviews.id, id));
    if (!row) throw reviewNotFound();
    return toAdminReview(row);
  }

  /** The review locked for the change, refused when gone or changed since the panel's `loaded` version. */
  async function lockFor(tx: Tx, id: number, loaded: string | undefined): Promise<ReviewRow> {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!row) throw reviewNotFound();
    if (loaded !== undefined && row.updatedAt.getTime() !== Date.parse(loaded)) {
      throw reviewChanged(CHANGED_MEANWHILE);
    }
    return row;
  }

  /** Runs a change; the products whose ratings it recounted have their caches dropped after the commit. */
  async function change(
    id: number,
    work: (tx: Tx) => Promise<{ recounted: number[] }>,
  ): Promise<AdminReview> {
    const { recounted } = await db.transaction(work);
    if (recounted.length > 0) await cache.invalidateAll(recounted);
    return readOne(db, id);
  }

  /** Sets (text) or removes (null) the shop's public answer; removing none changes nothing. */
  async function writeAnswer(
    actor: AuditActor,
    id: number,
    answer: string | null,
    loaded: string | undefined,
  ): Promise<AdminReview> {
    return change(id, async (tx) => {
      const row = await lockFor(tx, id, loaded);
      if (answer === null && row.answer === null) return { recounted: [] };
      const [after] = await tx
        .update(reviews)
        .set({
          answer,
          answeredAt: answer === null ? null : new Date(),
          answeredBy: answer === null || actor.kind !== 'staff' ? null : actor.staffId,
          updatedAt: new Date(),
        })
        .where(eq(reviews.id, id))
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'review.answer',
        entity: 'review',
        entityId: id,
        before: audited(row),
        after: audited(after!),
      });
      // The product page shows the answer: its cached pages go.
      return { recounted: row.status === 'approved' ? [row.productId] : [] };
    });
  }

  return {
    async list(query: unknown): Promise<AdminReviewList> {
      const filter: AdminReviewQuery = parseInput(adminReviewQuery, query ?? {});
      const where: SQL[] = [];
      if (filter.rating !== undefined) where.push(eq(reviews.rating, filter.rating));
      if (filter.photos) where.push(sql`jsonb_array_length(${reviews.photos}) > 0`);
      if (filter.q) {
        where.push(
          sql`(${products.searchText} like ${likePattern(foldTurkish(filter.q))} or ${products.slug} like ${likePattern(filter.q.toLowerCase())})`,
        );
      }
      const filtered = where.length > 0 ? and(...where) : undefined;
      const listed = and(filtered, filter.status ? eq(reviews.status, filter.status) : undefined);
      const [rows, counted] = await Promise.all([
        joined(db)
          .where(listed)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(ADMIN_REVIEWS_PER_PAGE)
          .offset((filter.page - 1) * ADMIN_REVIEWS_PER_PAGE),
        db
          .select({ status: reviews.status, n: count() })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(filtered)
          .groupBy(reviews.status),
      ]);
      const counts: Record<AdminReviewStatus, number> = { pending: 0, approved: 0, rejected: 0 };
      for (const c of counted) counts[c.status] = Number(c.n);
      const total = filter.status
        ? counts[filter.status]
        : counts.pending + counts.approved + counts.rejected;
      return {
        items: rows.map(toAdminReview),
        counts,
        page: filter.page,
        perPage: ADMIN_REVIEWS_PER_PAGE,
        total,
        pageCount: Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PER_PAGE)),
      };
    },

    get: (id: number): Promise<AdminReview> => readOne(db, id),

    /** Publishes the review: it counts in its product's rating from now on. */
    async approve(actor: AuditActor, id: number, input: unknown): Promise<AdminReview> {
      const { loadedUpdatedAt } = parseInput(reviewApproveRequest, input ?? {});
      return change(id, async (tx) => {
        const row = await lockFor(tx, id, loadedUpdatedAt);
        if (row.status === 'approved') throw reviewChanged(ALREADY_APPROVED);
        const [after] = await tx
          .update(reviews)
          .set({
            status: 'approved',
            rejectReason: null,
            moderatedAt: new Date(),
            moderatedBy: actor.kind === 'staff' ? actor.staffId : null,
            updatedAt: new Date(),
          })
          .where(eq(reviews.id, id))
          .returning();
        await recountRatings(tx, [row.productId]);
        await recordAudit(tx, {
          actor,
          action: 'review.approve',
          entity: 'review',
          entityId: id,
          before: audited(row),
          after: audited(after!),
        });
        return { recounted: [row.productId] };
      });
    },

    /**
     * Does not publish the review (or takes a published one down), with the reason its writer is told by
     * e-mail, queued in the same transaction.
     */
    async reject(actor: AuditActor, id: number, input: unknown): Promise<AdminReview> {
      const { loadedUpdatedAt, reason } = parseInput(reviewRejectRequest, input);
      // Read before the transaction: on the embedded database a settings read inside it would wait for it.
      const shop = await shopName();
      let queued = false;
      const review = await change(id, async (tx) => {
        const row = await lockFor(tx, id, loadedUpdatedAt);
        if (row.status === 'rejected') throw reviewChanged(ALREADY_REJECTED);
        const [after] = await tx
          .update(reviews)
          .set({
            status: 'rejected',
            rejectReason: reason,
            moderatedAt: new Date(),
            moderatedBy: actor.kind === 'staff' ? actor.staffId : null,
            updatedAt: new Date(),
          })
          .where(eq(reviews.id, id))
          .returning();
        const [context] = await tx
          .select({
            email: customers.email,
            firstName: customers.firstName,
            productName: products.name,
            productSlug: products.slug,
          })
          .from(customers)
          .innerJoin(products, eq(products.id, row.productId))
          .where(eq(customers.id, row.customerId));
        if (context) {
          await enqueueMail(tx, {
            kind: 'review-rejected',
            to: context.email,
            ...reviewRejectedEmail({
              shopName: shop,
              firstName: context.firstName,
              productName: context.productName,
              reviewTitle: row.title,
              reason,
              productUrl: `${shopUrl}/product/${encodeURIComponent(context.productSlug)}`,
            }),
          });
          queued = true;
        }
        const recounted = row.status === 'approved' ? [row.productId] : [];
        if (recounted.length > 0) await recountRatings(tx, recounted);
        await recordAudit(tx, {
          actor,
          action: 'review.reject',
          entity: 'review',
          entityId: id,
          before: audited(row),
          after: audited(after!),
        });
        return { recounted };
      });
      if (queued) mail.kick();
      return review;
    },

    /** Sets or replaces the shop's public answer under the review (plain text). */
    async answer(actor: AuditActor, id: number, input: unknown): Promise<AdminReview> {
      const { loadedUpdatedAt, answer } = parseInput(reviewAnswerRequest, input);
      return writeAnswer(actor, id, answer, loadedUpdatedAt);
    },

    /** Removes the shop's answer (none: nothing changes). */
    async removeAnswer(actor: AuditActor, id: number): Promise<AdminReview> {
      return writeAnswer(actor, id, null, undefined);
    },

    /** Deletes the review (its photos after the commit); a published one leaves its product's rating. */
    async remove(actor: AuditActor, id: number): Promise<void> {
      const { productId, keys } = await db.transaction(async (tx) => {
        const row = await lockFor(tx, id, undefined);
        await tx.delete(reviews).where(eq(reviews.id, id));
        if (row.status === 'approved') await recountRatings(tx, [row.productId]);
        await recordAudit(tx, {
          actor,
          action: 'review.delete',
          entity: 'review',
          entityId: id,
          before: { ...audited(row), rating: row.rating, title: row.title, productId: row.productId },
          after: null,
        });
        return { productId: row.status === 'approved' ? row.productId : null, keys: row.photos };
      });
      if (productId !== null) await cache.invalidateAll([productId]);
      await photos.remove(keys);
    },
  };
}

export type ReviewModeration = ReturnType<typeof createReviewModeration>;
