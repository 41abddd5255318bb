import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { type Database, openDatabase } from '@vitrin/core';
import { backupState, forgetLastResult, writeLastResult } from '@vitrin/core/backup/last-result';
import { createNightlyBackup } from '@vitrin/core/backup/nightly';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import { openTestDatabase } from '@vitrin/testing/database';
import { describeWhere } from '@vitrin/testing/only-where';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { startS3 } from '@vitrin/testing/s3';
import pg from 'pg';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/commands.ts';
import { tempDir } from '../../test/server.ts';
import { controlSocketPath, startControlServer } from './control.ts';

/** The real CLI in its own process; a backup or restore of this test's shop takes a few seconds. */
const cli = (args: string[], env: Record<string, string>) => runCli(args, env, 120_000);

const SUCCESS_CARD = '4242424242424242';

/** The id of a process that has ended (a backup of it that left files is not running). */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
/** The rows that make an order, by order id: the order, its lines and its payments, as the database has them. */
async function ordersById(database: Database) {
  const rows = await database.query<{ id: number; order: unknown; lines: unknown; payments: unknown }>(
    `select o.id, to_jsonb(o) as order,
       (select coalesce(jsonb_agg(to_jsonb(i) order by i.id), '[]') from order_items i where i.order_id = o.id) as lines,
       (select coalesce(jsonb_agg(to_jsonb(p) order by p.id), '[]') from payments p where p.order_id = o.id) as payments
     from orders o order by o.id`,
  );
  return new Map(rows.map((r) => [r.id, JSON.stringify(r)]));
}

/** An archive of our own format, rebuilt with one upload's bytes changed (the manifest kept). */
async function tampered(file: string, out: string) {
  const extract = tar.extract();
  const pack = tar.pack();
  const { pipeline } = await import('node:stream/promises');
  const { createReadStream, createWriteStream } = await import('node:fs');
  const { createGunzip } = await import('node:zlib');
  const writing = pipeline(pack, createGzip(), createWriteStream(out));
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const c of entry) chunks.push(c as Buffer);
    const data = Buffer.concat(chunks);
    if (entry.header.name.startsWith('uploads/')) data[0] = (data[0]! + 1) % 256;
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.header.name }, data, (err) => (err ? reject(err) : resolve())),
    );
  }
  await reading;
  pack.finalize();
  await writing;
}

/** A gzip tar holding one small file named `name`: not a backup of ours. */
async function writeTar(file: string, name: string) {
  const pack = tar.pack();
  const { pipeline } = await import('node:stream/promises');
  const { createWriteStream } = await import('node:fs');
  const writing = pipeline(pack, createGzip(), createWriteStream(file));
  pack.entry({ name }, 'merhaba');
  pack.finalize();
  await writing;
}

