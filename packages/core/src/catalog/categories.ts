import type { CategoryNode, Crumb } from '@vitrin/shared/api/catalog';
import { asc, eq } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { categories } from '../db/schema.ts';

export interface CategoryInfo {
  id: number;
  slug: string;
  name: string;
  description: string;
  image: string | null;
  parentId: number | null;
  isFeatured: boolean;
}

export interface CategoryTree {
  roots: CategoryNode[];
  bySlug: Map<string, CategoryInfo>;
  byId: Map<number, CategoryInfo>;
  /** The category and all categories below it. */
  descendantIds(id: number): number[];
  /** Home → … → the category. */
  breadcrumbs(id: number): Crumb[];
  children(id: number): CategoryInfo[];
}

/** Categories are few and read on every listing: the whole active tree is kept in memory. */
export function createCategoryService(db: Db, cache: Cache) {
  const tree = cache.value('categories', async (): Promise<CategoryTree> => {
    const rows = await db
      .select()
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.position), asc(categories.id));
    const byId = new Map<number, CategoryInfo>(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          slug: r.slug,
          name: r.name,
          description: r.description,
          image: r.image,
          parentId: r.parentId,
          isFeatured: r.isFeatured,
        },
      ]),
    );
    const childrenOf = new Map<number | null, CategoryInfo[]>();
    for (const c of byId.values()) {
      // A category under an inactive parent is hidden with it.
      if (c.parentId !== null && !byId.has(c.parentId)) continue;
      const list = childrenOf.get(c.parentId) ?? [];
      list.push(c);
      childrenOf.set(c.parentId, list);
    }
    const toNode = (c: CategoryInfo): CategoryNode => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      image: c.image,
      children: (childrenOf.get(c.id) ?? []).map(toNode),
    });
    const reachable = new Map<number, CategoryInfo>();
    const walk = (list: CategoryInfo[]) => {
      for (const c of list) {
        reachable.set(c.id, c);
        walk(childrenOf.get(c.id) ?? []);
      }
    };
    walk(childrenOf.get(null) ?? []);
    return {
      roots: (childrenOf.get(null) ?? []).map(toNode),
      byId: reachable,
      bySlug: new Map([...reachable.values()].map((c) => [c.slug, c])),
      descendantIds(id) {
        const out: number[] = [];
        const visit = (cid: number) => {
          out.push(cid);
          for (const child of childrenOf.get(cid) ?? []) visit(child.id);
        };
        visit(id);
        return out;
      },
      breadcrumbs(id) {
        const chain: Crumb[] = [];
        for (let c = reachable.get(id); c; c = c.parentId === null ? undefined : reachable.get(c.parentId)) {
          chain.unshift({ name: c.name, url: `/shop/${c.slug}` });
        }
        return chain;
      },
      children: (id) => childrenOf.get(id) ?? [],
    };
  });
  return { tree };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
