import { formatDate } from '@vitrin/shared/dates';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { PanelPage } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import { requireCustomer, valueOrThrow } from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { Stars } from '../reviews/stars.tsx';
import type { Route } from './+types/panel-reviews';
import '../i18n/tr-review-form.ts';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('reviewForm.myReviews'));

/** Değerlendirmelerim: the customer's reviews with where each stands (and why one was not published). */
export async function loader(args: Route.LoaderArgs) {
  await requireCustomer(args);
  return { reviews: valueOrThrow(args.request, await args.context.reviews.own()) };
}

export const headers = accountHeaders;

const BADGES = { pending: 'warning', approved: 'success', rejected: 'dark' } as const;

export default function PanelReviewsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { reviews } = loaderData;
  return (
    <PanelPage title={t('reviewForm.myReviews')} intro={t('reviewForm.myReviewsIntro')}>
      {reviews.length === 0 ? (
        <p className="text-ink-700">{t('reviewForm.myNone')}</p>
      ) : (
        <ul className="space-y-4" data-testid="my-reviews">
          {reviews.map((review) => (
            <li
              key={review.id}
              className="rounded-2xl border border-sand-200 bg-white p-4"
              data-testid="my-review"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <AppLink
                  to={`/product/${review.product.slug}`}
                  className="font-medium text-clay-700 underline underline-offset-2"
                >
                  {review.product.name}
                </AppLink>
                <StatusBadge badge={BADGES[review.status]} data-status={review.status}>
                  <span className="sr-only">{t('reviewForm.status')}: </span>
                  {review.statusLabel}
                </StatusBadge>
              </div>
              <div className="mt-2">
                <Stars rating={review.rating} />
              </div>
              <h2 className="mt-1 font-semibold text-ink-900">{review.title}</h2>
              <p className="mt-1 whitespace-pre-line text-ink-800">{review.body}</p>
              <p className="mt-1 text-sm text-ink-600">
                <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
              </p>
              {review.rejectReason && (
                <p
                  className="mt-2 rounded-lg bg-sand-100 p-3 text-sm text-ink-900"
                  data-testid="reject-reason"
                >
                  <span className="font-medium">{t('reviewForm.rejectReason')}:</span> {review.rejectReason}
                </p>
              )}
              {review.answer && (
                <div className="mt-2 rounded-lg bg-sand-100 p-3 text-sm">
                  <p className="font-medium text-ink-900">{t('reviews.answer')}</p>
                  <p className="mt-1 whitespace-pre-line text-ink-800">{review.answer.text}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </PanelPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError inside />;
}
