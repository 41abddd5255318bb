import { loadBlogListing } from '../blog/loaders.server.ts';
import { listingMeta } from '../blog/route-parts.ts';
import { BLOG_CACHE } from '../blog/seo.ts';
import { BlogListingPage } from '../components/blog/blog-listing.tsx';
import type { Route } from './+types/blog-grid';

export const meta: Route.MetaFunction = listingMeta('/blog-grid');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBlogListing(request, context.blog);
}

export const headers: Route.HeadersFunction = () => BLOG_CACHE;

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  return <BlogListingPage listing={loaderData.listing} sidebar={loaderData.sidebar} design="grid" />;
}
