import type { BlogCategoryMove, BlogTerm, BlogTermInput } from '@vitrin/shared/api/admin/blog';
import { asc, count, eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import { contentError, contentSlug } from '../content/admin.ts';
import type { Db } from '../db/client.ts';
import { blogCategories, blogPosts, blogPostTags, blogTags } from '../db/schema.ts';
import type { DomainError } from '../errors.ts';

type Kind = 'category' | 'tag';
const TABLES = { category: blogCategories, tag: blogTags } as const;
const missing: Record<Kind, () => DomainError> = {
  category: () => contentError(404, 'BLOG_KATEGORISI_BULUNAMADI', 'Blog kategorisi bulunamadı.'),
  tag: () => contentError(404, 'BLOG_ETIKETI_BULUNAMADI', 'Blog etiketi bulunamadı.'),
};
const ENTITY = { category: 'blogCategory', tag: 'blogTag' } as const;

/**
 * The blog's categories and tags in the panel: listed with how many posts each has, added, renamed, removed
 * (a removed category leaves its posts with none; a removed tag leaves its posts), categories reordered.
 * Each change and its audit row in one transaction, then every cache drops (the storefront's blog pages too).
 */
export function createBlogTermsAdmin(db: Db, cache: Cache) {
  async function counts(kind: Kind): Promise<Map<number, number>> {
    const rows =
      kind === 'category'
        ? await db
            .select({ id: blogPosts.categoryId, n: count() })
            .from(blogPosts)
            .groupBy(blogPosts.categoryId)
        : await db
            .select({ id: blogPostTags.tagId, n: count() })
            .from(blogPostTags)
            .groupBy(blogPostTags.tagId);
    return new Map(rows.map((r) => [r.id ?? 0, r.n]));
  }

  async function list(kind: Kind): Promise<BlogTerm[]> {
    const rows =
      kind === 'category'
        ? await db
            .select()
            .from(blogCategories)
            .orderBy(asc(blogCategories.position), asc(blogCategories.name), asc(blogCategories.id))
        : await db.select().from(blogTags);
    const n = await counts(kind);
    const terms = rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, postCount: n.get(r.id) ?? 0 }));
    return kind === 'tag' ? terms.sort((a, b) => a.name.localeCompare(b.name, 'tr')) : terms;
  }

  async function get(kind: Kind, id: number): Promise<BlogTerm> {
    const found = (await list(kind)).find((t) => t.id === id);
    if (!found) throw missing[kind]();
    return found;
  }

  async function save(
    kind: Kind,
    actor: AuditActor,
    id: number | null,
    input: BlogTermInput,
  ): Promise<BlogTerm> {
    const table = TABLES[kind];
    const savedId = await db.transaction(async (tx) => {
      const [current] =
        id === null ? [] : await tx.select().from(table).where(eq(table.id, id)).for('update');
      if (id !== null && !current) throw missing[kind]();
      const slug = await contentSlug(tx, table, input.slug, input.name, current ?? null);
      const values = { name: input.name, slug };
      const fields = { id: table.id, name: table.name, slug: table.slug };
      const [row] = current
        ? await tx.update(table).set(values).where(eq(table.id, current.id)).returning(fields)
        : kind === 'category'
          ? await tx
              .insert(blogCategories)
              .values({
                ...values,
                position: (await tx.select({ n: count() }).from(blogCategories))[0]?.n ?? 0,
              })
              .returning(fields)
          : await tx.insert(blogTags).values(values).returning(fields);
      if (!row) throw missing[kind]();
      await recordAudit(tx, {
        actor,
        action: `${ENTITY[kind]}.${current ? 'update' : 'create'}`,
        entity: ENTITY[kind],
        entityId: row.id,
        before: current ? { name: current.name, slug: current.slug } : null,
        after: { name: row.name, slug: row.slug },
      });
      return row.id;
    });
    await cache.invalidateAll();
    return get(kind, savedId);
  }

  async function remove(kind: Kind, actor: AuditActor, id: number): Promise<void> {
    const table = TABLES[kind];
    await db.transaction(async (tx) => {
      // The foreign keys do the rest: posts keep no category (`set null`), a tag's post rows go.
      const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
      if (!row) throw missing[kind]();
      await recordAudit(tx, {
        actor,
        action: `${ENTITY[kind]}.delete`,
        entity: ENTITY[kind],
        entityId: id,
        before: { name: row.name, slug: row.slug },
        after: null,
      });
    });
    await cache.invalidateAll();
  }

  const records = (kind: Kind) => ({
    list: () => list(kind),
    get: (id: number) => get(kind, id),
    create: (actor: AuditActor, input: BlogTermInput) => save(kind, actor, null, input),
    update: (actor: AuditActor, id: number, input: BlogTermInput) => save(kind, actor, id, input),
    remove: (actor: AuditActor, id: number) => remove(kind, actor, id),
  });

  return {
    categories: {
      ...records('category'),
      /** Puts a category at `index` of the list (0: first); the others keep their order. */
      async move(actor: AuditActor, id: number, { index }: BlogCategoryMove): Promise<BlogTerm[]> {
        await db.transaction(async (tx) => {
          const rows = await tx
            .select()
            .from(blogCategories)
            .orderBy(asc(blogCategories.position), asc(blogCategories.name), asc(blogCategories.id))
            .for('update');
          const moved = rows.find((r) => r.id === id);
          if (!moved) throw missing.category();
          const order = rows.filter((r) => r !== moved);
          order.splice(Math.min(index, order.length), 0, moved);
          for (const [position, r] of order.entries()) {
            if (r.position !== position) {
              await tx.update(blogCategories).set({ position }).where(eq(blogCategories.id, r.id));
            }
          }
          await recordAudit(tx, {
            actor,
            action: 'blogCategory.move',
            entity: 'blogCategory',
            entityId: id,
            before: { position: moved.position },
            after: { position: order.indexOf(moved) },
          });
        });
        await cache.invalidateAll();
        return list('category');
      },
    },
    tags: records('tag'),
  };
}
