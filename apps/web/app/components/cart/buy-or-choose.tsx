import { STOCK_TYPE } from '@vitrin/shared/constants';
import { useTranslation } from '../../i18n/index.ts';
import { AppLink } from '../app-link.tsx';
import { AddToCartButton } from './add-to-cart-button.tsx';

/**
 * Products bought as they are (single, virtual) go to the cart from here; those that need a choice
 * (variants, personalization) open their page. `describedBy` names the product.
 */
export function BuyOrChoose({
  product,
  describedBy,
  chooseLabel,
}: {
  product: { id: number; slug: string; stockType: number };
  describedBy: string;
  /** The link's text; "Seçenekleri Gör" unless the page says otherwise. */
  chooseLabel?: string;
}) {
  const { t } = useTranslation();
  if (product.stockType === STOCK_TYPE.Single || product.stockType === STOCK_TYPE.Virtual) {
    return <AddToCartButton productId={product.id} describedBy={describedBy} />;
  }
  return (
    <AppLink
      to={`/product/${product.slug}`}
      aria-describedby={describedBy}
      className="block w-full rounded-lg border border-clay-700 px-3 py-2 text-center text-sm font-medium text-clay-700 hover:bg-clay-700 hover:text-white"
    >
      {chooseLabel ?? t('cart.seeOptions')}
    </AppLink>
  );
}
