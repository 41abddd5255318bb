import {
  BLOG_PAGE_SIZE,
  type BlogListing,
  type BlogListQuery,
  type BlogPostCard,
  type BlogPostPage,
  type BlogSidebar,
} from '@vitrin/shared/api/blog';
import type { Cache } from '../cache.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import type { Db } from '../db/client.ts';
import {
  categoryBySlug,
  facets,
  listCards,
  neighbourCard,
  newestPostId,
  nextScheduledAt,
  postById,
  recentCards,
  relatedCards,
  sitemapPosts,
  tagBySlug,
  tagsOfPost,
} from './queries.ts';

const RELATED_COUNT = 3;
const RECENT_COUNT = 5;

/**
 * The blog as shoppers read it: published posts only (marked published, publish time reached). Everything
 * is cached in-process and dropped with the other caches on any change (`cache.invalidateAll()`), which
 * also empties the page cache. The caches are bounded by the next scheduled post: at its time each node drops
 * its own caches (`clearLocal`), so a listing, the feed and the page cache show the post from then on.
 */
export function createBlogService(db: Db, cache: Cache) {
  /** A listing page; null when the category or tag asked for does not exist. */
  async function loadList(query: BlogListQuery, pageSize: number): Promise<BlogListing | null> {
    const [category, tag] = await Promise.all([
      query.category ? categoryBySlug(db, query.category) : undefined,
      query.tag ? tagBySlug(db, query.tag) : undefined,
    ]);
    if (category === null || tag === null) return null;
    const { items, total } = await listCards(
      db,
      { categoryId: category?.id, tagId: tag?.id },
      (query.page - 1) * pageSize,
      pageSize,
    );
    return {
      items,
      page: query.page,
      pageSize,
      total,
      pageCount: Math.ceil(total / pageSize),
      category: category ? { slug: category.slug, name: category.name } : null,
      tag: tag ? { slug: tag.slug, name: tag.name } : null,
    };
  }

  async function loadPost(id: number): Promise<BlogPostPage | null> {
    const row = await postById(db, id);
    if (!row) return null;
    const tags = await tagsOfPost(db, id);
    const [related, previous, next] = await Promise.all([
      relatedCards(
        db,
        { id, categoryId: row.categoryId },
        tags.map((t) => t.id),
        RELATED_COUNT,
      ),
      neighbourCard(db, { id, publishedAt: row.publishedAt }, 'older'),
      neighbourCard(db, { id, publishedAt: row.publishedAt }, 'newer'),
    ]);
    return {
      post: {
        ...row.card,
        body: sanitizeRichText(row.body),
        tags: tags.map(({ slug, name }) => ({ slug, name })),
        updatedAt: row.updatedAt.toISOString(),
      },
      related,
      previous,
      next,
    };
  }

  // Armed again whenever the caches were dropped and the blog is read: its entry goes with them.
  let dueTimer: ReturnType<typeof setTimeout> | undefined;
  const nextDue = cache.value('blog-next-due', async () => {
    const at = await nextScheduledAt(db);
    clearTimeout(dueTimer);
    if (at) {
      // At least a second: a database clock a little behind ours must not make this spin. Timers take at
      // most ~24.8 days; a later post is re-armed when that one fires.
      const wait = Math.min(Math.max(at.getTime() - Date.now(), 1000), 2_147_483_647);
      dueTimer = setTimeout(() => cache.clearLocal(), wait);
      dueTimer.unref();
    }
    return at;
  });
  const bounded =
    <A extends unknown[], T>(read: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      await nextDue();
      return read(...args);
    };

  const list = cache.keyed('blog-list', (key) => loadList(JSON.parse(key) as BlogListQuery, BLOG_PAGE_SIZE));
  const post = cache.keyed('blog-post', (key) => loadPost(Number(key)));
  const recent = cache.keyed('blog-recent', (n) => recentCards(db, Number(n)));
  const newest = cache.value('blog-newest', async () => {
    const id = await newestPostId(db);
    return id === null ? null : post(String(id));
  });

  return {
    /** Published posts newest first, `BLOG_PAGE_SIZE` a page; null for an unknown category or tag. */
    list: bounded(
      (query: BlogListQuery): Promise<BlogListing | null> =>
        list(JSON.stringify({ page: query.page, category: query.category, tag: query.tag })),
    ),
    /** A published post with related posts and its older and newer neighbours; null when there is none. */
    post: bounded((id: number): Promise<BlogPostPage | null> => post(String(id))),
    /** The newest published post (`/blog-details`, `/blog-details-2`). */
    newest: bounded(newest),
    sidebar: bounded(
      cache.value(
        'blog-sidebar',
        async (): Promise<BlogSidebar> => ({
          ...(await facets(db)),
          recent: await recentCards(db, RECENT_COUNT),
        }),
      ),
    ),
    /** The newest posts (home page, feed). */
    recent: bounded((count: number): Promise<BlogPostCard[]> => recent(String(count))),
    /** Ids and change times of every published post, for the sitemap. */
    sitemap: () => sitemapPosts(db),
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
