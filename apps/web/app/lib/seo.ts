import type { RootData } from './use-home.ts';

/** Listings and product pages hold no per-visitor data: browsers revalidate, shared caches keep them briefly. */
export const LISTING_CACHE = {
  'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
};

interface PageSeo {
  title: string;
  description: string;
  /** Path of the plain page: filtered and sorted variants point here as canonical. */
  path: string;
  image?: string | undefined;
  /** The whole title as the shop owner wrote it (no ` | brand` added). */
  exactTitle?: boolean;
}

/** Title, description, canonical link and OpenGraph tags of a catalogue page. */
export function catalogMeta(
  matches: ReadonlyArray<{ data?: unknown } | undefined>,
  seo: PageSeo | undefined | null,
) {
  if (!seo) return [];
  const root = matches[0]?.data as RootData | undefined;
  const brand = root?.home.global_setting.brand_name ?? 'Vitrin';
  const title = seo.exactTitle ? seo.title : `${seo.title} | ${brand}`;
  return [
    { title },
    { name: 'description', content: seo.description.slice(0, 160) },
    // Search engines want an absolute canonical URL.
    { tagName: 'link', rel: 'canonical', href: (root?.origin ?? '') + seo.path },
    { property: 'og:url', content: (root?.origin ?? '') + seo.path },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: seo.description.slice(0, 200) },
    ...(seo.image ? [{ property: 'og:image', content: seo.image }] : []),
  ];
}
