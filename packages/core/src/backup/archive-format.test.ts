import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { refusal } from '@vitrin/testing/refusal';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '../storage/disk-store.ts';
import { BACKUP_FORMAT, readBackup, writeBackup } from './archive.ts';

/**
 * The backup file's format without a database: a stand-in for the database's image (a tar of its directory)
 * and a data directory with uploads and private files.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-archive-'));
const dataDir = path.join(dir, 'data');
const imageFile = path.join(dir, 'image.tar');
const backup = path.join(dir, 'yedek.tar.gz');
const info = { migrations: 3, lastMigration: '0002_son', counts: { orders: 2, products: 5 } };
const photo = Buffer.from('webp baytları ğüşıöç');

type Entry = { name: string; data: Buffer };
async function tarOf(entries: Entry[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name }, e.data);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
async function entriesOf(gz: Buffer): Promise<Entry[]> {
  const extract = tar.extract();
  const out: Entry[] = [];
  const feeding = (async () => {
    extract.end(gunzipSync(gz));
  })();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    out.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  await feeding;
  return out;
}
/** A copy of the backup with its entries changed by `edit`. */
async function changedCopy(name: string, edit: (entries: Entry[]) => Entry[]): Promise<string> {
  const file = path.join(dir, name);
  writeFileSync(file, gzipSync(await tarOf(edit(await entriesOf(readFileSync(backup))))));
  return file;
}
let n = 0;
const freshDir = () => {
  const into = path.join(dir, `acilan-${++n}`);
  mkdirSync(into);
  return into;
};

