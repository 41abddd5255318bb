import type { BlogListing, BlogPost } from '@vitrin/shared/api/blog';
import { listingTitle } from '../components/blog/blog-listing.tsx';
import { i18n } from '../i18n/index.ts';
import { blogMeta } from './seo.ts';

/** The parts of the blog route modules that are the same in each; the routes keep their own exports. */

type Matches = Parameters<typeof blogMeta>[0];

/** A post page's head, wherever the post is shown: its canonical URL is the post's own. */
export const postMeta = ({
  data,
  matches,
}: {
  data: { page: { post: BlogPost } } | undefined;
  matches: Matches;
}) =>
  blogMeta(
    matches,
    data && {
      title: data.page.post.title,
      // A post saved without a summary still gets a description (search results, link previews): the blog's.
      description: data.page.post.excerpt.trim() || i18n.t('blog.description'),
      path: `/blog-details/${data.page.post.id}`,
      post: data.page.post,
    },
  );

/** The head of the listing at `path`: its canonical URL keeps `?page=` from page 2 on. */
export const listingMeta =
  (path: string) =>
  ({ data, matches }: { data: { listing: BlogListing } | undefined; matches: Matches }) =>
    blogMeta(
      matches,
      data && {
        title: listingTitle(data.listing, i18n.t),
        description: i18n.t('blog.description'),
        path: `${path}${data.listing.page > 1 ? `?page=${data.listing.page}` : ''}`,
      },
    );
