import { type ImageWidth, imageSrcSet, imageUrl, isResizableImage, variantUrl } from '@vitrin/shared/media';
import { preload } from 'react-dom';
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
 * the smallest file that fills the box. Images the server cannot resize (SVG) are a plain `<img>`.
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
  const base = publicConfig.apiBase;
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
  const fallback = sorted.find((w) => w >= width) ?? sorted[sorted.length - 1] ?? 480;
  const avif = imageSrcSet(path, base, sorted, 'avif');
  // React preloads a priority <img> from <head> by itself, but not one inside <picture> (it cannot know
  // which source the browser takes): the AVIF source is preloaded here, so the largest paint does not wait
  // until the parser reaches it behind the stylesheet. Browsers without AVIF skip a preload of its type.
  if (priority) {
    preload(variantUrl(path, base, fallback, 'avif'), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: avif,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <img
        src={variantUrl(path, base, fallback, 'webp')}
        srcSet={imageSrcSet(path, base, sorted, 'webp')}
        sizes={sizes}
        alt={alt}
        {...img}
      />
    </picture>
  );
}
