import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openTestDatabase } from '@vitrin/testing/database';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { openDatabase, parseDatabaseUrl } from './client.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-db-'));
  dirs.push(dir);
  return dir;
}
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const clientModule = path.join(import.meta.dirname, 'client.ts');

/**
 * Another process that opens `dir` like a running shop and keeps it open; resolves once it holds the
 * database (`opened`), or with what it printed when it could not.
 */
async function otherProcess(dir: string): Promise<{ child: ChildProcess; opened: boolean; output: string }> {
  const code = `
    const { openDatabase } = await import(${JSON.stringify(clientModule)});
    try {
      await openDatabase({ dataDir: ${JSON.stringify(dir)} });
      // Running, not just started: timers held up by the start (a lease's refresh) have had their turn.
      await new Promise((r) => setTimeout(r, 1000));
      console.log('opened');
      setInterval(() => {}, 60_000);
    } catch (err) {
      console.log(err.code, err.message);
      process.exit(3);
    }`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout?.setEncoding('utf8');
  const opened = await new Promise<boolean>((resolve) => {
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('opened')) resolve(true);
    });
    child.on('exit', () => resolve(false));
  });
  return { child, opened, output };
}

async function kill(child: ChildProcess, signal: NodeJS.Signals) {
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

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

  it('keeps a 16 MB buffer pool, not 128 MB of resident WASM memory (the server RSS budget)', async () => {
    const database = await openDatabase({ dataDir: tempDir() });
    try {
      const [row] = await database.query<{ shared_buffers: string }>('show shared_buffers');
      expect(row?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  });

  it('refuses a second opener of the same data directory with DATA_DIR_LOCKED', async () => {
    const dir = tempDir();
    const holder = await openDatabase({ dataDir: dir });
    try {
      const error = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('DATA_DIR_LOCKED');
      expect((error as DomainError).message).toContain('başka bir Vitrin süreci tarafından kullanılıyor');
    } finally {
      await holder.close();
    }
    // Released on close: the next start may open it.
    const next = await openDatabase({ dataDir: dir });
    await next.close();
  });

  it('opens at once after the process holding it was killed (kill -9): a supervisor restarts it', async () => {
    const dir = tempDir();
    const crashed = await otherProcess(dir);
    expect(crashed.opened).toBe(true);
    await kill(crashed.child, 'SIGKILL');
    const next = await openDatabase({ dataDir: dir });
    await next.close();
  }, 180_000);

  it('is never opened by a second process, not even while the holder is paused for a long time', async () => {
    const dir = tempDir();
    const holder = await otherProcess(dir);
    expect(holder.opened).toBe(true);
    // A holder stopped by a busy machine longer than any timed lock lasts (such a lock used to go stale after
    // 10 s) still holds the directory: a second writer would corrupt it.
    holder.child.kill('SIGSTOP');
    try {
      await new Promise((r) => setTimeout(r, 11_000));
      const error = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect((error as DomainError).code).toBe('DATA_DIR_LOCKED');
      const second = await otherProcess(dir);
      expect(second.opened).toBe(false);
      expect(second.output).toContain('DATA_DIR_LOCKED');
    } finally {
      holder.child.kill('SIGCONT');
    }
  }, 180_000);

  it('lets exactly one of two processes started together open it', async () => {
    const dir = tempDir();
    const [a, b] = await Promise.all([otherProcess(dir), otherProcess(dir)]);
    expect([a.opened, b.opened].filter(Boolean)).toHaveLength(1);
    expect((a.opened ? b : a).output).toContain('başka bir Vitrin süreci tarafından kullanılıyor');
  }, 180_000);
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
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('DATABASE_URL_INVALID');
    expect((error as DomainError).message).toContain(message);
  });

  it('never repeats the password of a malformed URL', () => {
    expect(() => parseDatabaseUrl('mysql://user:cok-gizli@localhost/db')).toThrow(/^(?!.*cok-gizli)/s);
  });

  it('reports an unreachable server as DATABASE_UNREACHABLE', async () => {
    const error = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('DATABASE_UNREACHABLE');
  });
});
