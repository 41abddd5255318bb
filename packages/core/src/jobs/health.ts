import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';
import { writeState } from './state.ts';

/**
 * An outside service's health as the panel shows it: its last good call, its last error and when. Kept as
 * rows of the `settings` table under keys the settings registry does not know (as the nightly backup's last
 * result is), so the panel is answered by whichever node it asks and every node writes what it saw; one key
 * per service and kind, so two nodes' writes never undo each other.
 */
export interface ServiceHealth {
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
}

/** A node writes a service's success at most this often (a round of 50 calls is one write). */
const OK_WRITE_MS = 60_000;

export const healthKey = (service: string, kind: 'ok' | 'error') => `${service}_health_${kind}`;

export function createHealth(db: Db, now: () => Date = () => new Date()) {
  const okWritten = new Map<string, number>();

  return {
    /** A good call to `service` (written at most once a minute by a node). */
    async ok(service: string): Promise<void> {
      const at = now();
      if (at.getTime() - (okWritten.get(service) ?? Number.NEGATIVE_INFINITY) < OK_WRITE_MS) return;
      okWritten.set(service, at.getTime());
      await writeState(db, healthKey(service, 'ok'), at.toISOString());
    },
    /** A failed call to `service`, with what the owner is shown. */
    async error(service: string, message: string): Promise<void> {
      await writeState(db, healthKey(service, 'error'), JSON.stringify({ at: now().toISOString(), message }));
    },
    /** Each named service's health, in the order asked. */
    async read(services: readonly string[]): Promise<Map<string, ServiceHealth>> {
      const keys = services.flatMap((s) => [healthKey(s, 'ok'), healthKey(s, 'error')]);
      const stored = new Map(
        (await db.select().from(settings).where(inArray(settings.key, keys))).map((r) => [r.key, r.value]),
      );
      return new Map(
        services.map((service) => {
          let error: { at?: unknown; message?: unknown } = {};
          try {
            error = JSON.parse(stored.get(healthKey(service, 'error')) ?? '{}');
          } catch {
            // A row written by hand: no error to show.
          }
          return [
            service,
            {
              lastSuccessAt: stored.get(healthKey(service, 'ok')) ?? null,
              lastErrorAt: typeof error.at === 'string' ? error.at : null,
              lastError: typeof error.message === 'string' ? error.message : null,
            },
          ];
        }),
      );
    },
  };
}

export type HealthRecorder = ReturnType<typeof createHealth>;
