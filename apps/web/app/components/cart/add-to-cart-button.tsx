import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useApi } from '../../lib/api-context.tsx';
import { addToCart } from './notify.tsx';

/**
 * A product card's `Sepete Ekle` for products bought as they are (single and virtual products): one piece.
 * Its name stays the glossary's; the card's title describes it. Without JavaScript (or before hydration) a
 * plain post to the cart page; with it, the line is added in place with a toast.
 */
export function AddToCartButton({ productId, describedBy }: { productId: number; describedBy: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action="/cart"
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        await addToCart(api, { productId, quantity: 1 });
        setBusy(false);
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <button
        type="submit"
        // `aria-disabled` while sending keeps the focus on the button (a disabled button loses it).
        aria-disabled={busy || undefined}
        aria-describedby={describedBy}
        className="w-full rounded-lg bg-clay-700 px-3 py-2 text-sm font-medium text-white hover:bg-clay-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay-700 aria-disabled:cursor-wait aria-disabled:opacity-80"
      >
        {busy ? t('cart.adding') : t('cart.add')}
      </button>
    </form>
  );
}
