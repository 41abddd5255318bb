import { BLOG_PAGE_SIZE } from '@vitrin/shared/api/blog';
import { openTestDatabase } from '@vitrin/testing/database';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCache } from '../cache.ts';
import type { Database } from '../db/client.ts';
import { blogCategories, blogPosts, blogPostTags, blogTags } from '../db/schema.ts';
import { readDemoData } from '../demo/data.ts';
import { createBlogService } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('blog', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let blog: ReturnType<typeof createBlogService>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
    const { db } = database;
    const [seramik, tekstil] = await db
      .insert(blogCategories)
      .values([
        { slug: 'seramik', name: 'Seramik', position: 0 },
        { slug: 'tekstil', name: 'Tekstil', position: 1 },
      ])
      .returning();
    const [firin, boya, bakim] = await db
      .insert(blogTags)
      .values([
        { slug: 'firin', name: 'Fırın' },
        { slug: 'boya', name: 'Boya' },
        { slug: 'bakim', name: 'Bakım' },
      ])
      .returning();
    const now = Date.now();
    // Eight visible posts a day apart (p1 oldest), one unpublished and one scheduled for tomorrow.
    const rows = [
      ...Array.from({ length: 8 }, (_, i) => ({
        slug: `p${i + 1}`,
        categoryId: i % 2 === 0 ? seramik!.id : tekstil!.id,
        publishedAt: new Date(now - (10 - i) * DAY),
      })),
      { slug: 'taslak', categoryId: seramik!.id, publishedAt: new Date(now - DAY), isPublished: false },
      { slug: 'yarin', categoryId: seramik!.id, publishedAt: new Date(now + DAY) },
    ];
    const inserted = await db
      .insert(blogPosts)
      .values(
        rows.map((r) => ({
          ...r,
          title: `Yazı ${r.slug}`,
          body: `<p>${r.slug} gövdesi</p><script>alert(1)</script>`,
          author: 'Elif Yıldız',
        })),
      )
      .returning({ id: blogPosts.id, slug: blogPosts.slug });
    for (const r of inserted) ids[r.slug] = r.id;
    await db.insert(blogPostTags).values([
      { postId: ids.p1!, tagId: firin!.id },
      { postId: ids.p3!, tagId: firin!.id },
      { postId: ids.p3!, tagId: bakim!.id },
      { postId: ids.p4!, tagId: firin!.id },
      { postId: ids.p4!, tagId: bakim!.id },
      { postId: ids.p8!, tagId: boya!.id },
      { postId: ids.taslak!, tagId: firin!.id },
    ]);
    blog = createBlogService(db, createCache());
  });
  afterAll(() => dispose());

  it('lists published posts newest first, a page at a time, without drafts or scheduled posts', async () => {
    const first = await blog.list({ page: 1 });
    expect(first!.total).toBe(8);
    expect(first!.pageCount).toBe(Math.ceil(8 / BLOG_PAGE_SIZE));
    expect(first!.items.map((p) => p.slug)).toEqual(['p8', 'p7', 'p6', 'p5', 'p4', 'p3']);
    const second = await blog.list({ page: 2 });
    expect(second!.items.map((p) => p.slug)).toEqual(['p2', 'p1']);
    expect((await blog.list({ page: 3 }))!.items).toEqual([]);
  });

  it('filters by category and by tag, and names the filter', async () => {
    const seramik = await blog.list({ page: 1, category: 'seramik' });
    expect(seramik!.items.map((p) => p.slug)).toEqual(['p7', 'p5', 'p3', 'p1']);
    expect(seramik!.category).toEqual({ slug: 'seramik', name: 'Seramik' });
    const firin = await blog.list({ page: 1, tag: 'firin' });
    expect(firin!.items.map((p) => p.slug)).toEqual(['p4', 'p3', 'p1']);
    expect(firin!.tag).toEqual({ slug: 'firin', name: 'Fırın' });
    const both = await blog.list({ page: 1, category: 'tekstil', tag: 'firin' });
    expect(both!.items.map((p) => p.slug)).toEqual(['p4']);
  });

  it('answers null for an unknown category or tag (not an empty list)', async () => {
    expect(await blog.list({ page: 1, category: 'yok' })).toBeNull();
    expect(await blog.list({ page: 1, tag: 'yok' })).toBeNull();
  });

  it('shows a post with its sanitized body and tags; drafts and scheduled posts are not found', async () => {
    const page = await blog.post(ids.p3!);
    expect(page!.post.title).toBe('Yazı p3');
    expect(page!.post.body).toBe('<p>p3 gövdesi</p>');
    expect(page!.post.tags.map((t) => t.slug)).toEqual(['bakim', 'firin']);
    expect(page!.post.category).toEqual({ slug: 'seramik', name: 'Seramik' });
    expect(await blog.post(ids.taslak!)).toBeNull();
    expect(await blog.post(ids.yarin!)).toBeNull();
    expect(await blog.post(999_999)).toBeNull();
  });

  it('relates posts by shared tags first, then by category, newest first among equals', async () => {
    const page = await blog.post(ids.p3!);
    // p4 shares two tags; p1 one tag and the category; p7 and p5 only the category.
    expect(page!.related.map((p) => p.slug)).toEqual(['p1', 'p7', 'p5']);
    // Two shared tags weigh as much as the category: p3 ties with the newer posts of p4's category.
    const p4 = await blog.post(ids.p4!);
    expect(p4!.related.map((p) => p.slug)).toEqual(['p8', 'p6', 'p3']);
  });

  it('links the older and the newer post, and none past the ends', async () => {
    const middle = await blog.post(ids.p5!);
    expect(middle!.previous!.slug).toBe('p4');
    expect(middle!.next!.slug).toBe('p6');
    expect((await blog.post(ids.p1!))!.previous).toBeNull();
    expect((await blog.post(ids.p8!))!.next).toBeNull();
  });

  it('gives the newest post, recent posts, and categories and tags with counts of published posts', async () => {
    expect((await blog.newest())!.post.slug).toBe('p8');
    expect((await blog.recent(3)).map((p) => p.slug)).toEqual(['p8', 'p7', 'p6']);
    const sidebar = await blog.sidebar();
    expect(sidebar.categories).toEqual([
      { slug: 'seramik', name: 'Seramik', count: 4 },
      { slug: 'tekstil', name: 'Tekstil', count: 4 },
    ]);
    expect(sidebar.tags).toEqual([
      { slug: 'bakim', name: 'Bakım', count: 2 },
      { slug: 'boya', name: 'Boya', count: 1 },
      { slug: 'firin', name: 'Fırın', count: 3 },
    ]);
  });

  it('shows a change after the caches are invalidated', async () => {
    const cache = createCache();
    const fresh = createBlogService(database.db, cache);
    expect((await fresh.list({ page: 1 }))!.total).toBe(8);
    await database.db.update(blogPosts).set({ isPublished: true }).where(eq(blogPosts.id, ids.taslak!));
    await cache.invalidateAll();
    expect((await fresh.list({ page: 1 }))!.total).toBe(9);
    await database.db.update(blogPosts).set({ isPublished: false }).where(eq(blogPosts.id, ids.taslak!));
  });
});

describe('demo blog', () => {
  it('seeds about a dozen posts in five categories, with tags, covers and reading times', async () => {
    const { database, dispose } = await openTestDatabase({ demo: true });
    try {
      const blog = createBlogService(database.db, createCache());
      const listing = await blog.list({ page: 1 });
      expect(listing!.total).toBe((await readDemoData()).blog.posts.length);
      const sidebar = await blog.sidebar();
      expect(sidebar.categories).toHaveLength(5);
      expect(sidebar.tags.length).toBeGreaterThanOrEqual(8);
      const newest = await blog.newest();
      expect(newest!.post.coverImage).toMatch(/^blog\/[a-z0-9-]+\.webp$/);
      expect(newest!.post.readingMinutes).toBeGreaterThanOrEqual(1);
      expect(newest!.post.body).toContain('<h2>');
      expect(newest!.post.body).toContain('<ul>');
      expect(newest!.related.length).toBeGreaterThan(0);
    } finally {
      await dispose();
    }
  });
});
