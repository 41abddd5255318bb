import { describe, expect, it } from 'vitest';
import { backoffMs, CLAIM_MS } from './service.ts';

describe('backoffMs', () => {
  it('waits 30 s after the first outage and doubles with each one after', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('never waits more than 30 minutes', () => {
    expect(backoffMs(7)).toBe(30 * 60_000);
    expect(backoffMs(40)).toBe(30 * 60_000);
  });

  it('reads no attempt yet as the first', () => {
    expect(backoffMs(0)).toBe(30_000);
  });
});

describe('CLAIM_MS', () => {
  it('outlasts a carrier call that runs its full timeout (30 s) several times over', () => {
    expect(CLAIM_MS).toBeGreaterThan(4 * 30_000);
  });
});
