import type { BlogFacet, BlogPostCard, BlogTagRef } from '@vitrin/shared/api/blog';
import { and, asc, count, desc, eq, exists, gt, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blogCategories, blogPosts, blogPostTags, blogTags } from '../db/schema.ts';

/** Published: marked so, and its publish time has come. */
export const isVisible = (): SQL =>
  and(eq(blogPosts.isPublished, true), lte(blogPosts.publishedAt, sql`now()`)) as SQL;

const cardColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  coverImage: blogPosts.coverImage,
  author: blogPosts.author,
  publishedAt: blogPosts.publishedAt,
  readingMinutes: blogPosts.readingMinutes,
  categorySlug: blogCategories.slug,
  categoryName: blogCategories.name,
};

type CardRow = {
  [K in keyof typeof cardColumns]: K extends 'publishedAt'
    ? Date
    : K extends 'categorySlug' | 'categoryName' | 'coverImage'
      ? string | null
      : K extends 'id' | 'readingMinutes'
        ? number
        : string;
};

function toCard(row: CardRow): BlogPostCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: row.coverImage,
    author: row.author,
    publishedAt: row.publishedAt.toISOString(),
    readingMinutes: row.readingMinutes,
    category:
      row.categorySlug && row.categoryName ? { slug: row.categorySlug, name: row.categoryName } : null,
  };
}

/** Newest first; posts published at the same moment by id, so pages never overlap. */
const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

function cards(db: Db) {
  return db
    .select(cardColumns)
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));
}

export interface ListFilter {
  categoryId?: number | undefined;
  tagId?: number | undefined;
}

function filterCondition(db: Db, filter: ListFilter): SQL {
  const conditions: SQL[] = [isVisible()];
  if (filter.categoryId !== undefined) conditions.push(eq(blogPosts.categoryId, filter.categoryId));
  if (filter.tagId !== undefined) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(blogPostTags)
          .where(and(eq(blogPostTags.postId, blogPosts.id), eq(blogPostTags.tagId, filter.tagId))),
      ),
    );
  }
  return and(...conditions) as SQL;
}

export async function listCards(
  db: Db,
  filter: ListFilter,
  offset: number,
  limit: number,
): Promise<{ items: BlogPostCard[]; total: number }> {
  const where = filterCondition(db, filter);
  const [rows, [totalRow]] = await Promise.all([
    cards(db)
      .where(where)
      .orderBy(...newestFirst)
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(blogPosts).where(where),
  ]);
  return { items: rows.map(toCard), total: totalRow?.n ?? 0 };
}

export async function categoryBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(blogCategories).where(eq(blogCategories.slug, slug)).limit(1);
  return row ?? null;
}

export async function tagBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(blogTags).where(eq(blogTags.slug, slug)).limit(1);
  return row ?? null;
}

export async function postById(db: Db, id: number) {
  const [row] = await db
    .select({
      ...cardColumns,
      body: blogPosts.body,
      updatedAt: blogPosts.updatedAt,
      categoryId: blogPosts.categoryId,
    })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(and(eq(blogPosts.id, id), isVisible()))
    .limit(1);
  return row ? { ...row, card: toCard(row) } : null;
}

/** When the next post marked published but not yet due appears; null when none waits. */
export async function nextScheduledAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: blogPosts.publishedAt })
    .from(blogPosts)
    .where(and(eq(blogPosts.isPublished, true), gt(blogPosts.publishedAt, sql`now()`)))
    .orderBy(asc(blogPosts.publishedAt))
    .limit(1);
  return row?.at ?? null;
}

export async function newestPostId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(isVisible())
    .orderBy(...newestFirst)
    .limit(1);
  return row?.id ?? null;
}

export async function tagsOfPost(db: Db, postId: number): Promise<Array<BlogTagRef & { id: number }>> {
  return db
    .select({ id: blogTags.id, slug: blogTags.slug, name: blogTags.name })
    .from(blogPostTags)
    .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
    .where(eq(blogPostTags.postId, postId))
    .orderBy(asc(blogTags.name));
}