beforeAll(async () => {
  writeFileSync(imageFile, await tarOf([{ name: 'PG_VERSION', data: Buffer.from('17\n') }]));
  for (const [file, data] of [
    ['uploads/products/kupa.webp', photo],
    ['private/tickets/7/fatura.pdf', Buffer.from('%PDF-1.7')],
    ['cache/images/ab/gecici.webp', Buffer.from('önbellek')],
  ] as const) {
    mkdirSync(path.join(dataDir, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(dataDir, file), data);
  }
  await writeBackup({
    file: backup,
    imageFile,
    info,
    files: createDiskStore(dataDir),
    now: new Date('2026-11-27T00:30:00Z'),
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a backup file', () => {
  it('holds the database image, the uploads and private files, and a manifest with their checksums, last', async () => {
    const entries = await entriesOf(readFileSync(backup));
    expect(entries.map((e) => e.name)).toEqual([
      'database.tar',
      'uploads/products/kupa.webp',
      'private/tickets/7/fatura.pdf',
      'manifest.json',
    ]);
    const manifest = JSON.parse(entries.at(-1)!.data.toString());
    expect(manifest).toMatchObject({
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt: '2026-11-27T00:30:00.000Z',
      ...info,
    });
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual([
      'uploads/products/kupa.webp',
      'private/tickets/7/fatura.pdf',
    ]);
    expect(manifest.database.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is read back whole: the database directory unpacked, the files byte-equal, the cache left out', async () => {
    const into = freshDir();
    const { manifest } = await readBackup(backup, into);
    expect(manifest.counts).toEqual(info.counts);
    expect(readFileSync(path.join(into, 'pg', 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(path.join(into, 'uploads', 'products', 'kupa.webp')).equals(photo)).toBe(true);
    expect(existsSync(path.join(into, 'private', 'tickets', '7', 'fatura.pdf'))).toBe(true);
    expect(existsSync(path.join(into, 'cache'))).toBe(false);
  });

  it('made before backups said their database’s kind, is read as the embedded database’s', async () => {
    const file = await changedCopy('eski-yedek.tar.gz', (e) =>
      e.map((x) => {
        if (x.name !== 'manifest.json') return x;
        const { databaseKind, ...older } = JSON.parse(x.data.toString());
        expect(databaseKind).toBe('pglite');
        return { ...x, data: Buffer.from(JSON.stringify(older)) };
      }),
    );
    const into = freshDir();
    const { manifest } = await readBackup(file, into);
    expect(manifest.databaseKind).toBeUndefined();
    expect(readFileSync(path.join(into, 'pg', 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('leaves nothing under the target’s name, nor a half file beside it, when writing fails', async () => {
    const target = path.join(dir, 'basarisiz.tar.gz');
    const err = await refusal(() =>
      writeBackup({
        file: target,
        imageFile: path.join(dir, 'olmayan.tar'),
        info,
        files: createDiskStore(dataDir),
      }),
    );
    expect(err.code).toBe('YEDEK_YAZILAMADI');
    expect(readdirSync(dir).filter((f) => f.startsWith('basarisiz'))).toEqual([]);
  });
});

describe('a wrong backup is refused whole, in Turkish', () => {
  it('a file cut short (YEDEK_EKSIK)', async () => {
    const cut = path.join(dir, 'kesik.tar.gz');
    const whole = readFileSync(backup);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const err = await refusal(() => readBackup(cut, freshDir()));
    expect(err.code).toBe('YEDEK_EKSIK');
    expect(err.message).toContain('yarıda kesilmiş');
  });

  it('an archive without its manifest (YEDEK_EKSIK)', async () => {
    const file = await changedCopy('manifestsiz.tar.gz', (e) => e.filter((x) => x.name !== 'manifest.json'));
    expect((await refusal(() => readBackup(file, freshDir()))).code).toBe('YEDEK_EKSIK');
  });

  it('random bytes and another program’s archive (YEDEK_GECERSIZ)', async () => {
    const random = path.join(dir, 'rastgele.tar.gz');
    writeFileSync(random, Buffer.from('bu bir yedek değil '.repeat(100)));
    const other = path.join(dir, 'baska.tar.gz');
    writeFileSync(other, gzipSync(await tarOf([{ name: 'notlar.txt', data: Buffer.from('x') }])));
    for (const file of [random, other]) {
      const err = await refusal(() => readBackup(file, freshDir()));
      expect(err.code, file).toBe('YEDEK_GECERSIZ');
      expect(err.message).toContain('bir Vitrin yedeği değil');
    }
  });

  it('an entry that would leave the data directory (YEDEK_GECERSIZ), writing nothing outside', async () => {
    const file = await changedCopy('kacak.tar.gz', (e) => [
      ...e.slice(0, 1),
      { name: 'uploads/../../kacak.txt', data: Buffer.from('x') },
      ...e.slice(1),
    ]);
    const into = freshDir();
    expect((await refusal(() => readBackup(file, into))).code).toBe('YEDEK_GECERSIZ');
    expect(existsSync(path.join(into, '..', 'kacak.txt'))).toBe(false);
    expect(existsSync(path.join(dir, 'kacak.txt'))).toBe(false);
  });

  it('a file changed after the backup (YEDEK_BOZUK)', async () => {
    const file = await changedCopy('degismis.tar.gz', (e) =>
      e.map((x) => (x.name.startsWith('uploads/') ? { ...x, data: Buffer.from('başka bayt') } : x)),
    );
    const err = await refusal(() => readBackup(file, freshDir()));
    expect(err.code).toBe('YEDEK_BOZUK');
    expect(err.message).toContain('sağlama toplamlarıyla uyuşmuyor');
  });

  it('a file the manifest lists that is missing (YEDEK_BOZUK)', async () => {
    const file = await changedCopy('eksik-dosya.tar.gz', (e) =>
      e.filter((x) => !x.name.startsWith('private/')),
    );
    expect((await refusal(() => readBackup(file, freshDir()))).code).toBe('YEDEK_BOZUK');
  });

  it('a manifest that names the other kind of database than its entry (YEDEK_GECERSIZ)', async () => {
    const file = await changedCopy('tur-uyumsuz.tar.gz', (e) =>
      e.map((x) =>
        x.name === 'manifest.json'
          ? {
              ...x,
              data: Buffer.from(
                JSON.stringify({ ...JSON.parse(x.data.toString()), databaseKind: 'postgres' }),
              ),
            }
          : x,
      ),
    );
    expect((await refusal(() => readBackup(file, freshDir()))).code).toBe('YEDEK_GECERSIZ');
  });

  it('a backup of a newer format (YEDEK_SURUMU_DESTEKLENMIYOR)', async () => {
    const file = await changedCopy('yeni-bicim.tar.gz', (e) =>
      e.map((x) =>
        x.name === 'manifest.json'
          ? {
              ...x,
              data: Buffer.from(JSON.stringify({ ...JSON.parse(x.data.toString()), formatVersion: 2 })),
            }
          : x,
      ),
    );
    const err = await refusal(() => readBackup(file, freshDir()));
    expect(err.code).toBe('YEDEK_SURUMU_DESTEKLENMIYOR');
    expect(err.message).toContain("Vitrin'i güncelleyip");
  });
});
