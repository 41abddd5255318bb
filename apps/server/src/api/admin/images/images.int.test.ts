import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { adminImageDirs, createAdminImageStore } from '@vitrin/core/media/admin-upload';
import { variantKey } from '@vitrin/core/media/image-variants';
import { uploadKey } from '@vitrin/core/storage/keys';
import { ADMIN_IMAGE_MAX_BYTES } from '@vitrin/shared/api/admin/images';
import { IMAGE_FORMATS, IMAGE_WIDTHS } from '@vitrin/shared/media';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AccountTestApp,
  type Browser,
  browser,
  createAccountTestApp,
} from '../../../../test/accounts.ts';
import { tempDir } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

const data = tempDir('vitrin-admin-images-');
const dirs = adminImageDirs(data.dir);
let t: AccountTestApp;
let manager: Browser;
let owner: Browser;
let support: Browser;
beforeAll(async () => {
  t = await createAccountTestApp({ demo: true, config: { dataDir: data.dir } });
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
  owner = (await loggedInStaff(t.app, t.services, 'owner')).b;
  support = (await loggedInStaff(t.app, t.services, 'support')).b;
}, 120_000);
afterAll(async () => {
  await t.close();
  data.remove();
});

interface Part {
  name: string;
  type?: string;
  bytes: Buffer;
}

/** A multipart body with every file in the field `files`, as the panel's upload sends it. */
function filesForm(files: Part[]) {
  const boundary = `----vitrin${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (b: Browser, files: Part[], query = '') =>
  b.request({ method: 'POST', url: `/api/admin/images${query}`, ...filesForm(files) });

/** A photo as a phone takes it: landscape pixels, turned by its EXIF orientation, with a GPS position. */
const phonePhoto = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Telefon', Model: 'Gizli Model' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 0/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '29/1 0/1 0/1',
      },
    })
    .toBuffer();
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#3a7' } })
    .png()
    .toBuffer();

/** Every file under the uploads' image folders and where files arrive: what a refusal must leave as it was. */
const filesOnDisk = () =>
  [dirs.incomingDir, path.join(dirs.uploadsDir, 'products'), path.join(dirs.uploadsDir, 'posts')].flatMap(
    (d) => (existsSync(d) ? readdirSync(d).map((n) => path.join(d, n)) : []),
  );

describe('POST /api/admin/images', () => {
  it('stores several images at once as WebP, turned upright, without EXIF or GPS', async () => {
    const before = filesOnDisk();
    const res = await upload(manager, [
      { name: 'telefon.jpg', bytes: await phonePhoto() },
      { name: 'kare.png', type: 'image/png', bytes: await png(400, 400) },
    ]);
    expect(res.statusCode).toBe(201);
    const { images } = res.json() as {
      images: { path: string; name: string; width: number; height: number }[];
    };
    expect(images.map((i) => i.name)).toEqual(['telefon.jpg', 'kare.png']);
    expect(images[0]).toMatchObject({ width: 480, height: 640 });
    for (const image of images) expect(image.path).toMatch(/^products\/[\w-]{22}\.webp$/);
    const meta = await sharp(path.join(dirs.uploadsDir, images[0]!.path)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 640 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(filesOnDisk().length).toBe(before.length + 2);
    // Nothing is left where files arrive.
    expect(existsSync(dirs.incomingDir) ? readdirSync(dirs.incomingDir) : []).toEqual([]);

    // Served and resized like any upload.
    const served = await browser(t.app).get(`/uploads/${images[0]!.path}?w=320&f=webp`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('makes every resized copy of an upload in the background, before any page asks for one', async () => {
    const res = await upload(manager, [{ name: 'vazo.png', type: 'image/png', bytes: await png(1300, 900) }]);
    expect(res.statusCode).toBe(201);
    const key = uploadKey((res.json().images[0] as { path: string }).path);
    const stored = await dirs.files.head(key);
    const expected = IMAGE_WIDTHS.flatMap((w) =>
      IMAGE_FORMATS.map((f) => path.join(data.dir, variantKey({ id: key, version: stored!.etag }, w, f).key)),
    );
    // Nobody asks for them: all 12 appear on their own.
    await vi.waitFor(() => expect(expected.filter((f) => !existsSync(f))).toEqual([]), {
      timeout: 120_000,
      interval: 250,
    });
  });

  it('keeps the longer side at 2400 px', async () => {
    const res = await upload(owner, [{ name: 'buyuk.png', type: 'image/png', bytes: await png(3000, 1500) }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().images[0]).toMatchObject({ width: 2400, height: 1200 });
  });

  const refusals: [string, () => Promise<Part[]>, number, string, string][] = [
    [
      'a text file named .jpg',
      async () => [
        { name: 'iyi.png', type: 'image/png', bytes: await png(400, 400) },
        { name: 'sahte.jpg', bytes: Buffer.from('bu bir görsel değil, yalnızca metin '.repeat(20)) },
      ],
      415,
      'GORSEL_TURU_GECERSIZ',
      'sahte.jpg',
    ],
    [
      'a file over 10 MB',
      async () => [
        { name: 'iyi.png', type: 'image/png', bytes: await png(400, 400) },
        {
          name: 'dev.jpg',
          bytes: Buffer.concat([await phonePhoto(), Buffer.alloc(ADMIN_IMAGE_MAX_BYTES + 1)]),
        },
      ],
      413,
      'DOSYA_COK_BUYUK',
      'dev.jpg',
    ],
    [
      'an image under 300×300',
      async () => [
        { name: 'iyi.png', type: 'image/png', bytes: await png(400, 400) },
        { name: 'minik.png', type: 'image/png', bytes: await png(299, 800) },
      ],
      400,
      'GORSEL_BOYUTU_GECERSIZ',
      'minik.png',
    ],
    [
      'an image over 8000 px',
      async () => [{ name: 'genis.png', type: 'image/png', bytes: await png(8001, 300) }],
      400,
      'GORSEL_BOYUTU_GECERSIZ',
      'genis.png',
    ],
    [
      'more than 20 files',
      async () => {
        const bytes = await png(300, 300);
        return Array.from({ length: 21 }, (_, i) => ({ name: `g${i}.png`, type: 'image/png', bytes }));
      },
      400,
      'COK_FAZLA_GORSEL',
      '20',
    ],
    [
      'a broken file that starts like a PNG',
      async () => [
        {
          name: 'bozuk.png',
          type: 'image/png',
          bytes: Buffer.concat([(await png(400, 400)).subarray(0, 40), Buffer.alloc(200, 7)]),
        },
      ],
      422,
      'GORSEL_OKUNAMADI',
      'bozuk.png',
    ],
  ];
  for (const [what, files, status, code, named] of refusals) {
    it(`refuses ${what} with ${code}, naming it, and stores none of the request's files`, async () => {
      const before = filesOnDisk();
      const res = await upload(manager, await files());
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toContain(named);
      expect(filesOnDisk()).toEqual(before);
    });
  }

  it('refuses a request without files', async () => {
    const res = await upload(manager, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('DOSYA_GEREKLI');
  });

  it('refuses support staff (403) and a visitor without a session (401), storing nothing', async () => {
    const before = filesOnDisk();
    const files = [{ name: 'iyi.png', type: 'image/png', bytes: await png(400, 400) }];
    const refused = await upload(support, files);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('YETKI_YOK');
    const anonymous = await upload(browser(t.app), files);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('YONETICI_OTURUMU_GEREKLI');
    expect(filesOnDisk()).toEqual(before);
  });

  it('stores a post image under posts/', async () => {
    const res = await upload(
      manager,
      [{ name: 'kapak.png', type: 'image/png', bytes: await png(800, 450) }],
      '?purpose=post',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().images[0].path).toMatch(/^posts\//);
  });
});

