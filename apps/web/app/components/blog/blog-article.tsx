import type { BlogPostPage, BlogSidebar as Sidebar } from '@vitrin/shared/api/blog';
import { articleJsonLd } from '../../blog/seo.ts';
import { useTranslation } from '../../i18n/index.ts';
import { useNonce } from '../../lib/nonce.ts';
import { useRootData } from '../../lib/use-home.ts';
import { AppLink } from '../app-link.tsx';
import { Breadcrumbs } from '../breadcrumbs.tsx';
import { ResponsiveImage } from '../responsive-image.tsx';
import { BlogSidebar } from './blog-sidebar.tsx';
import { BlogCard, postPath } from './post-card.tsx';
import { PostMeta } from './post-meta.tsx';
import { ShareLinks } from './share-links.tsx';

/**
 * A post's page: cover, title, author, date, reading time, category and tags, the sanitized body, share
 * links, older and newer posts, related posts; `withSidebar` adds categories, tags and recent posts.
 */
export function BlogArticle({
  page,
  sidebar,
  origin,
  withSidebar = false,
}: {
  page: BlogPostPage;
  sidebar: Sidebar;
  origin: string;
  withSidebar?: boolean;
}) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const { home } = useRootData();
  const { post, related, previous, next } = page;
  const url = `${origin}${postPath(post)}`;
  const article = (
    <article aria-labelledby="post-title" data-testid="blog-post">
      <header className="space-y-3">
        {post.category && (
          <AppLink
            to={`/blog?kategori=${post.category.slug}`}
            className="text-sm font-semibold uppercase tracking-wide text-clay-700 hover:underline"
          >
            {post.category.name}
          </AppLink>
        )}
        <h1 id="post-title" className="text-3xl font-semibold tracking-tight text-ink-900 md:text-4xl">
          {post.title}
        </h1>
        <PostMeta post={post} author />
      </header>
      {post.coverImage && (
        <div className="mt-6 aspect-[16/9] overflow-hidden rounded-xl bg-sand-100">
          <ResponsiveImage
            path={post.coverImage}
            alt=""
            width={1200}
            height={675}
            sizes={
              withSidebar
                ? '(min-width: 1280px) 880px, (min-width: 1024px) 70vw, 100vw'
                : '(min-width: 1024px) 896px, 100vw'
            }
            widths={[480, 640, 800, 1200]}
            priority
            className="h-full w-full object-cover"
          />
        </div>
      )}
      <p className="mt-6 text-lg text-ink-700">{post.excerpt}</p>
      {/* The body was sanitized on the server (packages/core content/sanitize.ts). */}
      <div className="prose-vitrin mt-6" dangerouslySetInnerHTML={{ __html: post.body }} />
      {post.tags.length > 0 && (
        <div className="mt-8 flex flex-wrap items-center gap-2">
          <h2 className="mr-1 text-sm font-semibold text-ink-900">{t('blog.tags')}:</h2>
          <ul className="flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag.slug}>
                <AppLink
                  to={`/blog?etiket=${tag.slug}`}
                  className="inline-block rounded-full border border-sand-300 bg-white px-3 py-1 text-sm hover:border-clay-700"
                >
                  #{tag.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-6 border-t border-sand-200 pt-6">
        <ShareLinks url={url} title={post.title} />
      </div>
      {(previous || next) && (
        <nav aria-label={t('blog.postNav')} className="mt-8 grid gap-4 sm:grid-cols-2">
          {previous ? (
            <AppLink
              to={postPath(previous)}
              rel="prev"
              className="rounded-xl border border-sand-200 bg-white p-4 hover:border-clay-700"
            >
              <span className="block text-sm text-ink-600">← {t('blog.previous')}</span>
              <span className="mt-1 block font-medium text-ink-900">{previous.title}</span>
            </AppLink>
          ) : (
            <span />
          )}
          {next && (
            <AppLink
              to={postPath(next)}
              rel="next"
              className="rounded-xl border border-sand-200 bg-white p-4 text-right hover:border-clay-700"
            >
              <span className="block text-sm text-ink-600">{t('blog.next')} →</span>
              <span className="mt-1 block font-medium text-ink-900">{next.title}</span>
            </AppLink>
          )}
        </nav>
      )}
    </article>
  );
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: articleJsonLd(post, origin, home.global_setting) }}
      />
      <Breadcrumbs crumbs={[{ name: t('blog.title'), url: '/blog' }]} current={post.title} />
      {withSidebar ? (
        <div className="mt-6 grid gap-10 lg:grid-cols-[1fr_18rem]">
          {article}
          <BlogSidebar sidebar={sidebar} />
        </div>
      ) : (
        <div className="mx-auto mt-6 max-w-4xl">{article}</div>
      )}
      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-14">
          <h2 id="related-title" className="mb-6 text-2xl font-semibold text-ink-900">
            {t('blog.related')}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((p) => (
              <li key={p.id}>
                <BlogCard post={p} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
