import { AppLink } from '../components/app-link.tsx';
import { useTranslation } from '../i18n/index.ts';

/**
 * Above a list page after a plain form post (without JavaScript): the product was added, or why it was not,
 * and the way back to the page the shopper came from.
 */
export function ListNotice({
  message,
  refused = false,
  returnTo,
  className = '',
}: {
  message: string;
  refused?: boolean;
  returnTo: string | null;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      role={refused ? 'alert' : 'status'}
      className={`${className} flex flex-wrap items-center justify-between gap-3 rounded-2xl border p-4 font-medium ${
        refused
          ? 'border-red-700 bg-red-50 text-red-900'
          : 'border-emerald-700 bg-emerald-50 text-emerald-900'
      }`}
      data-testid="list-notice"
    >
      <p>{message}</p>
      {returnTo && (
        <AppLink to={returnTo} className="text-ink-900 underline underline-offset-2 hover:text-clay-700">
          {t('wishlist.continue')}
        </AppLink>
      )}
    </div>
  );
}
