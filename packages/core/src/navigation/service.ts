import type { MenuNode, SocialAccount } from '@vitrin/shared/api/home';
import { asc } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { menuItems, socialAccounts } from '../db/schema.ts';
import { createSocialAccountAdmin } from './admin.ts';

type MenuRow = typeof menuItems.$inferSelect;

/** Builds the ordered tree from flat rows; children of inactive or missing parents are left out. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const active = rows.filter((r) => r.isActive).sort((a, b) => a.position - b.position || a.id - b.id);
  const nodes = new Map<number, MenuNode>(
    active.map((r) => [r.id, { id: r.id, title: r.title, url: r.url, children: [] }]),
  );
  const roots: MenuNode[] = [];
  for (const row of active) {
    const node = nodes.get(row.id)!;
    if (row.parentId === null) roots.push(node);
    else nodes.get(row.parentId)?.children.push(node);
  }
  return roots;
}

export function createNavigationService(db: Db, cache: Cache) {
  return {
    menu: cache.value('menu', async () => buildMenuTree(await db.select().from(menuItems))),
    socialAccounts: cache.value(
      'social-accounts',
      async (): Promise<SocialAccount[]> =>
        db
          .select({
            id: socialAccounts.id,
            platform: socialAccounts.platform,
            label: socialAccounts.label,
            url: socialAccounts.url,
          })
          .from(socialAccounts)
          .orderBy(asc(socialAccounts.position), asc(socialAccounts.id)),
    ),
    /** The panel's changes of the social accounts (`/api/admin/social-accounts`). */
    socialAccountAdmin: createSocialAccountAdmin(db, cache),
  };
}

export type NavigationService = ReturnType<typeof createNavigationService>;
