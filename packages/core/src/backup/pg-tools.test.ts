import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refusal } from '@vitrin/testing/refusal';
import { afterAll, describe, expect, it } from 'vitest';
import { connectionOf, findPgTool } from './pg-tools.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-pg-tools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in client program in `folder` that says it is of PostgreSQL `major`. */
function fakeTool(folder: string, tool: string, major: number): string {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, tool);
  writeFileSync(file, `#!/bin/sh\necho "${tool} (PostgreSQL) ${major}.3 (Debian ${major}.3-1)"\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('findPgTool: the pg_dump or pg_restore of the server’s major version', () => {
  it('takes Debian’s of exactly that version first', async () => {
    const versionsDir = path.join(dir, 'lib');
    const exact = fakeTool(path.join(versionsDir, '15', 'bin'), 'pg_dump', 15);
    const onPath = fakeTool(path.join(dir, 'yeni'), 'pg_dump', 17);
    expect(await findPgTool('pg_dump', 15, { versionsDir, searchPath: path.dirname(onPath) })).toBe(exact);
  });

  it('else the one on PATH when it is that version or newer', async () => {
    const onPath = fakeTool(path.join(dir, 'path-17'), 'pg_restore', 17);
    const search = { versionsDir: path.join(dir, 'yok'), searchPath: `/olmayan:${path.dirname(onPath)}` };
    expect(await findPgTool('pg_restore', 16, search)).toBe(onPath);
    expect(await findPgTool('pg_restore', 17, search)).toBe(onPath);
  });

  it('refuses an older one on PATH, naming it and the package to install', async () => {
    const old = fakeTool(path.join(dir, 'eski'), 'pg_dump', 13);
    const err = await refusal(() =>
      findPgTool('pg_dump', 16, { versionsDir: path.join(dir, 'yok'), searchPath: path.dirname(old) }),
    );
    expect(err.code).toBe('PG_ARACI_YOK');
    expect(err.message).toContain('PostgreSQL 16');
    expect(err.message).toContain('bulunan pg_dump 13 sürümü');
    expect(err.message).toContain('sudo apt-get install postgresql-client-16');
  });

  it('refuses when there is none at all', async () => {
    const err = await refusal(() =>
      findPgTool('pg_restore', 15, { versionsDir: path.join(dir, 'yok'), searchPath: path.join(dir, 'bos') }),
    );
    expect(err.code).toBe('PG_ARACI_YOK');
    expect(err.message).toContain('bu makinede pg_restore bulunamadı');
    expect(err.message).toContain('postgresql-client-15');
  });
});

describe('connectionOf: the address handed to the programs', () => {
  it('keeps the password off the command line, in PGPASSWORD', () => {
    const { dbname, env } = connectionOf(
      'postgres://vitrin:gizli%40parola@db.example:5433/magaza?sslmode=require',
    );
    expect(dbname).toBe('postgres://vitrin@db.example:5433/magaza?sslmode=require');
    expect(env.PGPASSWORD).toBe('gizli@parola');
  });
});
