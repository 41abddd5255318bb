import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { adminImageDirs } from '@vitrin/core/media/admin-upload';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, type Browser, createAccountTestApp } from '../../../../test/accounts.ts';
import { tempDir } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { multipartForm } from '../../../../test/uploads.ts';

/**
 * Files made to hurt, sent as product images: a script in an SVG, a picture with a page after it, a picture
 * whose header claims billions of pixels, names that climb out of the folder. None may be stored as sent,
 * served as anything but an image, or written outside the uploads.
 */
const data = tempDir('vitrin-image-attacks-');
const dirs = adminImageDirs(data.dir);
let t: AccountTestApp;
let manager: Browser;
beforeAll(async () => {
  t = await createAccountTestApp({ demo: false, config: { dataDir: data.dir } });
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
}, 120_000);
afterAll(async () => {
  await t.close();
  data.remove();
});

const upload = (name: string, type: string, bytes: Buffer) =>
  manager.request({
    method: 'POST',
    url: '/api/admin/images?purpose=product',
    ...multipartForm({}, { name, type, bytes }),
  });

/**
 * Every file under the data directory, by its path there, but the resized images: a stored upload's are made
 * in the background, in their work folder (`tmp/images/`) and then in `cache/`, while the next test runs.
 */
const resizing = new Set([path.join(data.dir, 'cache'), path.join(data.dir, 'tmp', 'images')]);
const allFiles = (dir = data.dir): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? resizing.has(path.join(dir, e.name))
            ? []
            : allFiles(path.join(dir, e.name))
          : [path.relative(data.dir, path.join(dir, e.name))],
      )
    : [];

const png = (width = 400, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#c83' } })
    .png()
    .toBuffer();

/** A PNG of `width`×`height` whose one line of pixels is all there is: a few hundred bytes. */
function claimedPng(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit grey
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SCRIPT_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" onload="alert(1)"><script>alert(document.cookie)</script><rect width="400" height="400"/></svg>',
);

describe('POST /api/admin/images with a hostile file', () => {
  it.each([
    ['an SVG with a script', 'kupa.svg', 'image/svg+xml'],
    ['the same SVG named .png', 'kupa.png', 'image/png'],
  ])('refuses %s: 415 GORSEL_TURU_GECERSIZ, nothing stored', async (_, name, type) => {
    const before = allFiles();
    const res = await upload(name, type, SCRIPT_SVG);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({
      code: 'GORSEL_TURU_GECERSIZ',
      message: `"${name}" bir görsel değil: yalnızca JPEG, PNG, WebP ya da AVIF yükleyebilirsiniz.`,
    });
    expect(allFiles()).toEqual(before);
  });

  it('stores a PNG with a page after it (a polyglot) as a new WebP without it, served as an image', async () => {
    const polyglot = Buffer.concat([
      await png(),
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    const res = await upload('kupa.png', 'image/png', polyglot);
    expect(res.statusCode).toBe(201);
    const [stored] = res.json().images as { path: string }[];
    expect(stored!.path).toMatch(/^products\/[\w-]{22}\.webp$/);
    const bytes = readFileSync(path.join(dirs.uploadsDir, stored!.path));
    expect(bytes.toString('latin1', 8, 12)).toBe('WEBP');
    expect(bytes.includes('<script')).toBe(false);
    const served = await t.app.inject(`/uploads/${stored!.path}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes('<script')).toBe(false);
  });

  it('refuses a PNG claiming 60 000×60 000 pixels in a few hundred bytes before decoding it: 400', async () => {
    const before = allFiles();
    const bomb = claimedPng(60_000, 60_000);
    expect(bomb.length).toBeLessThan(1024);
    const res = await upload('bomba.png', 'image/png', bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'GORSEL_BOYUTU_GECERSIZ',
      fields: { files: 'bomba.png: 60000×60000 piksel' },
    });
    expect(allFiles()).toEqual(before);
  });

  it.each([
    ['../../../../etc/passwd.png'],
    ['..\\..\\..\\yukle.png'],
    ['/tmp/mutlak.png'],
    ['uploads/products/baskasi.webp.png'],
  ])('stores an image named %s under a random name in uploads/products only', async (name) => {
    const before = new Set(allFiles());
    const res = await upload(name, 'image/png', await png());
    expect(res.statusCode).toBe(201);
    const [stored] = res.json().images as { path: string; name: string }[];
    expect(stored!.path).toMatch(/^products\/[\w-]{22}\.webp$/);
    // The name is kept for messages only, without its folders.
    expect(stored!.name).not.toMatch(/[/\\]/);
    const added = allFiles().filter((f) => !before.has(f));
    expect(added).toEqual([path.join('uploads', stored!.path)]);
  });
});
