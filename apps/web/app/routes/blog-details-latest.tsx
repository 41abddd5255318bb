import { loadNewestPost } from '../blog/loaders.server.ts';
import { BLOG_CACHE, blogMeta } from '../blog/seo.ts';
import { BlogArticle } from '../components/blog/blog-article.tsx';
import type { Route } from './+types/blog-details-latest';

/** The newest post, full width; its canonical URL is the post's own. */
export const meta: Route.MetaFunction = ({ data, matches }) =>
  blogMeta(
    matches,
    data && {
      title: data.page.post.title,
      description: data.page.post.excerpt,
      path: `/blog-details/${data.page.post.id}`,
      post: data.page.post,
    },
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNewestPost(request, context.blog);
}

export const headers: Route.HeadersFunction = () => BLOG_CACHE;

export default function NewestPostRoute({ loaderData }: Route.ComponentProps) {
  const { page, sidebar, origin } = loaderData;
  return <BlogArticle page={page} sidebar={sidebar} origin={origin} />;
}
