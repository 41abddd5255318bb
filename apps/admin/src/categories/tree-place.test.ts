import { describe, expect, it } from 'vitest';
import { placeBy, placeByDrop } from './tree-place.ts';

// giyim(tisort, etek), ev, kitap
const items = [
  { id: 1, parentId: null, depth: 0 },
  { id: 2, parentId: 1, depth: 1 },
  { id: 3, parentId: 1, depth: 1 },
  { id: 4, parentId: null, depth: 0 },
  { id: 5, parentId: null, depth: 0 },
];
const item = (id: number) => items.find((i) => i.id === id)!;

describe('tree places', () => {
  it('moves up and down among siblings, not past the ends', () => {
    expect(placeBy(items, item(4), 'up')).toEqual({ parentId: null, index: 0 });
    expect(placeBy(items, item(4), 'down')).toEqual({ parentId: null, index: 2 });
    expect(placeBy(items, item(1), 'up')).toBeUndefined();
    expect(placeBy(items, item(3), 'down')).toBeUndefined();
  });

  it('indents under the sibling above (last) and outdents to just after the parent', () => {
    expect(placeBy(items, item(4), 'indent')).toEqual({ parentId: 1, index: 2 });
    expect(placeBy(items, item(1), 'indent')).toBeUndefined();
    expect(placeBy(items, item(2), 'outdent')).toEqual({ parentId: null, index: 1 });
    expect(placeBy(items, item(4), 'outdent')).toBeUndefined();
  });

  it('drops before, after or inside a row, never inside the dragged node itself or below it', () => {
    expect(placeByDrop(items, 5, item(4), 'before')).toEqual({ parentId: null, index: 1 });
    expect(placeByDrop(items, 5, item(2), 'after')).toEqual({ parentId: 1, index: 1 });
    expect(placeByDrop(items, 5, item(4), 'inside')).toEqual({ parentId: 4, index: 0 });
    expect(placeByDrop(items, 1, item(2), 'inside')).toBeUndefined();
    expect(placeByDrop(items, 1, item(1), 'before')).toBeUndefined();
  });
});
