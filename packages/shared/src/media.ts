/**
 * Image and export links (specification §9).
 *
 * Uploaded images live under `/uploads/`; a product's image field is a JSON list of
 * `folder/file` strings, e.g. `'["products/12/a.jpg","products/12/b.jpg"]'`.
 * `base` is an optional origin or path prefix (`''`, `'https://cdn.example.com'`, `'/shop'`);
 * its trailing slashes are removed, and leading slashes of paths are removed, so exactly one `/`
 * separates the parts.
 */

/** Image shown when a product has none (relative to `/uploads/`). */
export const DEFAULT_IMAGE = 'default.png';

function trimBase(base: string | null | undefined): string {
  return typeof base === 'string' ? base.replace(/\/+$/, '') : '';
}

function trimPath(path: string | null | undefined): string {
  return typeof path === 'string' ? path.trim().replace(/^\/+/, '') : '';
}

/**
 * `${base}/uploads/${path}`; a missing, `null`, empty or blank path gives `${base}/uploads/default.png`.
 *
 * @example imageUrl('/products/a.jpg', 'https://cdn.example.com/') // 'https://cdn.example.com/uploads/products/a.jpg'
 * @example imageUrl(null) // '/uploads/default.png'
 */
export function imageUrl(path: string | null | undefined, base = ''): string {
  return `${trimBase(base)}/uploads/${trimPath(path) || DEFAULT_IMAGE}`;
}

/**
 * Resized variants (served by the server from `/uploads/{path}?w={width}&f={format}`, made on first request).
 * Only these widths and formats exist, so the variants of one image are a small, fixed set.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** File types the server can resize; others (SVG, for instance) are served as they are. */
export const RESIZABLE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'gif'] as const;

export function isImageWidth(value: unknown): value is ImageWidth {
  return IMAGE_WIDTHS.includes(value as ImageWidth);
}

export function isImageFormat(value: unknown): value is ImageFormat {
  return IMAGE_FORMATS.includes(value as ImageFormat);
}

/** True when the server makes variants of this image (decided by the file extension; no path: the default). */
export function isResizableImage(path: string | null | undefined): boolean {
  const file = trimPath(path) || DEFAULT_IMAGE;
  const dot = file.lastIndexOf('.');
  const ext = dot > file.lastIndexOf('/') ? file.slice(dot + 1).toLowerCase() : '';
  return (RESIZABLE_EXTENSIONS as readonly string[]).includes(ext);
}

/**
 * URL of one variant: {@link imageUrl} with each path segment percent-encoded (a space or comma would
 * break a `srcset`) and `?w=&f=`.
 *
 * @example variantUrl('catalog/a b.jpg', '', 480, 'webp') // '/uploads/catalog/a%20b.jpg?w=480&f=webp'
 */
export function variantUrl(
  path: string | null | undefined,
  base: string,
  width: ImageWidth,
  format: ImageFormat,
): string {
  const file = (trimPath(path) || DEFAULT_IMAGE).split('/').map(encodeURIComponent).join('/');
  return `${trimBase(base)}/uploads/${file}?w=${width}&f=${format}`;
}

/**
 * A `srcset` of one format, one candidate per width (`url 480w, …`), narrowest first.
 *
 * @example imageSrcSet('a.jpg', '', [320, 640], 'avif') // '/uploads/a.jpg?w=320&f=avif 320w, /uploads/a.jpg?w=640&f=avif 640w'
 */
export function imageSrcSet(
  path: string | null | undefined,
  base: string,
  widths: readonly ImageWidth[],
  format: ImageFormat,
): string {
  return [...widths]
    .sort((a, b) => a - b)
    .map((w) => `${variantUrl(path, base, w, format)} ${w}w`)
    .join(', ');
}

/** True for a usable image entry: a non-blank string not starting with `/` and without `..`. */
function isSafeImageEntry(entry: unknown): entry is string {
  return typeof entry === 'string' && entry.trim() !== '' && !entry.startsWith('/') && !entry.includes('..');
}

/**
 * Reads a product's image field: a JSON array string (or an already-parsed array).
 * Invalid JSON, non-arrays, `null` and `undefined` give `[]`. Entries that are not strings, are
 * blank, start with `/` or contain `..` are dropped; the others are returned unchanged, in order.
 */
export function parseImageList(field: string | readonly unknown[] | null | undefined): string[] {
  let list: unknown = field;
  if (typeof field === 'string') {
    try {
      list = JSON.parse(field);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter(isSafeImageEntry) : [];
}

/** URL of the first usable image of an image field, or the default image URL. */
export function firstImageUrl(field: string | readonly unknown[] | null | undefined, base = ''): string {
  return imageUrl(parseImageList(field)[0], base);
}

/**
 * Link to a generated export file: `${base}/${path}` with the same slash normalisation as
 * {@link imageUrl} (a missing path gives `${base}/`).
 *
 * @example exportUrl('exports/orders.csv', 'https://shop.example.com/') // 'https://shop.example.com/exports/orders.csv'
 */
export function exportUrl(path: string | null | undefined, base = ''): string {
  return `${trimBase(base)}/${trimPath(path)}`;
}
