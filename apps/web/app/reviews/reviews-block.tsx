import { REVIEW_SORTS, type ReviewPage } from '@vitrin/shared/api/reviews-context';
import { formatDate } from '@vitrin/shared/dates';
import { AppLink } from '../components/app-link.tsx';
import { Pagination } from '../components/pagination.tsx';
import { useTranslation } from '../i18n/index.ts';
import { formatRating, Stars } from './stars.tsx';

/**
 * The product page's reviews: the average with stars, the count, the distribution, the approved reviews with
 * their photos and the shop's answer, sorted and paged by links and a GET form (no JavaScript needed). Texts
 * are plain text, rendered as text (React escapes them).
 */
export function ReviewsBlock({ slug, reviews }: { slug: string; reviews: ReviewPage }) {
  const { t } = useTranslation();
  const { summary } = reviews;
  return (
    <section aria-labelledby="reviews-title" id="reviews" className="below-fold mt-12" data-testid="reviews">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="reviews-title" className="text-xl font-semibold">
          {t('reviews.title')}
        </h2>
        <AppLink
          to={`/product/${slug}/review`}
          className="rounded-lg border border-ink-800 px-4 py-2 text-sm font-medium text-ink-900 hover:bg-sand-100"
          data-testid="write-review"
        >
          {t('reviews.write')}
        </AppLink>
      </div>
      {summary.count === 0 || summary.average === null ? (
        <p className="mt-3 text-ink-700">{t('reviews.none')}</p>
      ) : (
        <div className="mt-4 grid gap-8 md:grid-cols-[16rem_1fr]">
          <div data-testid="reviews-summary">
            <p className="text-4xl font-semibold text-ink-900">{formatRating(summary.average)}</p>
            <Stars rating={summary.average} className="text-xl" />
            <p className="text-sm text-ink-700">{t('reviews.count', { count: summary.count })}</p>
            <h3 className="sr-only">{t('reviews.distribution')}</h3>
            <ul className="mt-3 space-y-1 text-sm">
              {[5, 4, 3, 2, 1].map((stars) => {
                const count = summary.distribution[stars - 1] ?? 0;
                const width = summary.count ? Math.round((count / summary.count) * 100) : 0;
                return (
                  <li key={stars} className="flex items-center gap-2">
                    <span className="sr-only">{t('reviews.distributionRow', { stars, count })}</span>
                    <span aria-hidden="true" className="w-8 text-ink-700">
                      {stars}★
                    </span>
                    <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded bg-sand-200">
                      <span className="block h-full bg-amber-600" style={{ width: `${width}%` }} />
                    </span>
                    <span aria-hidden="true" className="w-8 text-right text-ink-700">
                      {count}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
          <div>
            <form
              method="get"
              action={`/product/${slug}#reviews`}
              className="flex items-center gap-2 text-sm"
            >
              <label htmlFor="review-sort">{t('reviews.sortLabel')}</label>
              <select
                id="review-sort"
                name="sort"
                defaultValue={reviews.sort}
                className="rounded-lg border border-sand-300 bg-white px-2 py-1.5"
              >
                {REVIEW_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`reviews.sort.${sort}`)}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                className="rounded-lg border border-ink-800 px-3 py-1.5 hover:bg-sand-100"
              >
                {t('reviews.sortButton')}
              </button>
            </form>
            <ol className="mt-4 divide-y divide-sand-200" data-testid="review-list">
              {reviews.reviews.map((review) => (
                <li key={review.id} className="py-4" data-testid="review">
                  <article aria-labelledby={`review-${review.id}`}>
                    <Stars rating={review.rating} />
                    <h3 id={`review-${review.id}`} className="mt-1 font-semibold text-ink-900">
                      {review.title}
                    </h3>
                    <p className="text-sm text-ink-700">
                      {review.author} · <span>{t('reviews.verified')}</span> ·{' '}
                      <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                    </p>
                    <p className="mt-2 whitespace-pre-line text-ink-800">{review.body}</p>
                    {review.photos.length > 0 && (
                      <ul className="mt-3 flex flex-wrap gap-2">
                        {review.photos.map((photo, i) => (
                          <li key={photo}>
                            <a href={photo}>
                              <img
                                src={photo}
                                alt={t('reviews.photo', { author: review.author, n: i + 1 })}
                                width={96}
                                height={96}
                                loading="lazy"
                                className="h-24 w-24 rounded-lg border border-sand-200 object-cover"
                              />
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                    {review.answer && (
                      <div className="mt-3 rounded-lg bg-sand-100 p-3 text-sm" data-testid="review-answer">
                        <p className="font-medium text-ink-900">{t('reviews.answer')}</p>
                        <p className="mt-1 whitespace-pre-line text-ink-800">{review.answer.text}</p>
                      </div>
                    )}
                  </article>
                </li>
              ))}
            </ol>
            <Pagination page={reviews.page} pageCount={reviews.pageCount} className="mt-4" />
          </div>
        </div>
      )}
    </section>
  );
}
