import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useApi } from '../../lib/api-context.tsx';
import { useCartCount, useCartCountSync } from '../../lib/cart.ts';
import { AppLink } from '../app-link.tsx';

/**
 * The header's `Sepetim` link. Server HTML is the same for every visitor (pages are cached): the number
 * appears after hydration. Its accessible name is a label, "Sepetim, 3 ürün" (as text, the flex items
 * would read "Sepetim , 3 ürün"). A change made on this page (an item added) is also announced through a
 * polite live region; the first count of a page is not.
 */
export function CartCount({ className }: { className: string }) {
  const { t } = useTranslation();
  useCartCountSync(useApi());
  const count = useCartCount();
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<number | null>(null);

  useEffect(() => {
    if (previous.current !== null && count !== null && count !== previous.current) {
      setAnnouncement(t('cart.announceCount', { count }));
    }
    previous.current = count;
  }, [count, t]);

  return (
    <>
      <AppLink
        to="/cart"
        className={`${className} inline-flex items-center gap-1.5`}
        aria-label={count === null ? undefined : `${t('header.cart')}, ${t('cart.headerCount', { count })}`}
        data-testid="header-cart"
      >
        {t('header.cart')}
        {count !== null && count > 0 && (
          <span
            aria-hidden="true"
            className="min-w-5 rounded-full bg-clay-700 px-1.5 text-center text-xs leading-5 text-white"
            data-testid="header-cart-count"
          >
            {count}
          </span>
        )}
      </AppLink>
      <span className="sr-only" role="status">
        {announcement}
      </span>
    </>
  );
}
