import { treeMoveRequest } from '@vitrin/shared/api/admin/categories';
import { type AdminMenuItem, menuItemRequest } from '@vitrin/shared/api/admin/menu';
import { eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import { structureError } from '../catalog/category-admin/errors.ts';
import { depthFirst, endOf, isWithin, moveNode, type TreeWrites } from '../catalog/category-admin/tree.ts';
import type { Db } from '../db/client.ts';
import { menuItems } from '../db/schema.ts';
import { parseInput } from '../errors.ts';
import type { Tx } from '../orders/stock.ts';

type Row = typeof menuItems.$inferSelect;

const notFound = () => structureError(404, 'MENU_OGESI_BULUNAMADI', 'Menü öğesi bulunamadı.');
const cycle = () =>
  structureError(
    409,
    'MENU_DONGU',
    'Bir bağlantı kendisinin ya da kendi alt bağlantısının altına taşınamaz.',
    {
      parentId: 'Bağlantının kendisi ya da alt bağlantılarından biri üst bağlantı olamaz',
    },
  );
const audited = (r: Row) => ({
  title: r.title,
  url: r.url,
  isActive: r.isActive,
  parentId: r.parentId,
  position: r.position,
});

/**
 * The storefront header's menu changed from the panel: each change and its audit rows in one transaction, then
 * the caches drop (the navigation's `menu` and the page cache, on every node); no product changed, so the
 * catalogue index stays.
 */
export function createMenuAdmin(db: Db, cache: Cache) {
  async function changed<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    await cache.invalidateAll([]);
    return result;
  }

  const list = async (tx: Db | Tx = db): Promise<AdminMenuItem[]> =>
    depthFirst(await tx.select().from(menuItems)).map((r) => ({
      id: r.id,
      parentId: r.parentId,
      title: r.title,
      url: r.url,
      position: r.position,
      isActive: r.isActive,
      depth: r.depth,
    }));

  const itemOf = async (tx: Tx, id: number) => (await list(tx)).find((i) => i.id === id)!;

  function checkParent(rows: readonly { id: number }[], parentId: number | null) {
    if (parentId !== null && !rows.some((r) => r.id === parentId)) {
      throw structureError(400, 'GECERSIZ_ISTEK', 'Üst bağlantı bulunamadı.', {
        parentId: 'Üst bağlantıyı listeden seçin',
      });
    }
  }

  const treeWrites: TreeWrites = {
    entity: 'menuItem',
    notFound,
    cycle,
    checkParent,
    write: (tx, change) =>
      tx
        .update(menuItems)
        .set({ parentId: change.parentId, position: change.position })
        .where(eq(menuItems.id, change.id)),
  };

  return {
    list: () => list(),

    create(actor: AuditActor, body: unknown): Promise<AdminMenuItem> {
      const input = parseInput(menuItemRequest, body);
      return changed(() =>
        db.transaction(async (tx) => {
          const rows = await tx.select().from(menuItems);
          checkParent(rows, input.parentId);
          const [row] = await tx
            .insert(menuItems)
            .values({ ...input, position: endOf(rows, input.parentId) })
            .returning();
          await recordAudit(tx, {
            actor,
            action: 'menuItem.create',
            entity: 'menuItem',
            entityId: row!.id,
            before: null,
            after: audited(row!),
          });
          return itemOf(tx, row!.id);
        }),
      );
    },

    update(actor: AuditActor, id: number, body: unknown): Promise<AdminMenuItem> {
      const input = parseInput(menuItemRequest, body);
      return changed(() =>
        db.transaction(async (tx) => {
          const rows = await tx.select().from(menuItems);
          const current = rows.find((r) => r.id === id);
          if (!current) throw notFound();
          checkParent(rows, input.parentId);
          if (isWithin(rows, id, input.parentId)) throw cycle();
          const position =
            input.parentId === current.parentId ? current.position : endOf(rows, input.parentId);
          const [row] = await tx
            .update(menuItems)
            .set({ ...input, position })
            .where(eq(menuItems.id, id))
            .returning();
          await recordAudit(tx, {
            actor,
            action: 'menuItem.update',
            entity: 'menuItem',
            entityId: id,
            before: audited(current),
            after: audited(row!),
          });
          return itemOf(tx, id);
        }),
      );
    },

    /** Puts a link under `parentId` at `index` among its siblings; under itself or below it is 409. */
    move(actor: AuditActor, id: number, body: unknown): Promise<AdminMenuItem[]> {
      const { parentId, index } = parseInput(treeMoveRequest, body);
      return changed(() =>
        db.transaction(async (tx) => {
          await moveNode(tx, await tx.select().from(menuItems), treeWrites, actor, { id, parentId, index });
          return list(tx);
        }),
      );
    },

    /** Removes a link and the links under it. */
    remove(actor: AuditActor, id: number): Promise<void> {
      return changed(() =>
        db.transaction(async (tx) => {
          const rows = await tx.select().from(menuItems);
          const row = rows.find((r) => r.id === id);
          if (!row) throw notFound();
          const gone = rows.filter((r) => isWithin(rows, id, r.id));
          await tx.delete(menuItems).where(eq(menuItems.id, id));
          for (const r of gone) {
            await recordAudit(tx, {
              actor,
              action: 'menuItem.delete',
              entity: 'menuItem',
              entityId: r.id,
              before: audited(r),
              after: null,
            });
          }
        }),
      );
    },
  };
}

export type MenuAdmin = ReturnType<typeof createMenuAdmin>;
