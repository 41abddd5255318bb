import type { PriceView } from '@vitrin/shared/api/catalog';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { Price } from './price.tsx';

/**
 * Wraps the product's add-to-cart form. On a phone, once the form has scrolled up out of view, a bar at the
 * bottom of the screen keeps the price and "Sepete Ekle" in reach; its button sends the same form (the
 * chosen options, quantity and personalization), and brings the form back into view if it has something to
 * say. It needs JavaScript, as the form it sends does.
 */
export function StickyBuyBar({
  price,
  buyable,
  children,
}: {
  price: PriceView | null;
  /** In stock with a price: otherwise there is nothing to offer. */
  buyable: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const wrapper = useRef<HTMLDivElement>(null);
  const [away, setAway] = useState(false);
  useEffect(() => {
    const target = wrapper.current;
    if (!target) return;
    // Away only when scrolled past it (above the screen), not while it is still below. Checked once a frame
    // while the page scrolls.
    let frame = 0;
    const check = () => {
      frame = 0;
      // The footer's top in view: the bar steps aside, so it never covers the page's last lines.
      const footer =
        document.querySelector('footer')?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY;
      setAway(target.getBoundingClientRect().bottom < 0 && footer > window.innerHeight);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  function buy() {
    const form = wrapper.current?.querySelector('form');
    if (!form) return;
    form.requestSubmit();
    // A refusal is shown in the form (a missing option or text): show it there.
    requestAnimationFrame(() => {
      if (form.querySelector('[aria-invalid="true"]')) form.scrollIntoView({ block: 'center' });
    });
  }
  return (
    <>
      <div ref={wrapper}>{children}</div>
      {buyable && away && (
        <div
          className="fixed inset-x-0 bottom-0 z-40 flex items-center justify-between gap-3 border-t border-sand-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] md:hidden"
          data-testid="sticky-buy-bar"
        >
          <Price price={price} />
          <button
            type="button"
            onClick={buy}
            className="rounded-lg bg-clay-700 px-5 py-2.5 font-medium text-white hover:bg-clay-800"
          >
            {t('cart.add')}
          </button>
        </div>
      )}
    </>
  );
}
