import type { BlogListing, BlogSidebar as Sidebar } from '@vitrin/shared/api/blog';
import { useTranslation } from '../../i18n/index.ts';
import { AppLink } from '../app-link.tsx';
import { Breadcrumbs } from '../breadcrumbs.tsx';
import { Pagination } from '../pagination.tsx';
import { BlogSidebar } from './blog-sidebar.tsx';
import { BlogCard, BlogListItem } from './post-card.tsx';

export type BlogDesign = 'default' | 'grid' | 'list';

const BASE: Record<BlogDesign, string> = { default: '/blog', grid: '/blog-grid', list: '/blog-list' };

/** The page title of a listing: the filter's name when one is chosen. */
export function listingTitle(listing: BlogListing, t: ReturnType<typeof useTranslation>['t']): string {
  if (listing.category) return t('blog.categoryTitle', { name: listing.category.name });
  if (listing.tag) return t('blog.tagTitle', { name: listing.tag.name });
  return t('blog.title');
}

/**
 * The three blog listings share data and URLs (`?kategori=`, `?etiket=`, `?page=`) and differ in design:
 * `default` (a wide newest post, cards, sidebar), `grid` (cards only, a filter bar on top) and `list`
 * (rows with excerpts, sidebar on the left).
 */
export function BlogListingPage({
  listing,
  sidebar,
  design,
}: {
  listing: BlogListing;
  sidebar: Sidebar;
  design: BlogDesign;
}) {
  const { t } = useTranslation();
  const basePath = BASE[design];
  const title = listingTitle(listing, t);
  const filtered = listing.category || listing.tag;
  const sidebarProps = {
    sidebar,
    basePath,
    activeCategory: listing.category?.slug,
    activeTag: listing.tag?.slug,
  };
  const [first, ...rest] = listing.items;
  const featured = design === 'default' && listing.page === 1 && !filtered && first;

  const posts = listing.items.length ? (
    design === 'list' ? (
      <ul className="space-y-6">
        {listing.items.map((post, i) => (
          <li key={post.id}>
            <BlogListItem post={post} priority={i === 0} />
          </li>
        ))}
      </ul>
    ) : (
      <>
        {featured && (
          <div className="mb-6">
            <BlogCard
              post={first}
              priority
              sizes="(min-width: 1280px) 860px, (min-width: 1024px) 66vw, 100vw"
            />
          </div>
        )}
        <ul
          className={`grid gap-6 sm:grid-cols-2 ${design === 'grid' ? 'lg:grid-cols-3' : ''}`}
          data-testid="blog-grid"
        >
          {(featured ? rest : listing.items).map((post, i) => (
            <li key={post.id}>
              <BlogCard
                post={post}
                priority={!featured && i < 2}
                sizes={
                  design === 'grid'
                    ? '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, 100vw'
                    : '(min-width: 1280px) 420px, (min-width: 640px) 48vw, 100vw'
                }
              />
            </li>
          ))}
        </ul>
      </>
    )
  ) : (
    <p className="rounded-xl border border-sand-200 bg-white p-8 text-center text-ink-700">
      {t('blog.noPosts')}
    </p>
  );

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs
        crumbs={filtered ? [{ name: t('blog.title'), url: basePath }] : []}
        current={filtered ? (listing.category?.name ?? `#${listing.tag?.name}`) : t('blog.title')}
      />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold text-ink-900">{title}</h1>
          <p className="mt-1 text-ink-700">
            {filtered ? t('blog.count', { count: listing.total }) : t('blog.description')}
          </p>
        </div>
        <div className="flex items-center gap-4 text-sm">
          {filtered && (
            <AppLink to={basePath} className="text-clay-700 underline underline-offset-4">
              {t('blog.clearFilter')}
            </AppLink>
          )}
          <a href="/blog/rss.xml" className="text-clay-700 underline underline-offset-4">
            {t('blog.rss')}
          </a>
        </div>
      </div>

      {design === 'grid' ? (
        <div className="mt-6">
          <BlogFilterBar {...sidebarProps} />
          <section aria-label={title} className="mt-8">
            {posts}
            <Pagination
              page={listing.page}
              pageCount={listing.pageCount}
              className="mt-10"
              linkClassName="bg-white"
            />
          </section>
        </div>
      ) : (
        <div
          className={`mt-8 grid gap-10 ${design === 'list' ? 'lg:grid-cols-[16rem_1fr]' : 'lg:grid-cols-[1fr_18rem]'}`}
        >
          <section aria-label={title} className={design === 'list' ? 'lg:order-2' : ''}>
            {posts}
            <Pagination
              page={listing.page}
              pageCount={listing.pageCount}
              className="mt-10"
              linkClassName="bg-white"
            />
          </section>
          <div className={design === 'list' ? 'lg:order-1' : ''}>
            <BlogSidebar {...sidebarProps} showRecent={design === 'default'} />
          </div>
        </div>
      )}
    </main>
  );
}

/** Categories and tags as one row of chips above the grid. */
function BlogFilterBar({
  sidebar,
  basePath,
  activeCategory,
  activeTag,
}: {
  sidebar: Sidebar;
  basePath: string;
  activeCategory?: string | undefined;
  activeTag?: string | undefined;
}) {
  const { t } = useTranslation();
  const chip = 'inline-block rounded-full border px-3 py-1 text-sm';
  const idle = `${chip} border-sand-300 bg-white text-ink-800 hover:border-clay-700`;
  const active = `${chip} border-ink-900 bg-ink-900 text-white`;
  return (
    <nav aria-label={t('blog.filters')} className="space-y-3 rounded-xl border border-sand-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-1 text-sm font-semibold text-ink-900">{t('blog.categories')}:</span>
        <AppLink to={basePath} className={!activeCategory && !activeTag ? active : idle}>
          {t('blog.allPosts')}
        </AppLink>
        {sidebar.categories.map((c) => (
          <AppLink
            key={c.slug}
            to={`${basePath}?kategori=${c.slug}`}
            className={c.slug === activeCategory ? active : idle}
            aria-current={c.slug === activeCategory ? 'page' : undefined}
          >
            {c.name} <span className={c.slug === activeCategory ? '' : 'text-ink-600'}>({c.count})</span>
          </AppLink>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-1 text-sm font-semibold text-ink-900">{t('blog.tags')}:</span>
        {sidebar.tags.map((tag) => (
          <AppLink
            key={tag.slug}
            to={`${basePath}?etiket=${tag.slug}`}
            className={tag.slug === activeTag ? active : idle}
            aria-current={tag.slug === activeTag ? 'page' : undefined}
          >
            #{tag.name}
          </AppLink>
        ))}
      </div>
    </nav>
  );
}
