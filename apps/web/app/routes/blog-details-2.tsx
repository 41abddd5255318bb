import { loadNewestPost } from '../blog/loaders.server.ts';
import { postMeta } from '../blog/route-parts.ts';
import { BLOG_CACHE } from '../blog/seo.ts';
import { BlogArticle } from '../components/blog/blog-article.tsx';
import type { Route } from './+types/blog-details-2';

/** The newest post beside categories, tags and recent posts; its canonical URL is the post's own. */
export const meta: Route.MetaFunction = postMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNewestPost(request, context.blog);
}

export const headers: Route.HeadersFunction = () => BLOG_CACHE;

export default function NewestPostRoute({ loaderData }: Route.ComponentProps) {
  const { page, sidebar, origin } = loaderData;
  return <BlogArticle page={page} sidebar={sidebar} origin={origin} withSidebar />;
}
