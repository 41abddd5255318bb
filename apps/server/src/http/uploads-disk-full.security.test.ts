import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { categories } from '@vitrin/core/db/schema';
import { DISK_FULL_CODE } from '@vitrin/core/media/disk-full';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser, registeredBrowser } from '../../test/accounts.ts';
import { fullDisk } from '../../test/full-disk.ts';
import { createTestApp } from '../../test/server.ts';
import { loggedInStaff } from '../../test/staff.ts';
import { multipart, multipartForm, PNG } from '../../test/uploads.ts';

/**
 * The data directory (uploads, arriving files, ticket attachments, the resized-image cache) on a real file
 * system that fills up: a 8 MB tmpfs, mounted for the test (CI runs as root). The database is elsewhere, as
 * on a shop whose upload disk is the one that fills. Every upload refused for the full disk says so in
 * Turkish (DISK_DOLU), leaves no file and no row behind, and works again once there is room.
 */
const disk = fullDisk('8m');
const { fill, free } = disk;

/**
 * Every file in the data directory but the filler and the resized images (`cache/`: an upload's are made in
 * the background, whenever there is room), by its path there.
 */
const files = (dir = disk.dir): string[] =>
  listed(dir)
    .filter((f) => !f.startsWith('cache/'))
    .sort();
const cachedImages = (): string[] => listed(path.join(disk.dir, 'cache')).sort();
const listed = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? listed(path.join(dir, e.name))
          : path.join(dir, e.name) === disk.filler
            ? []
            : [path.relative(disk.dir, path.join(dir, e.name))],
      )
    : [];

/** A PNG of random pixels: it compresses to nothing, so it takes its full size on the disk (about 1 MB). */
const noisy = () =>
  sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
    .png()
    .toBuffer();

let t: Awaited<ReturnType<typeof createTestApp>>;
let manager: Browser;
let ayse: Browser;

beforeAll(async () => {
  t = await createTestApp({
    demo: false,
    config: { dataDir: disk.dir },
    services: { files: createDiskStore(disk.dir) },
  });
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
  ayse = await registeredBrowser(t.app, 1);
});

afterAll(async () => {
  await t?.close();
  disk.unmount();
});

const count = async (table: string) =>
  (await t.services.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

/** The answer is the full disk's, in the API's error shape, in Turkish. */
function expectDiskFull(res: Answer, status = 507) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({
    error: { code: DISK_FULL_CODE, message: expect.stringMatching(/yer kalmadı/) },
  });
}

type Answer = { statusCode: number; json(): unknown };

/**
 * Sends `bytes` with the disk full, then with room for a part of them (`rooms`, in bytes): each time
 * DISK_DOLU, no file left in the data directory and the same rows as before (`rows`).
 */
async function refusedWhileFull(
  bytes: Buffer,
  send: (bytes: Buffer) => Promise<Answer>,
  rows: () => Promise<unknown>,
  rooms = [0, bytes.length / 2],
) {
  const before = { files: files(), rows: await rows() };
  for (const room of rooms) {
    fill(Math.round(room));
    try {
      expectDiskFull(await send(bytes));
    } finally {
      free();
    }
    expect({ files: files(), rows: await rows() }).toEqual(before);
  }
}

const uploadImage = (bytes: Buffer) =>
  manager.request({
    method: 'POST',
    url: '/api/admin/images?purpose=product',
    ...multipartForm({}, { name: 'kupa.png', type: 'image/png', bytes }),
  });

