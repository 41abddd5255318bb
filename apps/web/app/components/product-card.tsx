import type { ProductCard as Card } from '@vitrin/shared/api/catalog';
import { imageUrl } from '@vitrin/shared/media';
import { useTranslation } from '../i18n/index.ts';
import { useRootData } from '../lib/use-home.ts';
import { AppLink } from './app-link.tsx';
import { Price } from './price.tsx';

export function ProductCard({ product, priority = false }: { product: Card; priority?: boolean }) {
  const { t } = useTranslation();
  const { publicConfig } = useRootData();
  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-xl border border-sand-200 bg-white">
      <AppLink to={`/product/${product.slug}`} className="flex flex-1 flex-col">
        <div className="relative aspect-square overflow-hidden bg-sand-100">
          <img
            src={imageUrl(product.image, publicConfig.apiBase)}
            alt=""
            width={400}
            height={400}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover transition group-hover:scale-105"
          />
          {!product.inStock && (
            <span className="absolute left-2 top-2 rounded bg-ink-900 px-2 py-1 text-xs font-medium text-white">
              {t('catalog.outOfStock')}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-2 p-3">
          <h3 className="line-clamp-2 text-sm font-medium text-ink-900">{product.name}</h3>
          <div className="mt-auto">
            <Price price={product.price} />
          </div>
        </div>
      </AppLink>
    </article>
  );
}

export function ProductGrid({ products }: { products: Card[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <li key={p.id} className="flex">
          <ProductCard product={p} priority={i < 4} />
        </li>
      ))}
    </ul>
  );
}
