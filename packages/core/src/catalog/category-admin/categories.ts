import {
  type AdminCategory,
  type CategoryInput,
  categoryRequest,
  treeMoveRequest,
} from '@vitrin/shared/api/admin/categories';
import { slugify } from '@vitrin/shared/slug';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../../audit/record.ts';
import type { Cache } from '../../cache.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { categories, products } from '../../db/schema.ts';
import { parseInput } from '../../errors.ts';
import type { Tx } from '../../orders/stock.ts';
import { refreshSearchColumns } from '../product-admin/search.ts';
import { structureError } from './errors.ts';
import { depthFirst, endOf, isWithin, moveNode, type TreeWrites } from './tree.ts';

type Row = typeof categories.$inferSelect;

const notFound = () => structureError(404, 'KATEGORI_BULUNAMADI', 'Kategori bulunamadı.');
const slugTaken = (slug: string) =>
  structureError(409, 'KATEGORI_SLUG_KULLANIMDA', `"${slug}" adresi başka bir kategorinin.`, {
    slug: 'Bu slug başka bir kategoride; başka bir slug girin',
  });
const cycle = () =>
  structureError(
    409,
    'KATEGORI_DONGU',
    'Bir kategori kendisinin ya da kendi alt kategorisinin altına taşınamaz.',
    { parentId: 'Kategorinin kendisi ya da alt kategorilerinden biri üst kategori olamaz' },
  );

/** `slug`, or the first of `slug-2`, `slug-3`… not in `used` (blank stays blank). */
function firstFree(used: ReadonlySet<string>, slug: string): string {
  let free = slug;
  for (let n = 2; slug && used.has(free); n++) free = `${slug.slice(0, 115).replace(/-+$/, '')}-${n}`;
  return free;
}

/** The columns a form sets. */
const columns = (input: CategoryInput, slug: string) => ({
  name: input.name,
  slug,
  description: input.description,
  isActive: input.isActive,
  isFeatured: input.isFeatured,
  parentId: input.parentId,
});

/** What the audit log keeps of a category (only the changed fields are written). */
const audited = (r: Row) => ({
  name: r.name,
  slug: r.slug,
  description: r.description,
  isActive: r.isActive,
  isFeatured: r.isFeatured,
  parentId: r.parentId,
  position: r.position,
});

/**
 * The category tree changed from the panel: create, edit, move (drag or the buttons), delete. Each change and
 * its audit rows are one transaction; after the commit the caches drop as the CLI's `category set` drops them
 * (the category tree, menus, listings and the page cache, on every node), naming the products whose search
 * columns changed with a new name so the catalogue index reads those again.
 */
