import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRounds } from './rounds.ts';

describe('rounds of a durable job', () => {
  afterEach(() => vi.useRealTimers());

  it('runs one round at start, never stacks a slow one, and stop waits for the round under way', async () => {
    vi.useFakeTimers();
    let started = 0;
    let finish: () => void = () => {};
    const rounds = createRounds(() => {
      started += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    rounds.start(1000);
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(3500);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
    let stopped = false;
    const stopping = rounds.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toBe(2);
  });

  it('goes on after a round that failed', async () => {
    vi.useFakeTimers();
    let started = 0;
    const rounds = createRounds(async () => {
      started += 1;
      throw new Error('Servis yanıt vermedi');
    });
    rounds.start(1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(started).toBe(3);
    await rounds.stop();
  });
});
