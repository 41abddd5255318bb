import { availableParallelism } from 'node:os';
import path from 'node:path';
import { startupError } from '@vitrin/core';
import { parseTrustProxy, type TrustProxy } from '../http/trust-proxy.ts';
import { loadStorageConfig, type StorageConfig } from './storage-config.ts';

/** Everything Vitrin reads from the environment, with safe defaults. Documented in docs/configuration.md. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  dbPoolSize: number;
  /** Visitors whose localStorage `admin_key` equals this see the shop during maintenance; unset: nobody. */
  maintenanceBypassKey: string | undefined;
  demo: boolean;
  /** Public base URL of the API and /uploads as the browser sees it; '' for same origin. */
  publicApiBase: string;
  logLevel: string;
  /** The proxies believed about the client's address and scheme (trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** Directory of the built React Router app (`build/` of apps/web). */
  webBuildDir: string;
  /** Size bound of the in-process page cache in MiB; 0 turns it off (every page is rendered). */
  pageCacheMb: number;
  /** Disk the personalization uploads not yet looked at by the hourly purge may take, in MiB. */
  uploadsBudgetMb: number;
  /** Worker threads that render pages (render-pool.ts); 0 renders on the request thread. */
  renderThreads: number;
  /** Most renders that may wait for a render thread; more are answered 503 with Retry-After at once. */
  renderQueue: number;
  /** Longest a render waits for a render thread, in ms; one not started by then is answered 503 instead. */
  renderWaitMs: number;
  /** `smtp(s)://user:pass@host:port`; unset: e-mails are written as `.eml` files into `<dataDir>/outbox`. */
  smtpUrl: string | undefined;
  /** The shop's public origin (links in e-mails, the same-origin check), without a trailing slash. */
  publicUrl: string;
  /** Sender of the shop's e-mails. */
  mailFrom: string;
  /** Where the nightly backups are kept (BACKUP_DIR; default `<dataDir>/backups`). */
  backupDir: string;
  /** Where the shop's files are kept: a bucket (S3_*) or the data directory; PUBLIC_UPLOADS_BASE. */
  storage: StorageConfig;
  /**
   * How long a node told to stop with SIGTERM keeps serving while `/readyz` answers 503, in ms, so the load
   * balancer's health check takes it out before it stops taking connections (SHUTDOWN_DRAIN_MS).
   */
  shutdownDrainMs: number;
}

/** Two failed checks of a balancer asking every second (docs/deployment/haproxy.cfg), with room to spare. */
const DEFAULT_DRAIN_MS = 5_000;

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function int(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw startupError(
      'CONFIG_INVALID',
      `${name} ${min} ile ${max} arasında bir tam sayı olmalıdır: "${value}"`,
    );
  }
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const bypass = env.MAINTENANCE_BYPASS_KEY?.trim();
  if (bypass !== undefined && bypass !== '' && bypass.length < 16) {
    throw startupError('CONFIG_INVALID', 'MAINTENANCE_BYPASS_KEY en az 16 karakter olmalıdır.');
  }
  const apiBase = (env.PUBLIC_API_BASE ?? '').trim().replace(/\/+$/, '');
  if (apiBase && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(apiBase)) {
    throw startupError('CONFIG_INVALID', `PUBLIC_API_BASE bir http(s) adresi olmalıdır: "${apiBase}"`);
  }
  const port = int('PORT', env.PORT, 3000, 1, 65535);
  const publicUrl = (env.PUBLIC_URL ?? '').trim().replace(/\/+$/, '') || `http://localhost:${port}`;
  if (!/^https?:\/\/[^/\s]+$/.test(publicUrl)) {
    throw startupError(
      'CONFIG_INVALID',
      `PUBLIC_URL yalnızca bir http(s) kökü olmalıdır (ör. https://magaza.example.com): "${publicUrl}"`,
    );
  }
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\/\S+$/.test(smtpUrl)) {
    // The URL may hold a password: it is not repeated in the message.
    throw startupError('CONFIG_INVALID', 'SMTP_URL smtp:// ya da smtps:// ile başlamalıdır.');
  }
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR?.trim() || 'data'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    dbPoolSize: int('DB_POOL_SIZE', env.DB_POOL_SIZE, 10, 1, 500),
    maintenanceBypassKey: bypass || undefined,
    demo: env.VITRIN_DEMO !== '0',
    publicApiBase: apiBase,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webBuildDir: path.resolve(env.WEB_BUILD_DIR?.trim() || path.join(repoRoot, 'apps/web/build')),
    pageCacheMb: int('PAGE_CACHE_MB', env.PAGE_CACHE_MB, 64, 0, 65_536),
    uploadsBudgetMb: int('UPLOADS_BUDGET_MB', env.UPLOADS_BUDGET_MB, 1024, 0, 1_048_576),
    // One per core: the request thread (HTTP, database) is far lighter than a render.
    renderThreads: int('RENDER_THREADS', env.RENDER_THREADS, defaultRenderThreads(), 0, 64),
    renderQueue: int('RENDER_QUEUE', env.RENDER_QUEUE, 64, 1, 100_000),
    renderWaitMs: int('RENDER_WAIT_MS', env.RENDER_WAIT_MS, 5_000, 1, 600_000),
    smtpUrl,
    publicUrl,
    mailFrom: env.MAIL_FROM?.trim() || '"Vitrin" <no-reply@localhost>',
    backupDir: path.resolve(env.BACKUP_DIR?.trim() || path.join(env.DATA_DIR?.trim() || 'data', 'backups')),
    storage: loadStorageConfig(env),
    // Only nodes on PostgreSQL sit behind a balancer: the embedded database is one process on its machine.
    shutdownDrainMs: int(
      'SHUTDOWN_DRAIN_MS',
      env.SHUTDOWN_DRAIN_MS,
      env.DATABASE_URL?.trim() ? DEFAULT_DRAIN_MS : 0,
      0,
      600_000,
    ),
  };
}

/**
 * One render thread per core, at most four: a page costs the request thread (HTTP, database) about a fifth
 * of what its render costs a thread, so more threads would wait on it. On one core, no thread.
 */
export function defaultRenderThreads(cores = availableParallelism()): number {
  return cores > 1 ? Math.min(cores, 4) : 0;
}

/** Whether LOG_LEVEL (pino's level names) lets info lines through: `trace`, `debug` and `info` do. */
export function logsInfo(level: string): boolean {
  return ['trace', 'debug', 'info'].includes(level);
}
