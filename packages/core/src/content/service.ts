import type { ContentPage, PageLink } from '@vitrin/shared/api/content';
import { and, asc, eq } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { pageSlugHistory, pages } from '../db/schema.ts';
import { type SlugHistory, slugNowIn } from '../db/slug-history.ts';
import { sanitizeRichText } from './sanitize.ts';

/** The slugs pages left (`page_slug_history`), so /content/{old} answers 301. */
export const pageSlugs: SlugHistory = {
  history: pageSlugHistory,
  owner: pageSlugHistory.pageId,
  owners: pages,
  // An unpublished page's old address is 404, as its own is.
  shown: pages.isPublished,
};

export function createContentService(db: Db, cache: Cache) {
  return {
    /** A published page with its body sanitized, or null. */
    bySlug: cache.keyed('page', async (slug): Promise<ContentPage | null> => {
      const [row] = await db
        .select()
        .from(pages)
        .where(and(eq(pages.slug, slug), eq(pages.isPublished, true)))
        .limit(1);
      if (!row) return null;
      return {
        id: row.id,
        type: row.type,
        slug: row.slug,
        title: row.title,
        summary: row.summary,
        body: sanitizeRichText(row.body),
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
    /** The slug now of the page that once had `slug` (its old address answers 301); null when none did. */
    movedTo: (slug: string): Promise<string | null> => slugNowIn(db, pageSlugs, slug),
    /** Links to every published page, for the footer and the sitemap. */
    links: cache.value(
      'page-links',
      async (): Promise<PageLink[]> =>
        db
          .select({ type: pages.type, slug: pages.slug, title: pages.title })
          .from(pages)
          .where(eq(pages.isPublished, true))
          .orderBy(asc(pages.type), asc(pages.position), asc(pages.id)),
    ),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
