import { describe, expect, it } from 'vitest';
import { limitHeapGrowth } from './heap-growth.ts';

describe('limitHeapGrowth', () => {
  it('sets the growth when Node was given none', () => {
    expect(limitHeapGrowth(100, ['--enable-source-maps', '--max-old-space-size=512'])).toBe(true);
  });

  it('keeps a growth given to Node on its command line or in NODE_OPTIONS', () => {
    expect(limitHeapGrowth(100, ['--heap-growing-percent=30'])).toBe(false);
    expect(limitHeapGrowth(100, ['', '--inspect --heap_growing_percent=50'])).toBe(false);
  });
});
