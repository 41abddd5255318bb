import pg from 'pg';

/** First wait before connecting again, doubled after each failure up to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 2_000;

export interface Listener {
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  /** False from the moment the connection is lost until it is back (the database is away). */
  connected(): boolean;
  /** Called after each reconnection: what was notified in between never arrived. */
  onReconnect(callback: () => void): void;
  close(): Promise<void>;
}

/**
 * The connection an app node LISTENs on: a client of its own (not one taken from the pool for good), which
 * comes back by itself when PostgreSQL restarts. It is opened with the first `listen`.
 */
export function createListener(config: pg.ClientConfig, log: (message: string) => void): Listener {
  const handlers = new Map<string, (payload: string) => void>();
  const reconnectCallbacks: (() => void)[] = [];
  let client: pg.Client | undefined;
  let opening: Promise<pg.Client> | undefined;
  let lost = false;
  let closed = false;

  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client(config);
    // Without an 'error' listener a dropped connection ("Connection terminated unexpectedly") ends the process.
    next.on('error', (err) => dropped(next, err));
    next.on('end', () => dropped(next));
    next.on('notification', (msg) => handlers.get(msg.channel)?.(msg.payload ?? ''));
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw err;
    }
    client = next;
    return next;
  };

  const dropped = (which: pg.Client, err?: Error) => {
    if (which !== client || closed) return;
    client = undefined;
    lost = true;
    which.removeAllListeners('end');
    which.end().catch(() => {});
    log(`PostgreSQL bağlantısı koptu (${err?.message ?? 'sunucu kapattı'}); yeniden bağlanılıyor.`);
    void reconnect();
  };

  const reconnect = async () => {
    for (let wait = FIRST_RETRY_MS; !closed; wait = Math.min(wait * 2, MAX_RETRY_MS)) {
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
      if (closed) return;
      try {
        await open();
      } catch {
        continue;
      }
      lost = false;
      log('PostgreSQL bağlantısı yeniden kuruldu.');
      for (const callback of reconnectCallbacks) callback();
      return;
    }
  };

  return {
    async listen(channel, onMessage) {
      handlers.set(channel, onMessage);
      // While the connection is away, the next one listens on every channel known by then.
      if (lost) return;
      if (!client) {
        opening ??= open().finally(() => {
          opening = undefined;
        });
        await opening;
      }
      await client?.query(`listen ${pg.escapeIdentifier(channel)}`);
    },
    connected: () => !lost,
    onReconnect(callback) {
      reconnectCallbacks.push(callback);
    },
    async close() {
      closed = true;
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