describe('uploads on a full disk', () => {
  // First, before any image upload: the resized copies an upload has made in the background would write (and
  // drop) files meanwhile, and a small file such as this CSV could take the room one of them gave back.
  it('a product import: 507 DISK_DOLU when its file cannot be kept for the report, nothing imported; works once freed', async () => {
    await t.services.database.db.insert(categories).values({ slug: 'kupalar', name: 'Kupalar' });
    const header =
      'SKU;Ana Ürün SKU;Ürün Adı;Kategori;Marka;Barkod;Satış Fiyatı;Piyasa Fiyatı;Alış Fiyatı;Para Birimi;KDV Oranı;Stok;Aktif;Seçenekler';
    const row = 'DOLU-KUPA-1;;Dolu Diskte Kupa;kupalar;;;120,00;;;TRY;%20;3;evet;';
    const csv = Buffer.from(`\uFEFF${header}\r\n${row}\r\n`);
    const run = (bytes: Buffer) =>
      manager.request({
        method: 'POST',
        url: '/api/admin/imports/products?id=dolu-disk-01',
        ...multipartForm({}, { name: 'urunler.csv', type: 'text/csv', bytes }),
      });
    await refusedWhileFull(csv, run, async () => [await count('products'), await count('audit_log')], [0]);
    const written = await run(csv);
    expect(written.statusCode).toBe(200);
    expect(written.json().summary).toMatchObject({ create: 1 });
    expect(files().filter((f) => f.startsWith('imports/'))).toEqual([
      'imports/products/dolu-disk-01/urunler.csv',
    ]);
  });

  it('a product image: 507 DISK_DOLU whether the disk fills on arrival or on the stored copy; nothing left; works once freed', async () => {
    const image = await noisy();
    const before = files();
    // Completely full, a third full for the arriving file, then room for the arriving file but not its copy.
    await refusedWhileFull(image, uploadImage, async () => null, [
      0,
      image.length / 3,
      image.length + 64 * 1024,
    ]);
    const stored = await uploadImage(image);
    expect(stored.statusCode).toBe(201);
    const { path: saved } = stored.json().images[0];
    expect(files()).toEqual([...before, `uploads/${saved}`].sort());
    expect((await t.app.inject(`/uploads/${saved}`)).statusCode).toBe(200);
  });

  it('a ticket attachment: 507 DISK_DOLU, no ticket, no message, no file; the same ticket opens once freed', async () => {
    const fields = { subject: 'Kupam kırık geldi', message: 'Fotoğrafı ekledim.' };
    const open = (bytes: Buffer) =>
      ayse.request({
        method: 'POST',
        url: '/api/front/support/tickets',
        ...multipartForm(fields, { name: 'kirik.png', type: 'image/png', bytes }),
      });
    const photo = Buffer.concat([PNG, randomBytes(512 * 1024)]);
    await refusedWhileFull(photo, open, async () => [
      await count('support_tickets'),
      await count('support_messages'),
    ]);
    const opened = await open(photo);
    expect(opened.statusCode).toBe(201);
    expect(opened.json().ticket.messages[0].attachment).toMatchObject({ name: 'kirik.png' });
    expect(files().filter((f) => f.startsWith('private/support/'))).toHaveLength(1);
  });

  it('a personalization photo: 507 DISK_DOLU, its quota given back, no file; stored once freed', async () => {
    const shopper = browser(t.app);
    const send = (bytes: Buffer) =>
      shopper.request({ method: 'POST', url: '/api/front/cart/uploads', ...multipart(bytes) });
    const photo = Buffer.concat([PNG, randomBytes(512 * 1024)]);
    expect(await count('personalization_uploads')).toBe(0);
    await refusedWhileFull(photo, send, () => count('personalization_uploads'));
    const stored = await send(photo);
    expect(stored.statusCode).toBe(201);
    expect(files()).toContain(`uploads/${stored.json().path}`);
    expect(await count('personalization_uploads')).toBe(1);
  });

  it('a resized image when its cache cannot be written: 503 DISK_DOLU with Retry-After, made once freed', async () => {
    // Put in place by hand, not uploaded in the panel (which has its variants made in the background at once).
    mkdirSync(path.join(disk.dir, 'uploads', 'elle'), { recursive: true });
    writeFileSync(path.join(disk.dir, 'uploads', 'elle', 'gurultu.png'), await noisy());
    const url = '/uploads/elle/gurultu.png?w=480&f=webp';
    fill();
    try {
      const cached = cachedImages();
      const res = await t.app.inject(url);
      expectDiskFull(res, 503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(cachedImages()).toEqual(cached);
    } finally {
      free();
    }
    // Not remembered as a broken image: made now.
    const made = await t.app.inject(url);
    expect(made.statusCode).toBe(200);
    expect(made.headers['content-type']).toBe('image/webp');
  });
});
