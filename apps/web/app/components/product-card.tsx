import type { ProductCard as Card } from '@vitrin/shared/api/catalog';
import type { ImageWidth } from '@vitrin/shared/media';
import { useTranslation } from '../i18n/index.ts';
import { AppLink } from './app-link.tsx';
import { BuyOrChoose } from './cart/buy-or-choose.tsx';
import { Price } from './price.tsx';
import { ResponsiveImage } from './responsive-image.tsx';
import { CardRating } from './star-rating.tsx';
import { CompareButton, WishlistButton } from './wishlist/list-buttons.tsx';

/** Cards fill a column of the grid below: 2, 3 then 4 columns, inside the 80rem page width. */
const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';
const CARD_WIDTHS: ImageWidth[] = [160, 320, 480, 640];

/** The card's buy action; sold-out cards offer nothing. */
function CardAction({ product, titleId }: { product: Card; titleId: string }) {
  if (!product.inStock || !product.price) return null;
  return (
    <div className="px-3 pb-3">
      <BuyOrChoose product={product} describedBy={titleId} />
    </div>
  );
}

export function ProductCard({ product, priority = false }: { product: Card; priority?: boolean }) {
  const { t } = useTranslation();
  const titleId = `card-${product.id}-title`;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-sand-200 bg-white">
      <AppLink to={`/product/${product.slug}`} className="flex flex-1 flex-col">
        <div className="relative aspect-square overflow-hidden bg-sand-100">
          <ResponsiveImage
            path={product.image}
            alt=""
            width={400}
            height={400}
            sizes={CARD_SIZES}
            widths={CARD_WIDTHS}
            priority={priority}
            className="h-full w-full object-cover transition group-hover:scale-105"
          />
          {!product.inStock && (
            <span className="absolute left-2 top-2 rounded bg-ink-900 px-2 py-1 text-xs font-medium text-white">
              {t('catalog.outOfStock')}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-3">
          <h3 id={titleId} className="line-clamp-2 text-sm font-medium text-ink-900">
            {product.name}
          </h3>
          <CardRating rating={product.rating} />
          <div className="mt-auto">
            <Price price={product.price} />
          </div>
        </div>
      </AppLink>
      <CardAction product={product} titleId={titleId} />
      {/* Outside the link (a button may not sit in one); their state is filled in on the client. */}
      <WishlistButton productId={product.id} describedBy={titleId} className="absolute right-2 top-2" />
      <CompareButton icon productId={product.id} describedBy={titleId} className="absolute right-2 top-14" />
    </article>
  );
}

/** Cards in a grid; the first `eager` images load at once (the top of a listing), the rest lazily. */
export function ProductGrid({ products, eager = 4 }: { products: Card[]; eager?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <li key={p.id} className="flex">
          <ProductCard product={p} priority={i < eager} />
        </li>
      ))}
    </ul>
  );
}