describe('the hourly purge of uploads', () => {
  it('deletes a day-old upload no product names, keeps one a product saved and a newer one', async () => {
    const res = await upload(manager, [
      { name: 'a.png', type: 'image/png', bytes: await png(400, 400) },
      { name: 'b.png', type: 'image/png', bytes: await png(400, 400) },
      { name: 'c.png', type: 'image/png', bytes: await png(400, 400) },
    ]);
    const [kept, orphan, fresh] = (res.json() as { images: { path: string }[] }).images.map((i) => i.path);
    const { products } = await import('@vitrin/core/db/schema');
    const { eq } = await import('drizzle-orm');
    const db = t.services.database.db;
    const [product] = await db.select().from(products).limit(1);
    await db
      .update(products)
      .set({ images: [...product!.images, kept!] })
      .where(eq(products.id, product!.id));
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (const p of [kept!, orphan!]) utimesSync(path.join(dirs.uploadsDir, p), dayAgo, dayAgo);
    // A file a crash left where files arrive.
    const stray = path.join(dirs.incomingDir, 'kalan.incoming');
    await writeFile(stray, 'yarım');
    utimesSync(stray, dayAgo, dayAgo);

    const purged = await createAdminImageStore(dirs).purgeOrphans(db);
    expect(purged.adminImages).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(dirs.uploadsDir, orphan!))).toBe(false);
    expect(statSync(path.join(dirs.uploadsDir, kept!)).isFile()).toBe(true);
    expect(existsSync(path.join(dirs.uploadsDir, fresh!))).toBe(true);
    expect(existsSync(stray)).toBe(false);
  });
});
