/**
 * What the server gives the product page, the review form and the account's review list in the load
 * context, and the shapes of the reviews API's answers. Types and zod-free constants only: route modules
 * import it without growing the browser bundle. Inputs are the raw form fields (photos are the posted `File`s
 * under `photos`); the server validates them with the schemas of `reviews.ts`.
 */
import type { FormFields, Result } from './account-context.ts';

export type ReviewSort = 'newest' | 'highest' | 'lowest';
export const REVIEW_SORTS: readonly ReviewSort[] = ['newest', 'highest', 'lowest'];
/** Approved reviews a page of the product's list holds. */
export const REVIEWS_PER_PAGE = 10;
export const MAX_REVIEW_PHOTOS = 3;
/** Bytes one photo may have (5 MB, like a ticket's attachment). */
export const MAX_REVIEW_PHOTO_BYTES = 5 * 1024 * 1024;
export const REVIEW_LIMITS = { titleMin: 3, title: 120, bodyMin: 10, body: 2000 } as const;

/** An approved review as everyone sees it. Texts are plain text, shown escaped. */
export interface PublicReview {
  id: number;
  rating: number;
  title: string;
  body: string;
  /** "Ayşe Y." */
  author: string;
  /** `/uploads/reviews/…` */
  photos: string[];
  createdAt: string;
  /** The shop's public answer, or null. */
  answer: { text: string; answeredAt: string } | null;
}

export interface ReviewSummary {
  count: number;
  /** One decimal (4.3), null without approved reviews. */
  average: number | null;
  /** Approved reviews with 1, 2, 3, 4 and 5 stars (index 0 is 1 star). */
  distribution: [number, number, number, number, number];
}

export interface ReviewPage {
  summary: ReviewSummary;
  reviews: PublicReview[];
  sort: ReviewSort;
  page: number;
  perPage: number;
  pageCount: number;
}

export type ReviewStatusCode = 'pending' | 'approved' | 'rejected';

/** One of the customer's own reviews, with where it stands. */
export interface OwnReview {
  id: number;
  product: { name: string; slug: string };
  rating: number;
  title: string;
  body: string;
  photos: string[];
  status: ReviewStatusCode;
  /** Onay bekliyor, Yayında, Yayımlanmadı */
  statusLabel: string;
  /** Why it was not published (rejected only). */
  rejectReason: string | null;
  answer: { text: string; answeredAt: string } | null;
  createdAt: string;
}

/** Whether the visitor may write a review of the product (the form page). */
export type ReviewEligibility = 'login' | 'not-buyer' | 'reviewed' | 'allowed';

export interface ReviewFormData {
  product: { name: string; slug: string; image: string | null };
  eligibility: ReviewEligibility;
}

export interface ReviewsContext {
  /** Approved reviews of the product with its summary; null for an unknown product. */
  page(slug: string, query: { page?: unknown; sort?: unknown }): Promise<ReviewPage | null>;
  /** The form page's data for the visitor; null for an unknown product. */
  form(slug: string): Promise<ReviewFormData | null>;
  /** Fields: rating, title, body, photos (files). Logged-in verified buyers only. */
  submit(slug: string, fields: FormFields): Promise<Result<OwnReview>>;
  /** The logged-in customer's reviews (401 without one). */
  own(): Promise<Result<OwnReview[]>>;
}
