import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

/**
 * Server secrets that must be the same on every app node and survive restarts (the HMAC keys of guest order
 * links and of the test payment provider). Each is made once, on first use, and kept in the `settings` table
 * under a `secret:` key the settings registry does not know, so it never appears in `settings list`, the
 * public settings or an API answer.
 *
 * The first use is race-safe: every node inserts its own random value with ON CONFLICT DO NOTHING and then
 * reads back whichever value won, so all nodes end up with one secret.
 *
 * A secret is loaded once, asynchronously, when the services are created; `current()` is synchronous for
 * callers such as `orders.accessToken` and throws until the load finished (`ready()` waits for it; every
 * asynchronous entry point of orders and payments awaits it, so only a synchronous call made before the
 * first request could ever see the throw).
 */
export interface Secret {
  ready(): Promise<Buffer>;
  current(): Buffer;
}

export async function loadSecret(db: Db, name: string): Promise<Buffer> {
  const key = `secret:${name}`;
  await db
    .insert(settings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`secret ${key} could not be stored`);
  return Buffer.from(row.value, 'base64url');
}

export function createSecret(db: Db, name: string): Secret {
  let value: Buffer | undefined;
  let loading: Promise<Buffer> | undefined;
  const ready = () => {
    if (value) return Promise.resolve(value);
    loading ??= loadSecret(db, name).then(
      (loaded) => {
        value = loaded;
        return loaded;
      },
      (err: unknown) => {
        // Tried again at the next call (the database may have been starting).
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  // Started now and awaited later; a failure here is reported by the next `ready()`.
  ready().catch(() => {});
  return {
    ready,
    current() {
      if (!value) throw new Error(`secret:${name} is not loaded yet: await ready() first`);
      return value;
    },
  };
}
