import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_IMAGES_DIR } from './data.ts';

/**
 * The demo pictures are files of the demo data (`demo-data/images/`, laid out as the uploads folder):
 * copied at start into the shop's uploads, each one that is not there yet, so a picture the shop owner
 * replaced stays hers.
 */
async function copyMissing(uploadsDir: string, folders: string[], from = DEMO_IMAGES_DIR): Promise<number> {
  let copied = 0;
  for (const folder of folders) {
    const entries = await readdir(path.join(from, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const source = path.join(entry.parentPath, entry.name);
      const target = path.join(uploadsDir, path.relative(from, source));
      if (existsSync(target)) continue;
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(source, target);
      copied++;
    }
  }
  return copied;
}

/** Copies the catalogue's pictures (products, their colours, the hero) missing from `uploadsDir`; returns how many. */
export const writeDemoCatalogImages = (uploadsDir: string) => copyMissing(uploadsDir, ['catalog', 'site']);

/** Copies the blog's cover pictures missing from `uploadsDir`; returns how many. */
export const writeDemoBlogImages = (uploadsDir: string) => copyMissing(uploadsDir, ['blog']);
