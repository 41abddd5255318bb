import type { BlogPost } from '@vitrin/shared/api/blog';
import { imageUrl } from '@vitrin/shared/media';
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
    { property: 'og:title', content: post ? post.title : title },
    { property: 'og:description', content: seo.description.slice(0, 200) },
    { property: 'og:locale', content: 'tr_TR' },
    ...(post
      ? [
          { property: 'og:image', content: origin + imageUrl(post.coverImage) },
          { property: 'article:published_time', content: post.publishedAt },
          { property: 'article:modified_time', content: post.updatedAt },
          { property: 'article:author', content: post.author },
          ...(post.category ? [{ property: 'article:section', content: post.category.name }] : []),
          ...post.tags.map((t) => ({ property: 'article:tag', content: t.name })),
          { name: 'twitter:card', content: 'summary_large_image' },
        ]
      : []),
  ];
}

/** JSON-LD `Article` of a post. */
export function articleJsonLd(post: BlogPost, origin: string, brand: string): string {
  const url = `${origin}/blog-details/${post.id}`;
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.excerpt,
    image: [origin + imageUrl(post.coverImage)],
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: brand },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    articleSection: post.category?.name,
    keywords: post.tags.map((t) => t.name).join(', ') || undefined,
    inLanguage: 'tr-TR',
  }).replace(/</g, '\\u003c');
}
