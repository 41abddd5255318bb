import { loadBlogListing } from '../blog/loaders.server.ts';
import { BLOG_CACHE, blogMeta } from '../blog/seo.ts';
import { BlogListingPage, listingTitle } from '../components/blog/blog-listing.tsx';
import { i18n } from '../i18n/index.ts';
import type { Route } from './+types/blog';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  blogMeta(
    matches,
    data && {
      title: listingTitle(data.listing, i18n.t),
      description: i18n.t('blog.description'),
      path: `/blog${data.listing.page > 1 ? `?page=${data.listing.page}` : ''}`,
    },
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBlogListing(request, context.blog);
}

export const headers: Route.HeadersFunction = () => BLOG_CACHE;

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  return <BlogListingPage listing={loaderData.listing} sidebar={loaderData.sidebar} design="default" />;
}
