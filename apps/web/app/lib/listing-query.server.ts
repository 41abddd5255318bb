import { type ListingQuery, listingQuerySchema, searchQuerySchema } from '@vitrin/shared/api/catalog-query';
import { data } from 'react-router';
import { searchParamsObject } from './listing-query.ts';

/** Filters and sort from a listing page's URL; a bad value answers 400 naming what is wrong. */
export function parseListingQuery(request: Request): ListingQuery {
  const result = listingQuerySchema.safeParse(searchParamsObject(new URL(request.url).searchParams));
  if (!result.success) {
    const reason = result.error.issues.map((i) => i.message).join(' ');
    throw data({ message: `Geçersiz filtre: ${reason}` }, { status: 400 });
  }
  return result.data;
}

/** The search text of `/search?q=`, trimmed; over 200 characters answers 400 with the Turkish message. */
export function parseSearchText(request: Request): string {
  const parsed = searchQuerySchema.safeParse({ q: new URL(request.url).searchParams.get('q') ?? '' });
  if (!parsed.success) {
    throw data({ message: parsed.error.issues.map((i) => i.message).join(' ') }, { status: 400 });
  }
  return parsed.data.q;
}
