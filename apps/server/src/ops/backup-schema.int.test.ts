import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@vitrin/core';
import { knownMigrations } from '@vitrin/core/backup/archive';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/commands.ts';
import { tempDir } from '../../test/server.ts';

/**
 * Backups made by another version of the shop's schema: the schema is the rows of drizzle's migrations table,
 * which the backup's manifest counts and a restore compares with the migrations this code knows.
 */
const cli = (args: string[], env: Record<string, string>) => runCli(args, env, 120_000);
const migrationsFolder = fileURLToPath(
  new URL('../../../../packages/core/src/db/migrations', import.meta.url),
);

interface Journal {
  entries: { when: number; tag: string }[];
}

/** This shop's migrations folder without its last `drop` migrations: the schema of an earlier Vitrin. */
function earlierMigrations(into: string, drop: number): string[] {
  cpSync(migrationsFolder, into, { recursive: true });
  const journalFile = path.join(into, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const later = journal.entries.slice(-drop).map((e) => e.tag);
  journal.entries = journal.entries.slice(0, -drop);
  writeFileSync(journalFile, JSON.stringify(journal));
  return later;
}

const tableExists = async (database: Awaited<ReturnType<typeof openDatabase>>, table: string) =>
  (
    await database.query<{ found: boolean }>('select to_regclass($1) is not null as found', [
      `public.${table}`,
    ])
  )[0]!.found;

describe('backups of another schema', () => {
  const dir = tempDir('vitrin-backup-schema-');
  afterAll(() => dir.remove());

  it('restores a backup of an earlier schema and migrates it to this one, its rows kept', async () => {
    const DROPPED = 3;
    const dataDir = path.join(dir.dir, 'eski');
    const folder = path.join(dir.dir, 'eski-gocler');
    const dropped = earlierMigrations(folder, DROPPED);
    // A table one of the dropped migrations makes: the earlier schema lacks it, the migrated one has it.
    const table = dropped
      .map((tag) => /CREATE TABLE "(\w+)"/.exec(readFileSync(path.join(folder, `${tag}.sql`), 'utf8'))?.[1])
      .find(Boolean);
    expect(table).toBeDefined();
    const database = await openDatabase({ dataDir });
    try {
      await migrate(database.db as never, { migrationsFolder: folder });
      await database.query(
        `insert into pages (type, slug, title, body) values (1, 'eski-sayfa', 'Eski sayfa', '<p>Eski</p>')`,
      );
      expect(await tableExists(database, table!)).toBe(false);
    } finally {
      await database.close();
    }
    mkdirSync(path.join(dataDir, 'uploads', 'pages'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'pages', 'eski.webp'), 'resim');
    const file = path.join(dir.dir, 'eski.tar.gz');
    const made = await cli(['backup', file], { DATA_DIR: dataDir });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);

    const fresh = path.join(dir.dir, 'geri-eski');
    const restored = await cli(['restore', file], { DATA_DIR: fresh });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Yedek geri yüklendi: ${fresh}`);
    expect(restored.stdout).toContain(`Veritabanı şeması bu sürüme güncellendi (${DROPPED} adım).`);
    expect(readFileSync(path.join(fresh, 'uploads', 'pages', 'eski.webp'), 'utf8')).toBe('resim');
    const back = await openDatabase({ dataDir: fresh });
    try {
      const [applied] = await back.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied!.n).toBe(knownMigrations());
      expect(await tableExists(back, table!)).toBe(true);
      const pages = await back.query<{ title: string }>("select title from pages where slug = 'eski-sayfa'");
      expect(pages).toEqual([{ title: 'Eski sayfa' }]);
    } finally {
      await back.close();
    }
  }, 180_000);

  it('refuses a backup of a newer schema with YEDEK_DAHA_YENI, writing nothing', async () => {
    const dataDir = path.join(dir.dir, 'yeni');
    const database = await openDatabase({ dataDir });
    try {
      await database.migrate();
      // A migration this code does not know, applied as drizzle records one: a newer Vitrin's schema.
      await database.query(
        `insert into drizzle.__drizzle_migrations (hash, created_at)
         select 'gelecekteki-adim', max(created_at) + 1000 from drizzle.__drizzle_migrations`,
      );
    } finally {
      await database.close();
    }
    const file = path.join(dir.dir, 'yeni.tar.gz');
    const made = await cli(['backup', file], { DATA_DIR: dataDir });
    expect(made.code).toBe(0);

    const target = path.join(dir.dir, 'hedef', 'veri');
    const refused = await cli(['restore', file], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('YEDEK_DAHA_YENI');
    expect(refused.stderr).toContain(
      `daha yeni bir Vitrin sürümünün veritabanını içeriyor (${knownMigrations() + 1} şema adımı, bu sürüm ${knownMigrations()}); önce Vitrin'i güncelleyin.`,
    );
    // Nothing left behind: not the directory, nor the parent the restore would have made for it.
    expect(existsSync(path.join(dir.dir, 'hedef'))).toBe(false);
    expect(readdirSync(dir.dir).some((n) => n.includes('geri-yukleniyor'))).toBe(false);
  }, 180_000);
});
