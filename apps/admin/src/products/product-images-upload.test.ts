import { describe, expect, it } from 'vitest';
import { moved } from './product-images-upload.ts';

describe('moving an image in the list', () => {
  const list = ['a', 'b', 'c', 'd'];
  it('moves one to the front (the main image) and keeps the others in order', () => {
    expect(moved(list, 2, 0)).toEqual(['c', 'a', 'b', 'd']);
  });
  it('moves one a step right or to the end', () => {
    expect(moved(list, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moved(list, 1, 3)).toEqual(['a', 'c', 'd', 'b']);
  });
  it('leaves the list as it is for a place outside it', () => {
    expect(moved(list, 0, -1)).toEqual(list);
    expect(moved(list, 3, 4)).toEqual(list);
    expect(moved(list, 7, 0)).toEqual(list);
  });
});
