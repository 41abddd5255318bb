import { type ImageWidth, imageSrcSet, imageUrl, isResizableImage, variantUrl } from '@vitrin/shared/media';
import { imagesBase } from '@vitrin/shared/storefront';
import { useRootData } from '../lib/use-home.ts';

interface ResponsiveImageProps {
  /** `folder/file` under /uploads; empty gives the default image. */
  path: string | null | undefined;
  alt: string;
  /** The box's aspect ratio in pixels (CSS sizes the box): reserves the space, so nothing shifts. */
  width: number;
  height: number;
  /** How wide the image is drawn, as in the `sizes` attribute, e.g. `(min-width: 768px) 50vw, 100vw`. */
  sizes: string;
  /** Variant widths the browser may pick from. */
  widths: readonly ImageWidth[];
  /** Above the fold (the main product image, the first cards): load at once and first. */
  priority?: boolean;
  className?: string;
  'data-testid'?: string;
}

/**
 * An uploaded image as a `<picture>`: AVIF, then WebP, variants in the widths given, so the browser loads
 * the smallest file that fills the box. The priority image is WebP only (see below); images the server
 * cannot resize (SVG) are a plain `<img>`.
 */
export function ResponsiveImage({
  path,
  alt,
  width,
  height,
  sizes,
  widths,
  priority = false,
  className,
  'data-testid': testId,
}: ResponsiveImageProps) {
  const { publicConfig } = useRootData();
  const base = imagesBase(publicConfig);
  const img = {
    width,
    height,
    loading: priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : undefined,
    // The main image is the largest paint: decoded with the frame, not after it.
    decoding: priority ? undefined : 'async',
    className,
    'data-testid': testId,
  } as const;
  if (!isResizableImage(path)) return <img src={imageUrl(path, base)} alt={alt} {...img} />;
  const sorted = [...widths].sort((a, b) => a - b);
  // For browsers without srcset: the first width that fills the box, else the widest.
  const src = variantUrl(
    path,
    base,
    sorted.find((w) => w >= width) ?? sorted[sorted.length - 1] ?? 480,
    'webp',
  );
  const webp = imageSrcSet(path, base, sorted, 'webp');
  // The main image is WebP only. It is decoded with the first frame, so the page's text waits for it too:
  // the first AVIF a page decodes took 157 ms in Chromium on a phone-sized screen (its decoder starting
  // up), the same image as WebP a few ms, for 1 kB more. As a plain <img>, React preloads it from <head>.
  if (priority) return <img src={src} srcSet={webp} sizes={sizes} alt={alt} {...img} />;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={imageSrcSet(path, base, sorted, 'avif')} sizes={sizes} />
      <img src={src} srcSet={webp} sizes={sizes} alt={alt} {...img} />
    </picture>
  );
}
