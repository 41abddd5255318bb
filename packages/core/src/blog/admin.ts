import type {
  AdminBlogPost,
  BlogListFilter,
  BlogPostInput,
  BlogPostList,
  BlogPostStatus,
} from '@vitrin/shared/api/admin/blog';
import { slugify } from '@vitrin/shared/slug';
import { and, count, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import { assertUnchangedSince, contentError, contentSlug, storedBody } from '../content/admin.ts';
import type { Db } from '../db/client.ts';
import { blogCategories, blogPosts, blogPostTags, blogTags } from '../db/schema.ts';
import type { Tx } from '../orders/stock.ts';
import { readingMinutes } from './reading-time.ts';
import { createBlogTermsAdmin } from './terms-admin.ts';

type Row = typeof blogPosts.$inferSelect;

const notFound = () => contentError(404, 'YAZI_BULUNAMADI', 'Blog yazısı bulunamadı.');

const statusOf = (r: Pick<Row, 'isPublished' | 'publishedAt'>, now: Date): BlogPostStatus =>
  !r.isPublished ? 'draft' : r.publishedAt > now ? 'scheduled' : 'published';

const statusCondition: Record<BlogPostStatus, SQL> = {
  draft: eq(blogPosts.isPublished, false),
  scheduled: and(eq(blogPosts.isPublished, true), gt(blogPosts.publishedAt, sql`now()`)) as SQL,
  published: and(eq(blogPosts.isPublished, true), lte(blogPosts.publishedAt, sql`now()`)) as SQL,
};

const audited = (r: Row, tags: string[]) => ({
  slug: r.slug,
  title: r.title,
  excerpt: r.excerpt,
  coverImage: r.coverImage,
  body: r.body,
  author: r.author,
  categoryId: r.categoryId,
  tags: tags.join(', '),
  isPublished: r.isPublished,
  publishedAt: r.publishedAt.toISOString(),
});

const byName = (names: string[]) => names.sort((a, b) => a.localeCompare(b, 'tr'));

async function tagNames(db: Db | Tx, postId: number): Promise<string[]> {
  const rows = await db
    .select({ name: blogTags.name })
    .from(blogPostTags)
    .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
    .where(eq(blogPostTags.postId, postId));
  return byName(rows.map((r) => r.name));
}

/** The post's tags become exactly these names; a name no tag has yet makes one (by its slug). */
async function setTags(tx: Tx, postId: number, names: string[]): Promise<string[]> {
  const bySlug = new Map<string, string>();
  for (const name of names) {
    const slug = slugify(name);
    if (!slug) {
      throw contentError(400, 'GECERSIZ_ISTEK', 'Etiketlerde hata var.', {
        tags: `"${name}" etiketinde harf ya da rakam yok`,
      });
    }
    if (!bySlug.has(slug)) bySlug.set(slug, name);
  }
  await tx.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
  if (!bySlug.size) return [];
  await tx
    .insert(blogTags)
    .values([...bySlug].map(([slug, name]) => ({ slug, name })))
    .onConflictDoNothing({ target: blogTags.slug });
  const tags = await tx
    .select()
    .from(blogTags)
    .where(inArray(blogTags.slug, [...bySlug.keys()]));
  await tx.insert(blogPostTags).values(tags.map((t) => ({ postId, tagId: t.id })));
  return byName(tags.map((t) => t.name));
}

/**
 * Blog posts in the panel: drafts, scheduled and published posts. Each change and its audit row in one
 * transaction, the body sanitized before it is stored and its reading time counted, then every cache drops
 * (the blog's, the feed's, the page cache, on every node). A scheduled post appears by itself when its time
 * comes: the storefront's blog caches are bounded by the next scheduled time (`blog/service.ts`).
 */
export function createBlogAdmin(db: Db, cache: Cache) {
  function answer(r: Row, tags: string[], categoryName: string | null): AdminBlogPost {
    return {
      id: r.id,
      slug: r.slug,
      title: r.title,
      author: r.author,
      categoryName,
      status: statusOf(r, new Date()),
      publishedAt: r.publishedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      excerpt: r.excerpt,
      coverImage: r.coverImage,
      body: r.body,
      categoryId: r.categoryId,
      tags,
      readingMinutes: r.readingMinutes,
      isPublished: r.isPublished,
    };
  }

  async function read(id: number): Promise<AdminBlogPost> {
    const [found] = await db
      .select({ post: blogPosts, categoryName: blogCategories.name })
      .from(blogPosts)
      .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(eq(blogPosts.id, id));
    if (!found) throw notFound();
    return answer(found.post, await tagNames(db, id), found.categoryName);
  }

  async function save(actor: AuditActor, id: number | null, input: BlogPostInput): Promise<AdminBlogPost> {
    const html = storedBody(input.body);
    const savedId = await db.transaction(async (tx) => {
      const [current] =
        id === null ? [] : await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
      if (id !== null && !current) throw notFound();
      assertUnchangedSince(current, input.loadedUpdatedAt);
      if (input.categoryId !== null) {
        const [category] = await tx
          .select({ id: blogCategories.id })
          .from(blogCategories)
          .where(eq(blogCategories.id, input.categoryId));
        if (!category) {
          throw contentError(400, 'GECERSIZ_ISTEK', 'Kategori bulunamadı.', {
            categoryId: 'Kategoriyi listeden seçin',
          });
        }
      }
      const slug = await contentSlug(tx, blogPosts, input.slug, input.title, current ?? null);
      // No time given: a post keeps the moment it first appeared; one published now appears now.
      const publishedAt = input.publishedAt
        ? new Date(input.publishedAt)
        : input.isPublished && current?.isPublished
          ? current.publishedAt
          : new Date();
      const values = {
        slug,
        title: input.title,
        excerpt: input.excerpt,
        coverImage: input.coverImage,
        body: html,
        author: input.author,
        categoryId: input.categoryId,
        readingMinutes: readingMinutes(html),
        isPublished: input.isPublished,
        publishedAt,
      };
      const before = current ? audited(current, await tagNames(tx, current.id)) : null;
      const [row] = current
        ? await tx
            .update(blogPosts)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(blogPosts.id, current.id))
            .returning()
        : await tx.insert(blogPosts).values(values).returning();
      const tags = await setTags(tx, row!.id, input.tags);
      await recordAudit(tx, {
        actor,
        action: current ? 'blogPost.update' : 'blogPost.create',
        entity: 'blogPost',
        entityId: row!.id,
        before,
        after: audited(row!, tags),
      });
      return row!.id;
    });
    await cache.invalidateAll();
    return read(savedId);
  }

  return {
    /** A page of posts newest first (scheduled ones first of all), optionally of one status, with the total. */
    async list(filter: BlogListFilter): Promise<BlogPostList> {
      const where = filter.status ? statusCondition[filter.status] : undefined;
      const [[{ total } = { total: 0 }], rows] = await Promise.all([
        db.select({ total: count() }).from(blogPosts).where(where),
        db
          .select({ post: blogPosts, categoryName: blogCategories.name })
          .from(blogPosts)
          .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
          .where(where)
          .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage),
      ]);
      const now = new Date();
      return {
        items: rows.map(({ post, categoryName }) => ({
          id: post.id,
          slug: post.slug,
          title: post.title,
          author: post.author,
          categoryName,
          status: statusOf(post, now),
          publishedAt: post.publishedAt.toISOString(),
          updatedAt: post.updatedAt.toISOString(),
        })),
        page: filter.page,
        pageCount: Math.max(1, Math.ceil(total / filter.perPage)),
        total,
      };
    },
    get: read,
    /** The blog's categories (the post form's picker) and tags. */
    terms: createBlogTermsAdmin(db, cache),
    create: (actor: AuditActor, input: BlogPostInput) => save(actor, null, input),
    update: (actor: AuditActor, id: number, input: BlogPostInput) => save(actor, id, input),
    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const tags = await tagNames(tx, id);
        const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
        if (!row) throw notFound();
        await recordAudit(tx, {
          actor,
          action: 'blogPost.delete',
          entity: 'blogPost',
          entityId: id,
          before: audited(row, tags),
          after: null,
        });
      });
      await cache.invalidateAll();
    },
  };
}

export type BlogAdmin = ReturnType<typeof createBlogAdmin>;