export function createCategoryAdmin(db: Db, cache: Cache) {
  async function changed<T>(work: () => Promise<{ result: T; touched: number[] }>): Promise<T> {
    const { result, touched } = await work();
    await cache.invalidateAll(touched);
    return result;
  }

  const allRows = (tx: Db | Tx) => tx.select().from(categories);

  async function list(tx: Db | Tx = db): Promise<AdminCategory[]> {
    const rows = await allRows(tx);
    const counts = await tx
      .select({ id: products.categoryId, n: sql<number>`count(*)::int` })
      .from(products)
      .groupBy(products.categoryId);
    const countOf = new Map(counts.map((c) => [c.id, c.n]));
    const shown = new Map<number, boolean>();
    return depthFirst(rows).map((r) => {
      // A category under a hidden one is hidden with it (depth-first: the parent came first).
      const isActive = r.isActive && (r.parentId === null || shown.get(r.parentId) !== false);
      shown.set(r.id, isActive);
      return {
        id: r.id,
        name: r.name,
        slug: r.slug,
        parentId: r.parentId,
        depth: r.depth,
        isActive,
        description: r.description,
        position: r.position,
        ownActive: r.isActive,
        isFeatured: r.isFeatured,
        productCount: countOf.get(r.id) ?? 0,
      };
    });
  }

  async function answerOf(tx: Tx, id: number): Promise<AdminCategory> {
    const found = (await list(tx)).find((c) => c.id === id);
    if (!found) throw notFound();
    return found;
  }

  async function slugFor(tx: Tx, input: CategoryInput, exceptId: number | null): Promise<string> {
    const slug = input.slug || slugify(input.name);
    if (!slug) {
      throw structureError(400, 'GECERSIZ_ISTEK', 'Kategori adından adres yapılamadı; bir slug girin.', {
        slug: 'Harf ya da rakam içeren bir slug girin',
      });
    }
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        exceptId === null
          ? eq(categories.slug, slug)
          : and(eq(categories.slug, slug), ne(categories.id, exceptId)),
      )
      .limit(1);
    if (taken) throw slugTaken(slug);
    return slug;
  }

  function checkParent(rows: readonly { id: number }[], parentId: number | null) {
    if (parentId !== null && !rows.some((r) => r.id === parentId)) {
      throw structureError(400, 'GECERSIZ_ISTEK', 'Üst kategori bulunamadı.', {
        parentId: 'Üst kategoriyi listeden seçin',
      });
    }
  }

  const treeWrites: TreeWrites = {
    entity: 'category',
    notFound,
    cycle,
    checkParent,
    write: (tx, change) =>
      tx
        .update(categories)
        .set({ parentId: change.parentId, position: change.position, updatedAt: new Date() })
        .where(eq(categories.id, change.id)),
  };

  /** A unique index that caught a slug taken meanwhile is the same 409 as the check before it. */
  async function guarded<T>(slug: () => string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw slugTaken(slug());
      throw err;
    }
  }

  return {
    list: () => list(),

    /** Adds a category at the end of its parent's children. */
    create(actor: AuditActor, body: unknown): Promise<AdminCategory> {
      const input = parseInput(categoryRequest, body);
      let slug = '';
      return changed(() =>
        guarded(
          () => slug,
          () =>
            db.transaction(async (tx) => {
              const rows = await allRows(tx);
              checkParent(rows, input.parentId);
              // A slug made from the name takes the first free `-2`, `-3`…; a typed one taken is refused.
              const made = input.slug
                ? input
                : { ...input, slug: firstFree(new Set(rows.map((r) => r.slug)), slugify(input.name)) };
              slug = await slugFor(tx, made, null);
              const [row] = await tx
                .insert(categories)
                .values({
                  ...columns(input, slug),
                  position: endOf(rows, input.parentId),
                })
                .returning();
              await recordAudit(tx, {
                actor,
                action: 'category.create',
                entity: 'category',
                entityId: row!.id,
                before: null,
                after: audited(row!),
              });
              return { result: await answerOf(tx, row!.id), touched: [] };
            }),
        ),
      );
    },

    /** Changes a category's fields; a new parent puts it last under that parent. */
    update(actor: AuditActor, id: number, body: unknown): Promise<AdminCategory> {
      const input = parseInput(categoryRequest, body);
      let slug = '';
      return changed(() =>
        guarded(
          () => slug,
          () =>
            db.transaction(async (tx) => {
              const rows = await allRows(tx);
              const current = rows.find((r) => r.id === id);
              if (!current) throw notFound();
              checkParent(rows, input.parentId);
              if (isWithin(rows, id, input.parentId)) throw cycle();
              slug = input.slug === '' ? current.slug : await slugFor(tx, input, id);
              const moved = input.parentId !== current.parentId;
              const [row] = await tx
                .update(categories)
                .set({
                  ...columns(input, slug),
                  position: moved ? endOf(rows, input.parentId) : current.position,
                  updatedAt: new Date(),
                })
                .where(eq(categories.id, id))
                .returning();
              await recordAudit(tx, {
                actor,
                action: 'category.update',
                entity: 'category',
                entityId: id,
                before: audited(current),
                after: audited(row!),
              });
              // Its products' search text holds the category's name; nothing else of theirs changes.
              let touched: number[] = [];
              if (row!.name !== current.name) {
                touched = (
                  await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id))
                ).map((p) => p.id);
                await refreshSearchColumns(tx, touched);
              }
              return { result: await answerOf(tx, id), touched };
            }),
        ),
      );
    },

    /**
     * Puts a category under `parentId` (null: the top) at `index` among its siblings, renumbering them;
     * under itself or its own descendant is 409 KATEGORI_DONGU. Answers the whole list again.
     */
    move(actor: AuditActor, id: number, body: unknown): Promise<AdminCategory[]> {
      const { parentId, index } = parseInput(treeMoveRequest, body);
      return changed(() =>
        db.transaction(async (tx) => {
          await moveNode(tx, await allRows(tx), treeWrites, actor, { id, parentId, index });
          return { result: await list(tx), touched: [] };
        }),
      );
    },

    /** Deletes an empty category: one with sub-categories or products is refused (409), nothing changed. */
    remove(actor: AuditActor, id: number): Promise<void> {
      return changed(() =>
        db.transaction(async (tx) => {
          const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
          if (!row) throw notFound();
          const [child] = await tx
            .select({ id: categories.id })
            .from(categories)
            .where(eq(categories.parentId, id))
            .limit(1);
          if (child) {
            throw structureError(
              409,
              'KATEGORI_ALT_KATEGORILI',
              `"${row.name}" kategorisinin alt kategorileri var; önce onları taşıyın ya da silin.`,
            );
          }
          const [{ n = 0 } = {}] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(products)
            .where(eq(products.categoryId, id));
          if (n > 0) {
            throw structureError(
              409,
              'KATEGORI_URUNLU',
              `"${row.name}" kategorisinde ${n} ürün var; önce ürünleri başka bir kategoriye taşıyın.`,
            );
          }
          await tx.delete(categories).where(eq(categories.id, id));
          await recordAudit(tx, {
            actor,
            action: 'category.delete',
            entity: 'category',
            entityId: id,
            before: audited(row),
            after: null,
          });
          return { result: undefined, touched: [] };
        }),
      );
    },
  };
}

export type CategoryAdmin = ReturnType<typeof createCategoryAdmin>;
