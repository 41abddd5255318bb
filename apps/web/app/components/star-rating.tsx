import { useTranslation } from '../i18n/index.ts';

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.85L10 14.9l-5.25 2.75 1-5.85L1.5 7.7l5.9-.9z';

/** "4,3": one decimal, a comma as the Turkish write it (no Intl: its first formatter costs a page's render). */
export const ratingText = (average: number) => average.toFixed(1).replace('.', ',');

/** Five stars filled to the average (sighted readers), one sentence for screen readers. */
export function Stars({ average, className = 'h-4 w-4' }: { average: number; className?: string }) {
  const filled = `${Math.max(0, Math.min(100, (average / 5) * 100))}%`;
  const row = (fill: string) =>
    [0, 1, 2, 3, 4].map((i) => (
      <svg key={i} viewBox="0 0 20 20" className={`${className} shrink-0`} fill={fill} aria-hidden="true">
        <path d={STAR} />
      </svg>
    ));
  return (
    <span className="relative inline-flex" aria-hidden="true">
      <span className="flex text-sand-300">{row('currentColor')}</span>
      <span
        className="absolute inset-y-0 left-0 flex overflow-hidden text-clay-600"
        style={{ width: filled }}
      >
        {row('currentColor')}
      </span>
    </span>
  );
}

/** A product card's rating: the stars and the count; nothing without approved reviews. */
export function CardRating({ rating }: { rating: { average: number; count: number } | null }) {
  const { t } = useTranslation();
  if (!rating) return null;
  const label = t('catalog.rating', { average: ratingText(rating.average), count: rating.count });
  return (
    <p className="flex items-center gap-1 text-xs text-ink-600" data-testid="card-rating">
      <Stars average={rating.average} />
      <span aria-hidden="true">({rating.count})</span>
      <span className="sr-only">{label}</span>
    </p>
  );
}
