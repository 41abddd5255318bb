/**
 * The periodic rounds of the durable jobs that talk to outside services (carriers' status, e-invoices, the
 * marketplace): one round at start, then one every interval; a slow round is never stacked on another.
 * Which node runs a round is each job's own affair (they take the cluster lock inside `round`).
 */
export interface Rounds {
  /** Starts the rounds: one now, then every `intervalMs`. Starting twice keeps one timer. */
  start(intervalMs: number): void;
  /** Stops the rounds and waits for the one under way. */
  stop(): Promise<void>;
}

export function createRounds(round: () => Promise<unknown>): Rounds {
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = round()
      .catch(() => {})
      .finally(() => {
        running = null;
      });
  };
  return {
    start(intervalMs) {
      tick();
      timer ??= setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
