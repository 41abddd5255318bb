import { type BlogListQuery, blogListQuerySchema } from '@vitrin/shared/api/blog';
import type { BlogContext } from '@vitrin/shared/api/blog-context';
import { data } from 'react-router';
import { notFound, param, parseParams } from '../lib/route-params.server.ts';

/**
 * What the blog pages load, kept apart from their components (so the server's tests can run the real
 * loaders). The page URLs name filters in Turkish: `?kategori=`, `?etiket=`, `?page=`.
 */

/** The listing query of a blog page's URL; a bad value answers 400 naming it. */
export function parseBlogQuery(request: Request): BlogListQuery {
  const params = new URL(request.url).searchParams;
  const raw = {
    page: params.get('page') || undefined,
    category: params.get('kategori') || undefined,
    tag: params.get('etiket') || undefined,
  };
  const result = blogListQuerySchema.safeParse(raw);
  if (!result.success) {
    const reason = result.error.issues.map((i) => i.message).join(' ');
    throw data({ message: `Geçersiz blog adresi: ${reason}` }, { status: 400 });
  }
  return result.data;
}

/** A listing page with the sidebar; an unknown category or tag answers 404 (the Turkish 404 line). */
export async function loadBlogListing(request: Request, blog: BlogContext) {
  const query = parseBlogQuery(request);
  const [listing, sidebar] = await Promise.all([blog.list(query), blog.sidebar()]);
  if (!listing) notFound(request);
  return { listing, sidebar, origin: new URL(request.url).origin };
}

/**
 * `/blog-details/:id`: an id that is not a positive integer fails the route validation, a valid id
 * without a published post names nothing: both answer 404.
 */
export async function loadBlogPost(
  { params, request }: { params: Record<string, string | undefined>; request: Request },
  blog: BlogContext,
) {
  const { id } = parseParams({ params, request }, { id: param.id });
  const [page, sidebar] = await Promise.all([blog.post(id), blog.sidebar()]);
  if (!page) notFound(request);
  return { page, sidebar, origin: new URL(request.url).origin };
}

/** `/blog-details` and `/blog-details-2`: the newest post (404 while the blog is empty). */
export async function loadNewestPost(request: Request, blog: BlogContext) {
  const [page, sidebar] = await Promise.all([blog.newest(), blog.sidebar()]);
  if (!page) notFound(request);
  return { page, sidebar, origin: new URL(request.url).origin };
}