describe('backup and restore of the embedded database and the uploads', () => {
  const dir = tempDir('vitrin-backup-');
  const dataDir = path.join(dir.dir, 'data');
  const file = path.join(dir.dir, 'yedek.tar.gz');
  let database: Database;
  let world: OrderWorld;
  let stopControl: () => Promise<void>;
  /** Files the database names: pictures under uploads/, a support ticket's attachment under private/. */
  const files: Record<string, Buffer> = {
    'uploads/products/kupa-mavi.webp': randomBytes(40_000),
    'uploads/products/2026/11/tabak.webp': randomBytes(12_345),
    'uploads/posts/kapak.webp': randomBytes(777),
    'private/tickets/DT-1/fatura.pdf': randomBytes(2_048),
  };
  let first: Map<number, string>;
  let paidOrderNo = '';
  let atBackup: Map<number, string>;

  beforeAll(async () => {
    database = await openDatabase({ dataDir });
    await database.migrate();
    world = await openOrderWorld({ database });
    for (const [name, data] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dataDir, name)), { recursive: true });
      writeFileSync(path.join(dataDir, name), data);
    }
    // The server's side of the CLI: it holds the data directory and answers over the control socket.
    stopControl = await startControlServer(controlSocketPath(dataDir), world.services);
    for (let i = 0; i < 4; i++) {
      const order = await world.placeOrder({
        paymentMethod: i % 2 ? 'card' : 'transfer',
        lines: [
          { kind: 'single', quantity: 1 + i },
          { kind: 'variant', quantity: 1 },
        ],
        withCoupon: i === 0,
      });
      if (i % 2) {
        await world.pay(order.orderNo, SUCCESS_CARD);
        paidOrderNo = order.orderNo;
      }
    }
    first = await ordersById(database);
    // A nightly result of this shop: a restored copy must not show it as its own.
    await writeLastResult(database, {
      at: new Date().toISOString(),
      ok: true,
      file: 'x.tar.gz',
      sizeBytes: 1,
      reason: null,
    });
  }, 60_000);
  afterAll(async () => {
    await stopControl?.();
    await world?.dispose();
    await database?.close();
    dir.remove();
  });

  it('backs up the running shop while it takes orders: whole orders only, every upload', async () => {
    let taking = true;
    const placed: number[] = [];
    const orders = (async () => {
      while (taking) {
        // Lines of a product without counted stock: the shop takes orders for as long as the backup runs.
        const order = await world.placeOrder({
          lines: [
            { kind: 'virtual', quantity: 2 },
            { kind: 'virtual', quantity: 1 },
          ],
        });
        placed.push(order.id);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const result = await cli(['backup', file], { DATA_DIR: dataDir });
    taking = false;
    await orders;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Yedek yazıldı: ${file}`);
    expect(result.stdout).toContain('4 dosya (yüklenen görseller, destek ekleri ve içe aktarma dosyaları)');
    expect(placed.length).toBeGreaterThan(0);
    atBackup = await ordersById(database);
  }, 120_000);

  it('restores into a fresh directory: the first orders intact, none half, later ones absent, files byte-equal', async () => {
    // Orders after the backup: not in it.
    const later = await world.placeOrder({ lines: [{ kind: 'single', quantity: 3 }] });
    const fresh = path.join(dir.dir, 'geri');
    const result = await cli(['restore', file], { DATA_DIR: fresh });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Yedek geri yüklendi: ${fresh}`);
    for (const [name, data] of Object.entries(files)) {
      expect(readFileSync(path.join(fresh, name)).equals(data)).toBe(true);
    }
    // The restored shop opens and answers (migrations already applied), as a server starting on it would.
    const restored = await openDatabase({ dataDir: fresh });
    try {
      await restored.migrate();
      const back = await ordersById(restored);
      for (const [id, row] of first) expect(back.get(id)).toBe(row);
      // Every restored order is exactly as it was at the backup (its lines and payments with it): none half-written.
      for (const [id, row] of back) expect(row).toBe(atBackup.get(id));
      // Orders taken during the backup are in it or not, but only as a prefix: the dump was one moment.
      const ids = [...back.keys()];
      expect(ids).toEqual([...atBackup.keys()].slice(0, ids.length));
      expect(back.has(later.id)).toBe(false);
      const [status] = await restored.query<{ n: number }>(
        "select count(*)::int as n from settings where key = 'backup_last_result'",
      );
      expect(status!.n).toBe(0);
    } finally {
      await restored.close();
    }
    // The whole shop starts on it (migrations, services) and shows a paid order with its lines and payment.
    const shown = await cli(['order', 'show', paidOrderNo], { DATA_DIR: fresh });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(paidOrderNo);
    expect(shown.stdout).toMatch(/Kupa \[SINGLE\] × \d/);
    expect(shown.stdout).toContain('Tabak (Renk: Mavi) [VARIANT] × 1');
    expect(shown.stdout).toContain('Ödeme: Kredi / Banka Kartı – Ödendi');
  }, 120_000);

  it('refuses each wrong backup with a Turkish message and exit code 1, writing nothing', async () => {
    const env = { DATA_DIR: dataDir };
    const cases: Array<[string[], string, string]> = [
      [['backup'], 'YEDEK_DOSYASI_GEREKLI', 'Yedek dosyasının adını yazın'],
      [['backup', file], 'YEDEK_DOSYASI_VAR', 'üzerine yazmak için --force'],
      [['backup', path.join(dir.dir, 'yok', 'y.tar.gz')], 'YEDEK_KLASORU_YOK', 'klasörü yok'],
      [['backup', dir.dir], 'YEDEK_DOSYASI_KLASOR', 'bir klasör'],
      [['backup', file, '--sessiz'], 'KOMUT_GECERSIZ', 'Geçersiz seçenek "--sessiz"'],
      [['backup', 'a.tar.gz', 'b.tar.gz'], 'KOMUT_GECERSIZ', 'Fazla bağımsız değişken'],
    ];
    for (const [args, code, text] of cases) {
      const result = await cli(args, env);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain(code);
      expect(result.stderr).toContain(text);
    }
    expect(readdirSync(dir.dir).filter((n) => n.includes('yaziliyor') || n.includes('dokum'))).toEqual([]);
    const empty = path.join(dir.dir, 'bos-dizin');
    const noShop = await cli(['backup', path.join(dir.dir, 'bos.tar.gz')], { DATA_DIR: empty });
    expect(noShop.code).toBe(1);
    expect(noShop.stderr).toContain('VERI_DIZINI_BOS');
    expect(existsSync(path.join(dir.dir, 'bos.tar.gz'))).toBe(false);
  }, 120_000);

  it('overwrites an existing file only with --force', async () => {
    const before = readFileSync(file);
    const result = await cli(['backup', file, '--force'], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    expect(readFileSync(file).equals(before)).toBe(false);
  }, 60_000);

  it('on PostgreSQL needs the database server: one that does not answer is refused in Turkish, nothing written', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://vitrin@127.0.0.1:1/vitrin' };
    const target = path.join(dir.dir, 'pg.tar.gz');
    const backup = await cli(['backup', target], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('PostgreSQL sunucusuna bağlanılamadı');
    expect(readdirSync(dir.dir).filter((n) => n.startsWith('pg.tar.gz'))).toEqual([]);
    const restore = await cli(['restore', file], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('PostgreSQL sunucusuna bağlanılamadı');
  }, 60_000);

  it('refuses each wrong restore with a Turkish message, leaving the directory as it was', async () => {
    const target = path.join(dir.dir, 'hedef');
    const truncated = path.join(dir.dir, 'kesik.tar.gz');
    const whole = readFileSync(file);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreign = path.join(dir.dir, 'yabanci.tar.gz');
    writeFileSync(foreign, randomBytes(5000));
    const otherTar = path.join(dir.dir, 'baska.tar.gz');
    await writeTar(otherTar, 'notlar.txt');
    const escaping = path.join(dir.dir, 'kacak.tar.gz');
    await writeTar(escaping, 'uploads/../../kacak.txt');
    const changed = path.join(dir.dir, 'degismis.tar.gz');
    await tampered(file, changed);
    const cases: Array<[string[], string, string]> = [
      [['restore'], 'YEDEK_DOSYASI_GEREKLI', 'Geri yüklenecek yedek dosyasını yazın'],
      [['restore', path.join(dir.dir, 'olmayan.tar.gz')], 'YEDEK_DOSYASI_YOK', 'yedek dosyası yok'],
      [['restore', truncated], 'YEDEK_EKSIK', 'yarıda kesilmiş'],
      [['restore', foreign], 'YEDEK_GECERSIZ', 'bir Vitrin yedeği değil'],
      [['restore', otherTar], 'YEDEK_GECERSIZ', 'bir Vitrin yedeği değil'],
      [['restore', escaping], 'YEDEK_GECERSIZ', 'bir Vitrin yedeği değil'],
      [['restore', changed], 'YEDEK_BOZUK', 'sağlama toplamlarıyla uyuşmuyor'],
    ];
    for (const [args, code, text] of cases) {
      const result = await cli(args, { DATA_DIR: target });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain(code);
      expect(result.stderr).toContain(text);
      // Nothing half-written: not even the directory, which did not exist, nor a temporary one beside it.
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(dir.dir).some((n) => n.includes('geri-yukleniyor'))).toBe(false);
    }
    expect(existsSync(path.join(dir.dir, 'kacak.txt'))).toBe(false);
  }, 180_000);

  it('never restores into the directory a running shop holds, nor into a non-empty one unless --force', async () => {
    const running = await cli(['restore', file, '--force'], { DATA_DIR: dataDir });
    expect(running.code).toBe(1);
    expect(running.stderr).toContain('SUNUCU_CALISIYOR');
    const full = path.join(dir.dir, 'dolu');
    mkdirSync(full);
    writeFileSync(path.join(full, 'not.txt'), 'eski');
    const refused = await cli(['restore', file], { DATA_DIR: full });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('VERI_DIZINI_DOLU');
    expect(readdirSync(full)).toEqual(['not.txt']);
    const forced = await cli(['restore', file, '--force'], { DATA_DIR: full });
    expect(forced.code).toBe(0);
    const aside = /önceki içeriği şuraya taşındı: (.+)/.exec(forced.stdout)?.[1];
    expect(aside && readFileSync(path.join(aside, 'not.txt'), 'utf8')).toBe('eski');
    expect(existsSync(path.join(full, 'pg', 'PG_VERSION'))).toBe(true);
  }, 120_000);

  it('removes the image a killed CLI asked the server for, and what killed backups left beside a target', async () => {
    const leftDir = path.join(dir.dir, 'kesilen');
    mkdirSync(leftDir);
    const dead = deadPid();
    // The CLI sends the dump command and dies before the answer: the server removes the image it wrote.
    const image = path.join(leftDir, `kesilen.tar.gz.${dead}.dokum`);
    const seen = new Set<string>();
    const watcher = watch(leftDir, (_event, name) => name && seen.add(name));
    try {
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(controlSocketPath(dataDir));
        socket.on('error', reject);
        socket.on('connect', () =>
          socket.write(`${JSON.stringify({ args: ['backup-dump', image] })}\n`, () => {
            socket.destroy();
            resolve();
          }),
        );
      });
      await expect
        .poll(() => seen.has(path.basename(image)) && !existsSync(image), { timeout: 30_000 })
        .toBe(true);
    } finally {
      watcher.close();
    }
    // A backup's image and half archive of processes that are gone go before the next backup there; a running
    // process's stay.
    const left = [`eski.tar.gz.${dead}.dokum`, `eski.tar.gz.${dead}.yaziliyor`];
    const running = `simdi.tar.gz.${process.pid}.dokum`;
    for (const name of [...left, running]) writeFileSync(path.join(leftDir, name), 'yarım');
    const made = await cli(['backup', path.join(leftDir, 'yeni.tar.gz')], { DATA_DIR: dataDir });
    expect(made.stderr).toBe('');
    expect(readdirSync(leftDir).sort()).toEqual([running, 'yeni.tar.gz']);
  }, 120_000);

  it('a nightly backup removes what one of a server that died midway left, at its first tick', async () => {
    const backupDir = path.join(dir.dir, 'gece-kesilen');
    mkdirSync(backupDir);
    const left = `vitrin-yedek-20261126T003000Z.tar.gz.${deadPid()}.dokum`;
    writeFileSync(path.join(backupDir, left), 'yarım döküm');
    writeFileSync(path.join(backupDir, 'vitrin-yedek-20261125T003000Z.tar.gz'), 'önceki gece');
    await world.services.settings.set('backup_time', '03:30');
    const nightly = createNightlyBackup({
      database,
      settings: world.services.settings,
      files: createDiskStore(dataDir),
      backupDir,
      log: () => {},
      // Before tonight's time: nothing is due, the leftover goes all the same.
      now: () => new Date(Date.now() - 24 * 60 * 60_000),
    });
    await nightly.tick();
    expect(readdirSync(backupDir)).toEqual(['vitrin-yedek-20261125T003000Z.tar.gz']);
  }, 60_000);

  it('makes the nightly backup once a night at backup_time (Turkey time) and keeps exactly backup_keep', async () => {
    const backupDir = path.join(dir.dir, 'gece');
    mkdirSync(backupDir);
    writeFileSync(path.join(backupDir, 'elle-alinmis.tar.gz'), 'sahibinin dosyası');
    await forgetLastResult(database); // the one written before the backup above: this shop never had one
    // `vitrin settings set` checks them as the panel does.
    await expect(world.services.settings.set('backup_time', '25:00')).rejects.toThrow('Saat SS:DD biçiminde');
    await expect(world.services.settings.set('backup_keep', '0')).rejects.toThrow('En az 1 yedek saklanır.');
    await expect(world.services.settings.set('backup_keep', 'yedi')).rejects.toThrow('1 ile 365 arasında');
    await world.services.settings.set('backup_time', '03:30');
    await world.services.settings.set('backup_keep', '2');
    let clock = new Date('2026-11-27T00:00:00Z'); // 03:00 in Turkey
    const logged: string[] = [];
    const nightly = createNightlyBackup({
      database,
      settings: world.services.settings,
      files: createDiskStore(dataDir),
      backupDir,
      log: (level, message) => logged.push(`${level}: ${message}`),
      now: () => clock,
    });
    expect(await nightly.tick()).toBeNull(); // not 03:30 yet
    clock = new Date('2026-11-27T00:31:00Z');
    expect(await nightly.tick()).toMatchObject({ ok: true, file: 'vitrin-yedek-20261127T003100Z.tar.gz' });
    clock = new Date('2026-11-27T05:00:00Z');
    expect(await nightly.tick()).toBeNull(); // once a night
    for (const day of ['28', '29', '30']) {
      clock = new Date(`2026-11-${day}T00:40:00Z`);
      expect((await nightly.tick())?.ok).toBe(true);
    }
    expect(readdirSync(backupDir).sort()).toEqual([
      'elle-alinmis.tar.gz',
      'vitrin-yedek-20261129T004000Z.tar.gz',
      'vitrin-yedek-20261130T004000Z.tar.gz',
    ]);
    const state = await backupState(database, world.services.settings);
    expect(state).toMatchObject({
      database: 'embedded',
      time: '03:30',
      keep: 2,
      last: { ok: true, file: 'vitrin-yedek-20261130T004000Z.tar.gz', reason: null },
    });
    expect(state.last!.sizeBytes).toBeGreaterThan(50_000);
  }, 120_000);

  it('shows a failed nightly backup with its Turkish reason, and logs it', async () => {
    const notADir = path.join(dir.dir, 'dosya-bu');
    writeFileSync(notADir, 'x');
    await world.services.settings.set('backup_time', '03:30');
    let clock = new Date('2026-12-01T00:00:00Z');
    const logged: string[] = [];
    const nightly = createNightlyBackup({
      database,
      settings: world.services.settings,
      files: createDiskStore(dataDir),
      backupDir: notADir,
      log: (level, message) => logged.push(`${level}: ${message}`),
      now: () => clock,
    });
    // The last result is the previous test's (30 November): 1 December 03:30 is due.
    clock = new Date('2026-12-01T00:45:00Z');
    const failed = await nightly.tick();
    expect(failed).toMatchObject({ ok: false, file: null });
    expect(failed!.reason).toContain(`Yedek klasörü "${notADir}" oluşturulamadı`);
    expect(logged.some((l) => l.startsWith('error: Gece yedeği alınamadı'))).toBe(true);
    expect((await backupState(database, world.services.settings)).last).toMatchObject({ ok: false });
    // An empty backup_time switches it off.
    await world.services.settings.set('backup_time', '');
    clock = new Date('2026-12-02T01:00:00Z');
    expect(await nightly.tick()).toBeNull();
    expect((await backupState(database, world.services.settings)).time).toBeNull();
  }, 60_000);
});

