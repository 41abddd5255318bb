/** A node of a tree as the panel lists it: depth-first, each with its parent. */
export interface TreeItem {
  id: number;
  parentId: number | null;
  depth: number;
}

/** Where a node goes: under `parentId` (null: the top) at `index` among its new siblings (itself left out). */
export interface TreePlace {
  parentId: number | null;
  index: number;
}

const siblingsOf = (items: readonly TreeItem[], parentId: number | null, except?: number) =>
  items.filter((i) => i.parentId === parentId && i.id !== except);

/** True when `candidate` is `id` itself or anywhere below it. */
export function isWithin(items: readonly TreeItem[], id: number, candidate: number | null): boolean {
  const parentOf = new Map(items.map((i) => [i.id, i.parentId]));
  for (let at = candidate, steps = 0; at !== null && steps <= items.length; steps++) {
    if (at === id) return true;
    at = parentOf.get(at) ?? null;
  }
  return false;
}

/** The place a button puts a node at: one up or down among its siblings, under the one above, or out. */
export function placeBy(
  items: readonly TreeItem[],
  item: TreeItem,
  how: 'up' | 'down' | 'indent' | 'outdent',
): TreePlace | undefined {
  const siblings = siblingsOf(items, item.parentId);
  const at = siblings.findIndex((s) => s.id === item.id);
  switch (how) {
    case 'up':
      return at > 0 ? { parentId: item.parentId, index: at - 1 } : undefined;
    case 'down':
      return at < siblings.length - 1 ? { parentId: item.parentId, index: at + 1 } : undefined;
    case 'indent': {
      const above = siblings[at - 1];
      return above ? { parentId: above.id, index: siblingsOf(items, above.id).length } : undefined;
    }
    case 'outdent': {
      const parent = items.find((i) => i.id === item.parentId);
      if (!parent) return undefined;
      const index = siblingsOf(items, parent.parentId, item.id).findIndex((s) => s.id === parent.id);
      return { parentId: parent.parentId, index: index + 1 };
    }
  }
}

/** Where a node dropped on `target` goes: before or after it among its siblings, or last inside it. */
export function placeByDrop(
  items: readonly TreeItem[],
  dragged: number,
  target: TreeItem,
  zone: 'before' | 'after' | 'inside',
): TreePlace | undefined {
  if (isWithin(items, dragged, target.id)) return undefined;
  if (zone === 'inside') return { parentId: target.id, index: siblingsOf(items, target.id, dragged).length };
  const at = siblingsOf(items, target.parentId, dragged).findIndex((s) => s.id === target.id);
  return { parentId: target.parentId, index: zone === 'before' ? at : at + 1 };
}
