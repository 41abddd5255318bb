import type { BlogListing, BlogListQuery, BlogPostCard, BlogPostPage, BlogSidebar } from './blog.ts';

/** The blog in the load context: the same answers for every visitor (pages stay cacheable). */
export interface BlogContext {
  /** Null for an unknown category or tag; the query is already validated. */
  list(query: BlogListQuery): Promise<BlogListing | null>;
  /** Null when no published post has this id. */
  post(id: number): Promise<BlogPostPage | null>;
  /** The newest published post, or null when there is none. */
  newest(): Promise<BlogPostPage | null>;
  sidebar(): Promise<BlogSidebar>;
  recent(count: number): Promise<BlogPostCard[]>;
}
