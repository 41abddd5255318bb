import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refusal } from '@vitrin/testing/refusal';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { adminImageDirs, createAdminImageStore } from './admin-upload.ts';

/** The staff's image uploads: checked, normalized and stored all or none. */
const data = mkdtempSync(path.join(os.tmpdir(), 'vitrin-admin-upload-'));
const dirs = adminImageDirs(data);
const storedPaths: string[][] = [];
const store = createAdminImageStore({ ...dirs, onStored: (paths) => storedPaths.push(paths) });
afterAll(() => rmSync(data, { recursive: true, force: true }));

/** An arrived file with these bytes, as the upload route writes it. */
async function arrived(name: string, bytes: Buffer) {
  const file = await store.incomingFile();
  writeFileSync(file, bytes);
  return { name, file };
}
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#3a7' } })
    .png()
    .toBuffer();
/** A phone photo: landscape pixels turned by EXIF orientation 6, with a camera model and a GPS position. */
const phonePhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
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
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const everything = () => [
  ...filesIn(dirs.incomingDir),
  ...filesIn(path.join(dirs.uploadsDir, 'products')),
  ...filesIn(path.join(dirs.uploadsDir, 'posts')),
];

describe('a stored upload', () => {
  it('is a WebP turned upright, without EXIF or GPS, under a random name in its purpose’s folder', async () => {
    const [image] = await store.store([await arrived('telefon.jpg', await phonePhoto())], 'product');
    expect(image).toMatchObject({ name: 'telefon.jpg', width: 480, height: 640 });
    expect(image!.path).toMatch(/^products\/[\w-]{22}\.webp$/);
    const meta = await sharp(path.join(dirs.uploadsDir, image!.path)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 640 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(image!.bytes).toBeGreaterThan(0);
    expect(storedPaths.at(-1)).toEqual([image!.path]);
    expect(filesIn(dirs.incomingDir)).toEqual([]);
  });

  it('keeps the longer side at 2400 px and never enlarges a small one', async () => {
    const stored = await store.store(
      [await arrived('buyuk.png', await png(3000, 1500)), await arrived('kucuk.png', await png(400, 300))],
      'post',
    );
    expect(stored.map((s) => [s.width, s.height])).toEqual([
      [2400, 1200],
      [400, 300],
    ]);
    for (const s of stored) expect(s.path).toMatch(/^posts\//);
  });
});

describe('a refused upload stores none of the request’s files and leaves none behind', () => {
  const cases: [string, () => Promise<{ name: string; bytes: Buffer }>, number, string][] = [
    [
      'a text file named .jpg',
      async () => ({ name: 'sahte.jpg', bytes: Buffer.from('bu bir görsel değil '.repeat(20)) }),
      415,
      'GORSEL_TURU_GECERSIZ',
    ],
    [
      'an image under 300 px on a side',
      async () => ({ name: 'minik.png', bytes: await png(299, 800) }),
      400,
      'GORSEL_BOYUTU_GECERSIZ',
    ],
    [
      'an image over 8000 px on a side',
      async () => ({ name: 'genis.png', bytes: await png(8001, 300) }),
      400,
      'GORSEL_BOYUTU_GECERSIZ',
    ],
    [
      'a broken file that starts like a PNG',
      async () => ({
        name: 'bozuk.png',
        bytes: Buffer.concat([(await png(400, 400)).subarray(0, 40), Buffer.alloc(200, 7)]),
      }),
      422,
      'GORSEL_OKUNAMADI',
    ],
  ];
  for (const [what, bad, status, code] of cases) {
    it(`refuses ${what} with ${status} ${code}, naming it`, async () => {
      const before = everything();
      const { name, bytes } = await bad();
      const err = await refusal(async () =>
        store.store([await arrived('iyi.png', await png(400, 400)), await arrived(name, bytes)], 'product'),
      );
      expect(err).toMatchObject({ status, code });
      expect(err.message).toContain(name);
      expect(err.fields!.files).toContain(name);
      expect(everything()).toEqual(before);
    });
  }
});
