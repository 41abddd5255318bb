import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from '@vitrin/core';
import { createS3Store } from '@vitrin/core/storage/s3-store';
import { openTestDatabase } from '@vitrin/testing/database';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { startS3 } from '@vitrin/testing/s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/commands.ts';
import { tempDir } from '../../test/server.ts';

/**
 * `backup` and `restore` of a shop on PostgreSQL (`npm run test:pg`), by the real CLI in its own process:
 * `pg_dump` of the server's version and the shop's files into one archive, restored onto another database
 * and another data directory. The embedded database's CLI backups are in backup.int.test.ts.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const cli = (args: string[], env: Record<string, string>) => runCli(args, env, 120_000);

/** The rows that make the orders, as the database has them. */
const orderRows = (database: Pick<Database, 'query'>) =>
  database.query<{ order: unknown; lines: unknown }>(
    `select to_jsonb(o) as order,
       (select coalesce(jsonb_agg(to_jsonb(i) order by i.id), '[]') from order_items i where i.order_id = o.id) as lines
     from orders o order by o.id`,
  );

describe.runIf(serverUrl)('backup and restore of a shop on PostgreSQL, by the CLI', () => {
  const dir = tempDir('vitrin-backup-pg-');
  const dataDir = path.join(dir.dir, 'kaynak');
  const file = path.join(dir.dir, 'yedek.tar.gz');
  const files: Record<string, Buffer> = {
    'uploads/products/kupa-mavi.webp': randomBytes(40_000),
    'private/tickets/DT-1/fatura.pdf': randomBytes(2_048),
    'imports/2026/11/urunler.csv': Buffer.from('sku;ad\nKUPA;Kupa\n'),
  };
  let source: Awaited<ReturnType<typeof openTestDatabase>>;
  let world: OrderWorld;
  const made: string[] = [];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    source = await openTestDatabase();
    world = await openOrderWorld({ database: source.database });
    for (let i = 0; i < 3; i++) {
      await world.placeOrder({ paymentMethod: 'transfer', lines: [{ kind: 'single', quantity: 1 + i }] });
    }
    for (const [name, data] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dataDir, name)), { recursive: true });
      writeFileSync(path.join(dataDir, name), data);
    }
  }, 60_000);
  afterAll(async () => {
    await world?.dispose();
    await source?.dispose();
    for (const name of made) await admin(`drop database if exists ${name} with (force)`);
    dir.remove();
  });

  it('backs up the database with pg_dump and the files, and restores both onto an empty database', async () => {
    const backup = await cli(['backup', file], { DATA_DIR: dataDir, DATABASE_URL: source.url! });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('Yedek yazıldı');
    expect(backup.stdout).toContain('3 sipariş');
    expect(readdirSync(dir.dir).filter((n) => n.startsWith('yedek'))).toEqual(['yedek.tar.gz']);

    const name = `vitrin_cli_${randomBytes(5).toString('hex')}`;
    await admin(`create database ${name}`);
    made.push(name);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const targetDir = path.join(dir.dir, 'hedef');
    const env = { DATA_DIR: targetDir, DATABASE_URL: url.toString() };
    const restore = await cli(['restore', file], env);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('PostgreSQL veritabanına geri yüklendi');
    expect(restore.stdout).toContain('3 sipariş');
    for (const [key, data] of Object.entries(files)) {
      expect(readFileSync(path.join(targetDir, key)).equals(data)).toBe(true);
    }
    const restored = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      expect(await orderRows(restored)).toEqual(await orderRows(source.database));
    } finally {
      await restored.close();
    }

    // Now that it holds a shop, the same restore is refused, and nothing changes.
    const again = await cli(['restore', file], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('VERITABANI_DOLU');
    expect(again.stderr).toContain('Veritabanı boş değil');
    expect(readdirSync(dir.dir).filter((n) => n.includes('geri-yukleniyor'))).toEqual([]);
  }, 120_000);

  it('with the files in a bucket (S3_*): backs them up from it and restores them into the bucket configured', async () => {
    const buckets = [
      await startS3({ bucket: 'kaynak', ports: [18530, 18539] }),
      await startS3({ bucket: 'hedef', ports: [18530, 18539] }),
    ];
    try {
      const [from, into] = buckets.map((s3) =>
        createS3Store({
          bucket: s3.bucket,
          endpoint: s3.endpoint,
          region: s3.region,
          accessKeyId: s3.accessKeyId,
          secretAccessKey: s3.secretAccessKey,
          forcePathStyle: true,
        }),
      );
      for (const [key, data] of Object.entries(files)) await from!.put(key, data);
      const bucketFile = path.join(dir.dir, 'kova.tar.gz');
      const emptyDataDir = path.join(dir.dir, 'kova-kaynak');
      const backup = await cli(['backup', bucketFile], {
        DATA_DIR: emptyDataDir,
        DATABASE_URL: source.url!,
        ...buckets[0]!.env,
      });
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('3 dosya');

      const name = `vitrin_cli_${randomBytes(5).toString('hex')}`;
      await admin(`create database ${name}`);
      made.push(name);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const targetDir = path.join(dir.dir, 'kova-hedef');
      const restore = await cli(['restore', bucketFile], {
        DATA_DIR: targetDir,
        DATABASE_URL: url.toString(),
        ...buckets[1]!.env,
      });
      expect(restore.code).toBe(0);
      for (const [key, data] of Object.entries(files)) {
        expect((await into!.readBytes(key))?.equals(data)).toBe(true);
      }
      // Into the bucket, not the node's disk.
      expect(existsSync(path.join(targetDir, 'uploads'))).toBe(false);
    } finally {
      for (const s3 of buckets) await s3.stop();
    }
  }, 180_000);

  it('refuses a backup cut short, in Turkish, writing nothing', async () => {
    const cut = path.join(dir.dir, 'kesik.tar.gz');
    const whole = readFileSync(file);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const name = `vitrin_cli_${randomBytes(5).toString('hex')}`;
    await admin(`create database ${name}`);
    made.push(name);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const targetDir = path.join(dir.dir, 'kesik-hedef');
    const result = await cli(['restore', cut], { DATA_DIR: targetDir, DATABASE_URL: url.toString() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('YEDEK_EKSIK');
    expect(result.stderr).toContain('hiçbir şey değiştirilmedi');
    expect(existsSync(path.join(targetDir, 'uploads'))).toBe(false);
    const target = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      expect(await target.query("select 1 from pg_tables where schemaname = 'public'")).toEqual([]);
    } finally {
      await target.close();
    }
  }, 120_000);
});
