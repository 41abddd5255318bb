import { loadBlogPost } from '../blog/loaders.server.ts';
import { postMeta } from '../blog/route-parts.ts';
import { BLOG_CACHE } from '../blog/seo.ts';
import { BlogArticle } from '../components/blog/blog-article.tsx';
import type { Route } from './+types/blog-details';

export const meta: Route.MetaFunction = postMeta;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadBlogPost({ params, request }, context.blog);
}

export const headers: Route.HeadersFunction = () => BLOG_CACHE;

export default function BlogDetailsRoute({ loaderData }: Route.ComponentProps) {
  const { page, sidebar, origin } = loaderData;
  return <BlogArticle page={page} sidebar={sidebar} origin={origin} />;
}
