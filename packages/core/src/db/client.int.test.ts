import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, parseDatabaseUrl } from './client.ts';
import { StartupError } from './errors.ts';
import { openTestDatabase } from './test-database.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('database', () => {
  it('loads pg_trgm and unaccent with the migrations', async () => {
    const { database, dispose } = await openTestDatabase();
    try {
      const rows = await database.query<{ extname: string }>(
        "select extname from pg_extension where extname in ('pg_trgm', 'unaccent') order by extname",
      );
      expect(rows.map((r) => r.extname)).toEqual(['pg_trgm', 'unaccent']);
      const [sim] = await database.query<{ s: number }>("select similarity('seramik', 'serammik') as s");
      expect(Number(sim!.s)).toBeGreaterThan(0.4);
    } finally {
      await dispose();
    }
  });
});

describe('embedded database', () => {
  it('keeps its data in DATA_DIR across restarts', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await first.migrate();
    await first.query("insert into settings (key, value) values ('unvan', 'Kalıcı')");
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    try {
      const rows = await second.query<{ value: string }>("select value from settings where key = 'unvan'");
      expect(rows[0]?.value).toBe('Kalıcı');
    } finally {
      await second.close();
    }
  });

  it('refuses a second opener of the same data directory with DATA_DIR_LOCKED', async () => {
    const dir = tempDir();
    const holder = await openDatabase({ dataDir: dir });
    try {
      const error = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StartupError);
      expect((error as StartupError).code).toBe('DATA_DIR_LOCKED');
      expect((error as StartupError).message).toContain('başka bir Vitrin süreci tarafından kullanılıyor');
    } finally {
      await holder.close();
    }
    // Released on close: the next start may open it.
    const next = await openDatabase({ dataDir: dir });
    await next.close();
  });
});

describe('DATABASE_URL', () => {
  it.each([
    ['not a url', 'geçerli bir adres değil'],
    ['mysql://u:p@localhost/db', 'yalnızca postgres://'],
    ['postgres://', 'sunucu adı içermiyor'],
  ])('refuses %s with a clear message', (url, message) => {
    let error: unknown;
    try {
      parseDatabaseUrl(url);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StartupError);
    expect((error as StartupError).code).toBe('DATABASE_URL_INVALID');
    expect((error as StartupError).message).toContain(message);
  });

  it('never repeats the password of a malformed URL', () => {
    expect(() => parseDatabaseUrl('mysql://user:cok-gizli@localhost/db')).toThrow(/^(?!.*cok-gizli)/s);
  });

  it('reports an unreachable server as DATABASE_UNREACHABLE', async () => {
    const error = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StartupError);
    expect((error as StartupError).code).toBe('DATABASE_UNREACHABLE');
  });
});
