import type { BackupState } from '@vitrin/shared/api/admin/dashboard';
import type { Database } from '../db/client.ts';

/** The outcome of the last nightly backup, shown on the panel's dashboard. */
export interface BackupResult {
  /** ISO 8601: when it was made (or failed). */
  at: string;
  ok: boolean;
  /** The file's name in the backup folder. */
  file: string | null;
  sizeBytes: number | null;
  /** Why it failed, in Turkish. */
  reason: string | null;
}

/**
 * Kept as a row of the `settings` table under a key the settings registry does not know (so no setting lists,
 * shows or changes it): the dashboard is answered by whichever process asks, and on PostgreSQL every node
 * reads the row the node that made the backup wrote. A restored shop forgets the row it brought along.
 */
const KEY = 'backup_last_result';

export async function readLastResult(database: Pick<Database, 'query'>): Promise<BackupResult | null> {
  const [row] = await database.query<{ value: string }>('select value from settings where key = $1', [KEY]);
  if (!row) return null;
  try {
    return JSON.parse(row.value) as BackupResult;
  } catch {
    return null;
  }
}

export async function writeLastResult(
  database: Pick<Database, 'query'>,
  result: BackupResult,
): Promise<void> {
  await database.query(
    `insert into settings (key, value) values ($1, $2)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [KEY, JSON.stringify(result)],
  );
}

export async function forgetLastResult(database: Pick<Database, 'query'>): Promise<void> {
  await database.query('delete from settings where key = $1', [KEY]);
}

/** The dashboard's backup card: the schedule from the settings and the last result. */
export async function backupState(
  database: Pick<Database, 'query' | 'kind'>,
  settings: { all(): Promise<{ backup_time: string; backup_keep: number }> },
): Promise<BackupState> {
  const { backup_time: time, backup_keep: keep } = await settings.all();
  return {
    database: database.kind === 'postgres' ? 'postgres' : 'embedded',
    time: time || null,
    keep,
    last: await readLastResult(database),
  };
}
