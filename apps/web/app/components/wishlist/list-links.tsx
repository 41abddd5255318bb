import { useTranslation } from '../../i18n/index.ts';
import { useApi } from '../../lib/api-context.tsx';
import { useLists, useListsSync } from '../../lib/wishlist.ts';
import { AppLink } from '../app-link.tsx';

function Badge({ count, testId }: { count: number; testId: string }) {
  return (
    <span
      aria-hidden="true"
      className="min-w-5 rounded-full bg-clay-700 px-1.5 text-center text-xs leading-5 text-white"
      data-testid={testId}
    >
      {count}
    </span>
  );
}

/**
 * The header's `Favorilerim` and `Karşılaştır` links. Their counts appear after hydration (server HTML is
 * everyone's); the accessible name then says the count, like `Sepetim`.
 */
export function ListLinks({ className }: { className: string }) {
  const { t } = useTranslation();
  useListsSync(useApi());
  const lists = useLists();
  const favourites = lists?.wishlist.length ?? null;
  const compared = lists?.compare.length ?? null;
  return (
    <>
      <AppLink
        to="/wishlist"
        className={`${className} inline-flex items-center gap-1.5`}
        aria-label={
          favourites
            ? `${t('header.wishlist')}, ${t('wishlist.headerCount', { count: favourites })}`
            : undefined
        }
        data-testid="header-wishlist"
      >
        {/* On phones an icon stands for the word (still the link's name), so the header fits 390 px. */}
        <span aria-hidden="true" className="text-lg leading-none text-clay-700 sm:hidden">
          ♡
        </span>
        <span className="sr-only sm:not-sr-only">{t('header.wishlist')}</span>
        {favourites ? <Badge count={favourites} testId="header-wishlist-count" /> : null}
      </AppLink>
      <AppLink
        to="/compare"
        className={`${className} inline-flex items-center gap-1.5`}
        aria-label={
          compared ? `${t('header.compare')}, ${t('compare.headerCount', { count: compared })}` : undefined
        }
        data-testid="header-compare"
      >
        <span aria-hidden="true" className="text-lg leading-none sm:hidden">
          ⇄
        </span>
        <span className="sr-only sm:not-sr-only">{t('header.compare')}</span>
        {compared ? <Badge count={compared} testId="header-compare-count" /> : null}
      </AppLink>
    </>
  );
}