/**
 * Posts like this one: each shared tag counts one, the same category two; ties go to the newer post.
 * Posts with nothing in common are not related.
 */
export async function relatedCards(
  db: Db,
  post: { id: number; categoryId: number | null },
  tagIds: number[],
  limit: number,
): Promise<BlogPostCard[]> {
  const sharedTags = tagIds.length
    ? sql<number>`(select count(*) from ${blogPostTags} where ${blogPostTags.postId} = ${blogPosts.id} and ${inArray(blogPostTags.tagId, tagIds)})`
    : sql<number>`0`;
  const sameCategory =
    post.categoryId === null
      ? sql<number>`0`
      : sql<number>`(case when ${blogPosts.categoryId} = ${post.categoryId} then 2 else 0 end)`;
  const score = sql`(${sharedTags} + ${sameCategory})`;
  const rows = await cards(db)
    .where(and(isVisible(), ne(blogPosts.id, post.id), sql`${score} > 0`))
    .orderBy(desc(score), ...newestFirst)
    .limit(limit);
  return rows.map(toCard);
}

/** The post published just before (`older`) or just after (`newer`) this one. */
export async function neighbourCard(
  db: Db,
  post: { id: number; publishedAt: Date },
  direction: 'older' | 'newer',
): Promise<BlogPostCard | null> {
  const at = post.publishedAt;
  const condition =
    direction === 'older'
      ? or(lt(blogPosts.publishedAt, at), and(eq(blogPosts.publishedAt, at), lt(blogPosts.id, post.id)))
      : or(gt(blogPosts.publishedAt, at), and(eq(blogPosts.publishedAt, at), gt(blogPosts.id, post.id)));
  const order = direction === 'older' ? newestFirst : [asc(blogPosts.publishedAt), asc(blogPosts.id)];
  const [row] = await cards(db)
    .where(and(isVisible(), condition))
    .orderBy(...order)
    .limit(1);
  return row ? toCard(row) : null;
}

export async function recentCards(db: Db, limit: number): Promise<BlogPostCard[]> {
  const rows = await cards(db)
    .where(isVisible())
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toCard);
}

/** Categories in their order and tags by name, each with its number of published posts (empty ones too). */
export async function facets(db: Db): Promise<{ categories: BlogFacet[]; tags: BlogFacet[] }> {
  const visible = sql`${blogPosts.isPublished} and ${blogPosts.publishedAt} <= now()`;
  const [categoryRows, tagRows] = await Promise.all([
    db
      .select({
        slug: blogCategories.slug,
        name: blogCategories.name,
        count: sql<number>`count(${blogPosts.id}) filter (where ${visible})`.mapWith(Number),
      })
      .from(blogCategories)
      .leftJoin(blogPosts, eq(blogPosts.categoryId, blogCategories.id))
      .groupBy(blogCategories.id)
      .orderBy(asc(blogCategories.position), asc(blogCategories.id)),
    db
      .select({
        slug: blogTags.slug,
        name: blogTags.name,
        count: sql<number>`count(${blogPosts.id}) filter (where ${visible})`.mapWith(Number),
      })
      .from(blogTags)
      .leftJoin(blogPostTags, eq(blogPostTags.tagId, blogTags.id))
      .leftJoin(blogPosts, eq(blogPosts.id, blogPostTags.postId))
      .groupBy(blogTags.id)
      .orderBy(asc(blogTags.name)),
  ]);
  return { categories: categoryRows, tags: tagRows };
}

/** Every published post for the sitemap and the feed (ids and change times only). */
export async function sitemapPosts(db: Db): Promise<Array<{ id: number; updatedAt: Date }>> {
  return db
    .select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isVisible())
    .orderBy(...newestFirst);
}
