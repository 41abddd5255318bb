import { useState } from 'react';
import { useHydrated } from '../../account/use-hydrated.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useApi } from '../../lib/api-context.tsx';
import { addToCart } from './notify.tsx';

/**
 * A product card's `Sepete Ekle` for products bought as they are (single and virtual products): one piece.
 * Its name stays the glossary's; the card's title describes it. Inactive until the page has hydrated.
 */
export function AddToCartButton({ productId, describedBy }: { productId: number; describedBy: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      // `aria-disabled` while sending keeps the focus on the button (a disabled button loses it).
      disabled={!hydrated}
      aria-disabled={busy || undefined}
      aria-describedby={describedBy}
      onClick={async () => {
        if (busy) return;
        setBusy(true);
        await addToCart(api, { productId, quantity: 1 });
        setBusy(false);
      }}
      className="w-full rounded-lg bg-clay-700 px-3 py-2 text-sm font-medium text-white hover:bg-clay-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay-700 disabled:cursor-wait aria-disabled:cursor-wait aria-disabled:opacity-80"
    >
      {busy ? t('cart.adding') : t('cart.add')}
    </button>
  );
}
