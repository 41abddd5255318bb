import type { ImageWidth } from '@vitrin/shared/media';
import { useState } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { ResponsiveImage } from './responsive-image.tsx';

/** The gallery is the left half of the product page from `md` up (inside 80rem), full width below. */
const MAIN_SIZES = '(min-width: 1280px) 620px, (min-width: 768px) 50vw, 100vw';
const MAIN_WIDTHS: ImageWidth[] = [320, 480, 640, 800, 1200];
/** 80 px thumbnails; 160 covers 2x screens. */
const THUMB_WIDTHS: ImageWidth[] = [160];

/** The main image (loaded with priority) and thumbnails that switch it. */
export function ProductGallery({
  images,
  name,
  alts = {},
}: {
  images: string[];
  name: string;
  /** Alt text by image path, where the staff wrote one; else the product's name. */
  alts?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const list = images.length ? images : [null];
  const current = list[Math.min(active, list.length - 1)] ?? null;
  return (
    <section aria-label={t('catalog.gallery')}>
      <div className="aspect-square overflow-hidden rounded-xl bg-sand-100">
        <ResponsiveImage
          path={current}
          alt={(current && alts[current]) || name}
          width={800}
          height={800}
          sizes={MAIN_SIZES}
          widths={MAIN_WIDTHS}
          priority
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
                <ResponsiveImage
                  path={img}
                  alt=""
                  width={80}
                  height={80}
                  sizes="80px"
                  widths={THUMB_WIDTHS}
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
