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
