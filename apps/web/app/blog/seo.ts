import type { BlogPost } from '@vitrin/shared/api/blog';
import { sharingMeta } from '../lib/seo.ts';
import { absoluteImage, jsonLdText, publisherJsonLd } from '../lib/structured-data.ts';
import type { RootData } from '../lib/use-home.ts';

/** Blog pages are the same for every visitor: browsers revalidate, shared caches keep them briefly. */
export const BLOG_CACHE = {
  'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
};

interface BlogSeo {
  title: string;
  description: string;
  /** The canonical path (a post shown at `/blog-details` points to `/blog-details/{id}`). */
  path: string;
  post?: BlogPost;
}

/** Title, description, canonical link, Open Graph (article for posts) and the RSS feed link. */
export function blogMeta(
  matches: ReadonlyArray<{ data?: unknown } | undefined>,
  seo: BlogSeo | null | undefined,
) {
  if (!seo) return [];
  const root = matches[0]?.data as RootData | undefined;
  const origin = root?.origin ?? '';
  const brand = root?.home.global_setting.brand_name ?? 'Vitrin';
  const title = `${seo.title} | ${brand}`;
  const post = seo.post;
  return [
    { title },
    { name: 'description', content: seo.description.slice(0, 160) },
    { tagName: 'link', rel: 'canonical', href: origin + seo.path },
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `${brand} Blog`,
      href: `${origin}/blog/rss.xml`,
    },
    { property: 'og:url', content: origin + seo.path },
    { property: 'og:type', content: post ? 'article' : 'website' },
    { property: 'og:site_name', content: brand },
    { property: 'og:locale', content: 'tr_TR' },
    ...sharingMeta({
      title: post ? post.title : title,
      description: seo.description,
      // A post without a cover is shown with the shop's logo.
      image: post ? absoluteImage(origin, post.coverImage || root?.home.global_setting.logo) : undefined,
    }),
    ...(post
      ? [
          { property: 'article:published_time', content: post.publishedAt },
          { property: 'article:modified_time', content: post.updatedAt },
          { property: 'article:author', content: post.author },
          ...(post.category ? [{ property: 'article:section', content: post.category.name }] : []),
          ...post.tags.map((t) => ({ property: 'article:tag', content: t.name })),
        ]
      : []),
  ];
}

/** JSON-LD `Article` of a post; the shop, with its logo, is the publisher. */
export function articleJsonLd(
  post: BlogPost,
  origin: string,
  shop: { brand_name: string; logo: string },
): string {
  const url = `${origin}/blog-details/${post.id}`;
  return jsonLdText({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.excerpt,
    image: [absoluteImage(origin, post.coverImage || shop.logo)],
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: post.author },
    publisher: publisherJsonLd(origin, shop.brand_name, shop.logo),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    articleSection: post.category?.name,
    keywords: post.tags.map((t) => t.name).join(', ') || undefined,
    inLanguage: 'tr-TR',
  });
}
