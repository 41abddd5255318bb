import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './service.ts';

const row = (id: number, parentId: number | null, position: number, isActive = true) => ({
  id,
  parentId,
  title: `m${id}`,
  url: `/m${id}`,
  position,
  isActive,
});

describe('buildMenuTree', () => {
  it('nests children under their parents in position order', () => {
    const tree = buildMenuTree([row(1, null, 2), row(2, null, 1), row(3, 1, 2), row(4, 1, 1)]);
    expect(tree.map((n) => n.id)).toEqual([2, 1]);
    expect(tree[1]!.children.map((n) => n.id)).toEqual([4, 3]);
  });

  it('leaves out inactive items and the children of inactive items', () => {
    const tree = buildMenuTree([row(1, null, 1, false), row(2, 1, 1), row(3, null, 2)]);
    expect(tree.map((n) => n.id)).toEqual([3]);
  });
});
