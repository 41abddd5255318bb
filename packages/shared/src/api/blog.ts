/**
 * The blog: answer shapes (types only, for the storefront) and the request schemas of `GET /api/front/blog`
 * (zod: imported by the server and by `.server.ts` modules only, never by browser code).
 */
import { isSlug } from '../slug.ts';
import { z } from '../zod.ts';

/** Posts per listing page (`/blog`, `/blog-grid`, `/blog-list`, `GET /api/front/blog`). */
export const BLOG_PAGE_SIZE = 6;

export interface BlogCategoryRef {
  slug: string;
  name: string;
}

export interface BlogTagRef {
  slug: string;
  name: string;
}

/** A post as listings, related posts and the home page show it. */
export interface BlogPostCard {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** `folder/file` under /uploads, or null for the default image. */
  coverImage: string | null;
  author: string;
  /** ISO 8601. */
  publishedAt: string;
  readingMinutes: number;
  category: BlogCategoryRef | null;
}

export interface BlogPost extends BlogPostCard {
  /** Sanitized HTML. */
  body: string;
  tags: BlogTagRef[];
  /** ISO 8601. */
  updatedAt: string;
}

/** A post with what its page shows around it. `previous` is the older post, `next` the newer one. */
export interface BlogPostPage {
  post: BlogPost;
  related: BlogPostCard[];
  previous: BlogPostCard | null;
  next: BlogPostCard | null;
}

export interface BlogFacet {
  slug: string;
  name: string;
  /** Published posts in it. */
  count: number;
}

/** Categories and tags with counts, and the newest posts: the sidebar and filter bar of the blog pages. */
export interface BlogSidebar {
  categories: BlogFacet[];
  tags: BlogFacet[];
  recent: BlogPostCard[];
}

export interface BlogListing {
  items: BlogPostCard[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  /** The category or tag filtered by, when one was asked for. */
  category: BlogCategoryRef | null;
  tag: BlogTagRef | null;
}

export interface BlogListQuery {
  page: number;
  category?: string | undefined;
  tag?: string | undefined;
}

const slug = (what: string) =>
  z.string().refine(isSlug, `${what} geçerli bir kısa ad olmalıdır (küçük harf, rakam ve tire).`);

/** `GET /api/front/blog?page=&category=&tag=`: an unknown category or tag answers 404, not an empty list. */
export const blogListQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, 'Sayfa numarası 1 ile 99999 arasında bir tam sayı olmalıdır.')
    .transform(Number)
    .optional()
    .default(1),
  category: slug('Kategori').optional(),
  tag: slug('Etiket').optional(),
}) satisfies z.ZodType<BlogListQuery, unknown>;

/** A post id in a path: a positive integer of at most ten digits. */
export const blogPostIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Yazı numarası pozitif bir tam sayı olmalıdır.')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'Yazı numarası çok büyük.'));
