import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  collectGarbageNow,
  keepYoungGenerationSmall,
  limitHeapGrowth,
  YOUNG_GENERATION_REASSERT_MS,
} from './heap-growth.ts';

describe('limitHeapGrowth', () => {
  it('sets the growth when Node was given none', () => {
    expect(limitHeapGrowth(100, ['--enable-source-maps', '--max-old-space-size=512'])).toBe(true);
  });

  it('keeps a growth given to Node on its command line or in NODE_OPTIONS', () => {
    expect(limitHeapGrowth(100, ['--heap-growing-percent=30'])).toBe(false);
    expect(limitHeapGrowth(100, ['', '--inspect --heap_growing_percent=50'])).toBe(false);
  });
});

const youngGeneration = () =>
  (v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20;

/** The largest the young generation got while making a burst of short-lived objects (as answers do), MB. */
function youngGenerationAfterBurst(): number {
  let kept: object[] = [];
  let largest = 0;
  for (let i = 0; i < 2_000_000; i++) {
    kept.push({ i, text: `x${i}` });
    if (kept.length > 2000) kept = [];
    if (i % 10_000 === 0) largest = Math.max(largest, youngGeneration());
  }
  return largest;
}

describe('keepYoungGenerationSmall', () => {
  it('keeps a size given to Node on its command line or in NODE_OPTIONS', () => {
    expect(keepYoungGenerationSmall(['--max-semi-space-size=8'])).toBeUndefined();
    expect(keepYoungGenerationSmall(['', '--inspect --semi_space_growth_factor=4'])).toBeUndefined();
  });

  it('keeps the young generation from growing under a burst, also after another thread started', async () => {
    const stop = keepYoungGenerationSmall([]);
    expect(stop).toBeTypeOf('function');
    // The test runner has already grown this thread's young generation; V8's default would double it again
    // under the burst, up to 32 MB.
    const before = youngGeneration();
    try {
      expect(youngGenerationAfterBurst()).toBeLessThanOrEqual(before);
      // A thread's start puts V8's default back; the next reassertion undoes it.
      const thread = new Worker('setTimeout(() => {}, 10)', { eval: true });
      await new Promise((resolve) => thread.once('online', resolve));
      await new Promise((resolve) => setTimeout(resolve, YOUNG_GENERATION_REASSERT_MS + 200));
      expect(youngGenerationAfterBurst()).toBeLessThanOrEqual(before);
      await thread.terminate();
    } finally {
      stop?.();
      v8.setFlagsFromString('--semi-space-growth-factor=2');
    }
  });
});

describe('collectGarbageNow', () => {
  it('collects what nothing refers to any more, at once', async () => {
    // Made in a function of its own, so no local of this one still holds it; a WeakRef holds its target
    // until the task that made it ends.
    const weak = (() => new WeakRef(new Uint8Array(16 * 2 ** 20)))();
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbageNow();
    expect(weak.deref() === undefined).toBe(true);
    // The main context gets no `gc` global from it.
    expect('gc' in globalThis).toBe(false);
  });
});
