import { imageUrl } from '@vitrin/shared/media';
import { useState } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { useRootData } from '../lib/use-home.ts';

/** The main image (loaded with priority) and thumbnails that switch it. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const { publicConfig } = useRootData();
  const [active, setActive] = useState(0);
  const list = images.length ? images : [null];
  const current = list[Math.min(active, list.length - 1)] ?? null;
  return (
    <section aria-label={t('catalog.gallery')}>
      <div className="aspect-square overflow-hidden rounded-xl bg-sand-100">
        <img
          src={imageUrl(current, publicConfig.apiBase)}
          alt={name}
          width={800}
          height={800}
          fetchPriority="high"
          className="h-full w-full object-cover"
          data-testid="product-main-image"
        />
      </div>
      {list.length > 1 && (
        <ul className="mt-3 flex gap-2">
          {list.map((img, i) => (
            <li key={img ?? i}>
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-label={t('catalog.showImage', { n: i + 1 })}
                aria-pressed={i === active}
                className={`h-20 w-20 overflow-hidden rounded-lg border-2 ${i === active ? 'border-clay-700' : 'border-transparent'}`}
              >
                <img
                  src={imageUrl(img, publicConfig.apiBase)}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
