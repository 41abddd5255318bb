import type { AdminCategoryOption } from '@vitrin/shared/api/admin/categories';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories } from '../db/schema.ts';

/**
 * Every category, hidden ones too, depth-first in the storefront's order (position, then id), each with its
 * depth: what a panel's category picker lists. A category under a hidden one is hidden with it.
 */
export async function readCategoryOutline(db: Db): Promise<AdminCategoryOption[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parentId: categories.parentId,
      isActive: categories.isActive,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<number | null, typeof rows>();
  for (const row of rows) {
    // A parent that is gone leaves its children at the top rather than out of the list.
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const out: AdminCategoryOption[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number, shown: boolean) => {
    for (const row of childrenOf.get(parent) ?? []) {
      if (seen.has(row.id)) continue; // a cycle in bad data must not loop
      seen.add(row.id);
      const isActive = shown && row.isActive;
      out.push({ ...row, depth, isActive });
      walk(row.id, depth + 1, isActive);
    }
  };
  walk(null, 0, true);
  return out;
}