describe('backup with the shop stopped', () => {
  it('stopped midway (Ctrl-C), leaves neither the database image nor a half archive', async () => {
    const d = tempDir('vitrin-backup-stopped-');
    try {
      const dataDir = path.join(d.dir, 'data');
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await database.close();
      // A large upload, so the archive is still being written when the signal comes.
      mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
      writeFileSync(path.join(dataDir, 'uploads', 'buyuk.webp'), randomBytes(96 * 1024 * 1024));
      const out = path.join(d.dir, 'yedekler');
      mkdirSync(out);
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(import.meta.dirname, '../cli.ts'),
          'backup',
          path.join(out, 'y.tar.gz'),
        ],
        { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } },
      );
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await expect
        .poll(() => readdirSync(out).some((n) => n.endsWith('.dokum')), { timeout: 60_000, interval: 5 })
        .toBe(true);
      child.kill('SIGINT');
      expect(await ended).toBe(130);
      expect(stderr).toContain('Yedekleme durduruldu');
      expect(readdirSync(out)).toEqual([]);
    } finally {
      d.remove();
    }
  }, 120_000);

  it('opens the data directory itself, and the copy restores with its orders', async () => {
    const d = tempDir('vitrin-backup-stopped-');
    try {
      const dataDir = path.join(d.dir, 'data');
      const database = await openDatabase({ dataDir });
      await database.migrate();
      const world = await openOrderWorld({ database });
      const { orderNo } = await world.placeOrder();
      await world.dispose();
      await database.close();
      const file = path.join(d.dir, 'kapali.tar.gz');
      const made = await cli(['backup', file], { DATA_DIR: dataDir });
      expect(made.stderr).toBe('');
      expect(made.stdout).toContain('1 sipariş');
      const fresh = path.join(d.dir, 'geri');
      expect((await cli(['restore', file], { DATA_DIR: fresh })).code).toBe(0);
      const shown = await cli(['order', 'show', orderNo], { DATA_DIR: fresh });
      expect(shown.code).toBe(0);
      expect(shown.stdout).toContain('Kupa [SINGLE] × 2');
    } finally {
      d.remove();
    }
  }, 120_000);
});

/**
 * `backup` and `restore` of a shop on PostgreSQL (`npm run test:pg`), by the real CLI in its own process:
 * `pg_dump` of the server's version and the shop's files into one archive, restored onto another database
 * and another data directory.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** The rows that make the orders, as the database has them. */
const orderRows = (database: Pick<Database, 'query'>) =>
  database.query<{ order: unknown; lines: unknown }>(
    `select to_jsonb(o) as order,
       (select coalesce(jsonb_agg(to_jsonb(i) order by i.id), '[]') from order_items i where i.order_id = o.id) as lines
     from orders o order by o.id`,
  );

describeWhere(serverUrl)('backup and restore of a shop on PostgreSQL, by the CLI', () => {
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
      const [from, into] = buckets.map((s3) => s3.store());
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
