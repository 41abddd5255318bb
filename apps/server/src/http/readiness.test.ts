import { describe, expect, it } from 'vitest';
import { createReadiness, NOT_READY_REASON, READINESS_STATUS } from './readiness.ts';

describe('a node’s readiness', () => {
  it('is ready at once without a reason to start with (an app built by a test)', () => {
    expect(createReadiness().notReady()).toBeUndefined();
  });

  it('starts for its reasons in turn, then is ready', () => {
    const readiness = createReadiness(NOT_READY_REASON.Migrations);
    expect(readiness.notReady()).toEqual({
      status: READINESS_STATUS.Starting,
      reason: NOT_READY_REASON.Migrations,
    });
    readiness.startingFor(NOT_READY_REASON.SearchIndex);
    expect(readiness.notReady()?.reason).toBe(NOT_READY_REASON.SearchIndex);
    readiness.markReady();
    expect(readiness.notReady()).toBeUndefined();
    expect(readiness.stopping()).toBe(false);
  });

  it('stays stopping once told to stop, whatever finishes after', () => {
    const readiness = createReadiness(NOT_READY_REASON.SearchIndex);
    readiness.markStopping();
    // The catalogue index finishing its build during the drain must not bring the node back.
    readiness.markReady();
    readiness.startingFor(NOT_READY_REASON.SearchIndex);
    expect(readiness.notReady()).toEqual({
      status: READINESS_STATUS.Stopping,
      reason: NOT_READY_REASON.Shutdown,
    });
    expect(readiness.stopping()).toBe(true);
  });
});
