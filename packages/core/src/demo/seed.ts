import { count, notLike } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { menuItems, pages, settings, socialAccounts } from '../db/schema.ts';
import { assertSettingKey, parseSetting } from '../settings/service.ts';
import { seedDemoBlog } from './blog.ts';
import { seedDemoCoupons } from './coupons.ts';
import { demoMenu, demoSettings, demoSocialAccounts } from './home.ts';
import { demoPages } from './pages.ts';
import { seedDemoCatalog } from './seed-catalog.ts';

interface MenuSeed {
  title: string;
  url: string;
  children?: MenuSeed[];
}

/**
 * True when the shop has never been set up (no settings written yet). The services' own secrets
 * (`orders/secrets.ts`) are written at their first start and are no shop data.
 */
export async function isEmptyShop(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(settings).where(notLike(settings.key, 'secret:%'));
  return (row?.n ?? 0) === 0;
}

/**
 * Fills an empty database with the demo shop "Vitrin Atölye" in one transaction, so a failed seed leaves
 * nothing half-written. Returns false (and writes nothing) when the shop already has data.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await isEmptyShop(tx as unknown as Db))) return false;

    const settingRows = Object.entries(demoSettings).map(([key, raw]) => {
      assertSettingKey(key);
      return { key, value: String(parseSetting(key, String(raw))) };
    });
    await tx.insert(settings).values(settingRows);

    const insertMenu = async (nodes: readonly MenuSeed[], parentId: number | null) => {
      for (const [position, node] of nodes.entries()) {
        const [row] = await tx
          .insert(menuItems)
          .values({ parentId, title: node.title, url: node.url, position })
          .returning({ id: menuItems.id });
        if (node.children?.length) await insertMenu(node.children, row!.id);
      }
    };
    await insertMenu(demoMenu, null);

    await tx.insert(socialAccounts).values(demoSocialAccounts.map((a, position) => ({ ...a, position })));
    await tx.insert(pages).values(demoPages.map((p) => ({ ...p })));
    await seedDemoCatalog(tx as unknown as Db);
    await seedDemoCoupons(tx as unknown as Db);
    await seedDemoBlog(tx as unknown as Db);
    return true;
  });
}
