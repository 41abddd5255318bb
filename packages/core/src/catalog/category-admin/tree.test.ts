import { describe, expect, it } from 'vitest';
import { depthFirst, endOf, isWithin, planMove, type TreeRow } from './tree.ts';

/**
 * Giyim(1) ─ Etek(2) ─ Mini(4)
 *          └ Gömlek(3)
 * Ev(5)
 */
const rows: TreeRow[] = [
  { id: 1, parentId: null, position: 0 },
  { id: 2, parentId: 1, position: 0 },
  { id: 3, parentId: 1, position: 1 },
  { id: 4, parentId: 2, position: 0 },
  { id: 5, parentId: null, position: 1 },
];

describe('isWithin: the cycle check of a category or menu move', () => {
  it('finds the node itself, its child and its grandchild', () => {
    expect(isWithin(rows, 1, 1)).toBe(true);
    expect(isWithin(rows, 1, 2)).toBe(true);
    expect(isWithin(rows, 1, 4)).toBe(true);
  });

  it('lets a node go under a sibling, its own parent or the top', () => {
    expect(isWithin(rows, 2, 3)).toBe(false);
    expect(isWithin(rows, 4, 1)).toBe(false);
    expect(isWithin(rows, 1, null)).toBe(false);
  });

  it('ends on a cycle already in bad data instead of looping', () => {
    const looped: TreeRow[] = [
      { id: 1, parentId: 2, position: 0 },
      { id: 2, parentId: 1, position: 0 },
    ];
    expect(isWithin(looped, 3, 1)).toBe(false);
  });
});

describe('planMove: where every row goes when one moves', () => {
  it('refuses a move under the node itself or its descendant as a cycle', () => {
    expect(planMove(rows, 1, 1, 0)).toBe('cycle');
    expect(planMove(rows, 1, 4, 0)).toBe('cycle');
  });

  it('renumbers the new siblings 0, 1, 2… and answers only the rows that change', () => {
    // Ev goes first among the top categories: Ev 0, Giyim 1.
    expect(planMove(rows, 5, null, 0)).toEqual([
      { id: 5, parentId: null, position: 0 },
      { id: 1, parentId: null, position: 1 },
    ]);
  });

  it('puts a node past the end last, under its new parent', () => {
    expect(planMove(rows, 4, 1, 99)).toEqual([{ id: 4, parentId: 1, position: 2 }]);
  });

  it('changes nothing for a move to where the node already is', () => {
    expect(planMove(rows, 3, 1, 1)).toEqual([]);
  });

  it('closes no gap it did not make: the old siblings keep their positions', () => {
    const changes = planMove(rows, 2, null, 1);
    expect(changes).toEqual([
      { id: 2, parentId: null, position: 1 },
      { id: 5, parentId: null, position: 2 },
    ]);
  });
});

describe('endOf: a new node goes last under its parent', () => {
  it('answers one past the highest position, 0 for a parent without children', () => {
    expect(endOf(rows, 1)).toBe(2);
    expect(endOf(rows, null)).toBe(2);
    expect(endOf(rows, 3)).toBe(0);
    expect(endOf([{ id: 9, parentId: null, position: 7 }], null)).toBe(8);
  });
});

describe('depthFirst: the panel list of categories', () => {
  it('lists each parent before its children, siblings by position then id, with depths', () => {
    const shuffled = [rows[3]!, rows[4]!, rows[2]!, rows[0]!, rows[1]!];
    expect(depthFirst(shuffled).map((r) => [r.id, r.depth])).toEqual([
      [1, 0],
      [2, 1],
      [4, 2],
      [3, 1],
      [5, 0],
    ]);
    const tied: TreeRow[] = [
      { id: 8, parentId: null, position: 0 },
      { id: 7, parentId: null, position: 0 },
    ];
    expect(depthFirst(tied).map((r) => r.id)).toEqual([7, 8]);
  });

  it('keeps rows under a missing parent at the top rather than dropping them', () => {
    const orphan: TreeRow[] = [
      { id: 1, parentId: null, position: 0 },
      { id: 2, parentId: 42, position: 1 },
    ];
    expect(depthFirst(orphan).map((r) => [r.id, r.depth])).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });
});
