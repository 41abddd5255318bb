import { type ListingQuery, listingQuerySchema } from '@vitrin/shared/api/catalog';
import { data } from 'react-router';

/** URL parameters as the listing schema reads them: repeated keys (tag, opt) become lists. */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).filter((v) => v !== '');
    if (values.length === 0) continue;
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** Filters and sort from a listing page's URL; a bad value answers 400 naming what is wrong. */
export function parseListingQuery(request: Request): ListingQuery {
  const result = listingQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!result.success) {
    const reason = result.error.issues.map((i) => i.message).join(' ');
    throw data({ message: `Geçersiz filtre: ${reason}` }, { status: 400 });
  }
  return result.data;
}

/** The current URL with one parameter changed (page links keep filters and sort). */
export function withParam(search: string, key: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const s = params.toString();
  return s ? `?${s}` : '';
}
