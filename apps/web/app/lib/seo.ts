import { absoluteImage } from './structured-data.ts';
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
  /** The page's picture, an image path (`folder/file`) under /uploads; none: the shop's hero image or logo. */
  image?: string | null | undefined;
  /** The whole title as the shop owner wrote it (no ` | brand` added). */
  exactTitle?: boolean;
}

/**
 * Title, description, canonical link and Open Graph tags of a catalogue page (and of the home page). Every URL
 * is absolute on the page's origin, which the server builds from PUBLIC_URL: link previews and crawlers do not
 * resolve relative ones.
 */
export function catalogMeta(
  matches: ReadonlyArray<{ data?: unknown } | undefined>,
  seo: PageSeo | undefined | null,
) {
  if (!seo) return [];
  const root = matches[0]?.data as RootData | undefined;
  const origin = root?.origin ?? '';
  const settings = root?.home.global_setting;
  const brand = settings?.brand_name ?? 'Vitrin';
  const title = seo.exactTitle ? seo.title : `${seo.title} | ${brand}`;
  const image = seo.image || settings?.hero_image || settings?.logo;
  return [
    { title },
    { name: 'description', content: seo.description.slice(0, 160) },
    { tagName: 'link', rel: 'canonical', href: origin + seo.path },
    { property: 'og:url', content: origin + seo.path },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: brand },
    { property: 'og:locale', content: 'tr_TR' },
    ...sharingMeta({
      title,
      description: seo.description,
      image: image ? absoluteImage(origin, image) : undefined,
    }),
  ];
}

/**
 * What a link preview shows (Open Graph, and X's cards, which want their own tags): title, description and
 * the picture with its text. `image` is an absolute URL.
 */
export function sharingMeta({
  title,
  description,
  image,
}: {
  title: string;
  description: string;
  image?: string | undefined;
}) {
  const text = description.slice(0, 200);
  return [
    { property: 'og:title', content: title },
    { property: 'og:description', content: text },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: text },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:alt', content: title },
          { name: 'twitter:image', content: image },
          { name: 'twitter:image:alt', content: title },
        ]
      : []),
  ];
}
