import { useTranslation } from '../i18n/index.ts';

/** Five stars, `rating` of them filled (halves round), with the value in words for screen readers. */
export function Stars({ rating, className = 'text-lg' }: { rating: number; className?: string }) {
  const { t } = useTranslation();
  const filled = Math.round(rating);
  return (
    <span className={`inline-flex items-center ${className}`}>
      <span aria-hidden="true" className="tracking-tight">
        <span className="text-amber-600">{'★'.repeat(filled)}</span>
        <span className="text-sand-300">{'★'.repeat(5 - filled)}</span>
      </span>
      <span className="sr-only">{t('reviews.stars', { rating: formatRating(rating) })}</span>
    </span>
  );
}

/** 4.3 as "4,3" (one decimal, the Turkish way). */
export const formatRating = (value: number) =>
  value.toLocaleString('tr-TR', { minimumFractionDigits: 0, maximumFractionDigits: 1 });
