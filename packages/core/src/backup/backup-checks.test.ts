import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { refusal } from '@vitrin/testing/refusal';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTarget } from './archive.ts';
import { writeFailure } from './errors.ts';
import { imageFileOf, removeLeftovers, temporaryFileOf } from './leftovers.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-backup-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkTarget: a backup’s file is checked before anything is dumped', () => {
  it('answers the absolute path of a new file in a writable folder', async () => {
    expect(await checkTarget(path.join(dir, 'yeni.tar.gz'), false)).toBe(path.join(dir, 'yeni.tar.gz'));
  });

  it('refuses no name, a folder, an existing file without force, a missing folder', async () => {
    const existing = path.join(dir, 'var.tar.gz');
    writeFileSync(existing, 'eski');
    const cases: Array<[string | undefined, string, string]> = [
      [undefined, 'YEDEK_DOSYASI_GEREKLI', 'Yedek dosyasının adını yazın'],
      ['  ', 'YEDEK_DOSYASI_GEREKLI', 'Yedek dosyasının adını yazın'],
      [dir, 'YEDEK_DOSYASI_KLASOR', 'bir klasör'],
      [existing, 'YEDEK_DOSYASI_VAR', '--force'],
      [path.join(dir, 'yok', 'y.tar.gz'), 'YEDEK_KLASORU_YOK', 'klasörü yok'],
    ];
    for (const [file, code, text] of cases) {
      const err = await refusal(() => checkTarget(file, false));
      expect(err.code, String(file)).toBe(code);
      expect(err.message).toContain(text);
    }
    expect(await checkTarget(existing, true)).toBe(existing);
  });
});

describe('writeFailure: why a write failed, in Turkish', () => {
  it('tells a full disk, a missing permission and anything else apart', () => {
    expect(writeFailure({ code: 'ENOSPC' }, 'Yedek dosyası')).toMatchObject({
      code: 'DISK_DOLU',
      message: 'Diskte yer kalmadı; Yedek dosyası yazılamadı. Yer açıp yeniden deneyin.',
    });
    expect(writeFailure({ code: 'EDQUOT' }, 'x').code).toBe('DISK_DOLU');
    for (const code of ['EACCES', 'EPERM', 'EROFS'])
      expect(writeFailure({ code }, 'Veri dizini')).toMatchObject({
        code: 'YAZMA_IZNI_YOK',
        message: 'Veri dizini yazılamadı: bu klasöre yazma izni yok.',
      });
    expect(writeFailure(new Error('beklenmedik'), 'Yedek dosyası')).toMatchObject({
      code: 'YEDEK_YAZILAMADI',
      message: 'Yedek dosyası yazılamadı: beklenmedik',
    });
  });
});

describe('removeLeftovers: what killed backups left beside their target', () => {
  it('removes the image and half archive of a process that is gone, keeps a running one’s and other files', async () => {
    const folder = path.join(dir, 'kalanlar');
    mkdirSync(folder);
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const target = path.join(folder, 'vitrin.tar.gz');
    const names = {
      goneImage: `vitrin.tar.gz.${gone}.dokum`,
      goneArchive: `vitrin.tar.gz.${gone}.yaziliyor`,
      mine: path.basename(imageFileOf(target)),
      mineArchive: path.basename(temporaryFileOf(target)),
      other: 'vitrin.tar.gz',
    };
    for (const name of Object.values(names)) writeFileSync(path.join(folder, name), 'x');
    expect((await removeLeftovers(folder)).sort()).toEqual([names.goneImage, names.goneArchive].sort());
    for (const kept of [names.mine, names.mineArchive, names.other])
      expect(existsSync(path.join(folder, kept))).toBe(true);
  });

  it('answers nothing for a folder that does not exist', async () => {
    expect(await removeLeftovers(path.join(dir, 'olmayan'))).toEqual([]);
  });
});
